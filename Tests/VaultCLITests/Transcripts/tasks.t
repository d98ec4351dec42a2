@fixture demo
# Open and in-progress tasks, each with the reference `vault task` takes. "Today" is fixed
# by VAULT_TODAY so that due dates read the same on any day. The not-downloaded note is named.
$ VAULT_TODAY=2026-11-30 vault tasks --folder inbox --folder quick
> inbox/Call notes.md:7@3d4a03	[ ] Add an evicted file to the fixtures
> inbox/Call notes.md:8@a1e2d2	[ ] Move the good bits into [[Ideas]]
> inbox/Ideas.md:5@2d134f	[ ] Sort these into [[pages/Ideas|the real ideas page]]
> inbox/Local-first software.md:11@35c80e	[ ] Read it properly before the next design review	(starts 2026-11-29)
> quick/Buy stamps.md:1@57dd50	[ ] Stamps for the Christmas cards, 12 of them
# Only the folders asked for are read; a note there that is not downloaded is said.
$ VAULT_TODAY=2026-11-30 vault tasks --folder pages --status cancelled
> pages/Gift ideas.md:11@c420f1	[-] Concert tickets (sold out)
> pages/Projects/Vault CLI.md:35@a0f04d	[-] Support org-mode files
> pages/Reading List.md:25@5da20c	[-] Infinite Jest (gave up at page 300, no regrets)
2> vault: warning: pages/Evicted Idea.md: not downloaded; its tasks are not listed
# Counts by state: the 91 live tasks of Fixtures/README.md, then with the 6 retired ones.
$ vault tasks --summary -q
> open	59
> in-progress	4
> done	19
> cancelled	4
> forwarded	2
> other	3
> total	91
$ vault tasks --summary --include-archived -q
> open	62
> in-progress	4
> done	21
> cancelled	5
> forwarded	2
> other	3
> total	97
# The tree of one note, every state, with rollups and effective states.
$ vault tasks --status all --tree --note "Vault CLI"
> pages/Projects/Vault CLI.md:29@abf14a	[ ] Ship 0.1	(due 2026-12-15, high, 3/6 done, in progress)
> pages/Projects/Vault CLI.md:30@3ac44a	  [x] Parse frontmatter	(done 2026-11-20)
> pages/Projects/Vault CLI.md:31@1dc500	  [X] Wikilink parser	(done 2026-11-24)
> pages/Projects/Vault CLI.md:32@4dff58	  [/] Rename with backlinks	(scheduled 2026-12-02, 1/2 done)
> pages/Projects/Vault CLI.md:33@521839	    [x] Resolve bare names
> pages/Projects/Vault CLI.md:34@8cace3	    [ ] Keep `|alias` and `#heading` when rewriting
> pages/Projects/Vault CLI.md:35@a0f04d	    [-] Support org-mode files
> pages/Projects/Vault CLI.md:36@368de0	  [ ] Task listing with due dates	(due 2026-12-01, high)
> pages/Projects/Vault CLI.md:37@3b6366	[>] Benchmarks against ripgrep, moved to the [[Roadmap]]
> pages/Projects/Vault CLI.md:38@7c005a	[?] Do we need a daemon at all?
# A Logseq journal: tabs, a plain bullet above the tasks, due on the journal's day.
$ vault tasks --status all --tree --note journals/2026_11_16.md
> journals/2026_11_16.md:2@788a1a	[x] Create the repo	(due 2026-11-16, done 2026-11-16)
> journals/2026_11_16.md:3@49a35f	[ ] Decide on a name for the library	(due 2026-11-16, 1/2 done, in progress)
> journals/2026_11_16.md:4@1dfc1f	  [x] Shortlist: VaultKit, NoteKit, Shelf	(due 2026-11-16)
> journals/2026_11_16.md:5@d74f7a	  [ ] Check the names are free on the package index	(due 2026-11-16)
> journals/2026_11_16.md:8@5ee2c5	[ ] Call the dentist about the appointment	(due 2026-11-19)
# Overdue on 2026-11-30, soonest first.
$ VAULT_TODAY=2026-11-30 vault tasks --due overdue --sort due -q | head -4
> journals/2026_11_16.md:3@49a35f	[ ] Decide on a name for the library	(due 2026-11-16, 1/2 done, in progress)
> journals/2026_11_16.md:5@d74f7a	[ ] Check the names are free on the package index	(due 2026-11-16)
> journals/2026-11-17.md:4@104031	[ ] Reply to [[Ana Pereira|Ana]] about Thursday's review	(due 2026-11-17)
> journals/2026-11-17.md:5@e98948	[ ] Buy a birthday card for Ana	(due 2026-11-17)
$ VAULT_TODAY=2026-11-30 vault tasks --due week --priority high -q
> journals/2026-11-23.md:7@c81d7f	[ ] Book the train to Hamburg	(due 2026-12-01, high)
> journals/2026-11-30.md:3@ec26c7	[ ] Finish the fixtures #project/vault	(due 2026-12-01, high, 1/3 done, in progress)
> pages/Projects/Vault CLI.md:36@368de0	[ ] Task listing with due dates	(due 2026-12-01, high)
$ vault tasks --tag to-do -q
> journals/2026-11-25.md:8@820981	[ ] Call the insurance about the bike #to-do	(due 2026-11-25)
> pages/People/Ana Pereira.md:29@c6025f	[ ] Send her the fixture vault when it is done #to-do
$ vault tasks --status in-progress,other -q
> journals/2026-11-20.md:6@9dcc87	[/] Rename with backlinks, about halfway #project/vault	(due 2026-11-20)
> journals/2026-11-24.md:5@e55759	[!] Syncthing shows a conflict on the reading list, look at it tonight	(due 2026-11-24)
> journals/2026-11-30.md:5@0bc58b	[/] Remapped vault	(due 2026-11-30)
> journals/2026-11-30.md:10@b2b875	[?] Is the goals tag still useful? #2026-goals	(due 2026-11-30)
> pages/Errands.md:19@173e10	[/] Sort out the tax papers, and finish the [budget](Budget%20%2850%25%20draft%29.md)
> pages/Projects/Vault CLI.md:32@4dff58	[/] Rename with backlinks	(scheduled 2026-12-02, 1/2 done)
> pages/Projects/Vault CLI.md:38@7c005a	[?] Do we need a daemon at all?
# Tasks in code, comments and the opted-out template are not tasks.
$ vault tasks --status all --note "Shell snippets" -q
? 1
$ vault tasks --status all --note "Weekly Review Template" -q
? 1
$ vault tasks --json --note "Buy stamps"
> [
>   {
>     "depth": 0,
>     "description": "Stamps for the Christmas cards, 12 of them",
>     "done": null,
>     "due": null,
>     "dueFromJournal": false,
>     "editable": true,
>     "effectiveState": "open",
>     "folderKind": "quick",
>     "line": 1,
>     "listMarker": "-",
>     "marker": " ",
>     "parent": null,
>     "path": "quick/Buy stamps.md",
>     "priority": null,
>     "ref": "quick/Buy stamps.md:1@57dd50",
>     "retired": false,
>     "rollup": null,
>     "scheduled": null,
>     "start": null,
>     "state": "open",
>     "tags": [],
>     "text": "Stamps for the Christmas cards, 12 of them"
>   }
> ]
# Bad input: a usage error (2), or nothing found (1).
$ vault tasks --status someday
2> vault: error: unknown status "someday": use open, in-progress, done, cancelled, forwarded, other or all
2> Usage: vault tasks [options]
2> hint: `vault tasks --help` shows every option
? 2
$ vault tasks --due soon
2> vault: error: --due must be today, overdue, week, before:D, after:D or on:D (D a YYYY-MM-DD day), not "soon"
2> Usage: vault tasks [options]
2> hint: `vault tasks --help` shows every option
? 2
$ VAULT_TODAY=30.11.2026 vault tasks
2> vault: error: VAULT_TODAY=30.11.2026 is not a YYYY-MM-DD day
2> Usage: vault tasks [options]
2> hint: `vault tasks --help` shows every option
? 2
$ vault tasks --tree --sort due
2> vault: error: --tree lists tasks in the order written; leave out --sort
2> Usage: vault tasks [options]
2> hint: `vault tasks --help` shows every option
? 2
$ vault tasks --priority urgent
2> vault: error: unknown priority "urgent": use highest, high, medium, low, lowest or none
2> Usage: vault tasks [options]
2> hint: `vault tasks --help` shows every option
? 2
$ vault tasks --note "No such note"
2> vault: error: no note named "No such note"
2> hint: `vault list` shows every note
? 1
$ vault tasks --tag nothing-has-this -q
? 1
# Sorted, to a pipe or as JSON, every row is counted as it goes out: tasks were listed, so the
# exit status is 0, and the JSON array is closed after the last.
$ VAULT_TODAY=2026-11-30 vault tasks --sort due -q > /dev/null; echo "exit $?"
> exit 0
$ VAULT_TODAY=2026-11-30 vault tasks --sort due --json -q | tail -1
> ]
