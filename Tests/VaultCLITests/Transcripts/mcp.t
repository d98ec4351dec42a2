@fixture demo
# An agent's session over the Model Context Protocol, one JSON message a line on stdin and
# one answer a line on stdout (the `\n` in answers are shown as line breaks here): it
# captures a thought, searches, plans a rename, applies the plan by its id, and checks.
$ printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"agent","version":"1"}}}' '{"jsonrpc":"2.0","method":"notifications/initialized"}' > ../session.jsonl
$ printf '%s\n' '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"capture","arguments":{"text":"Ask Ana about the Vault CLI demo","tags":["project/vault"]}}}' >> ../session.jsonl
$ printf '%s\n' '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search","arguments":{"query":"Vault CLI","mode":"exact","limit":3}}}' >> ../session.jsonl
$ printf '%s\n' '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"rename_note","arguments":{"note":"Vault CLI","newTitle":"Vault Tool","skipUnavailable":true}}}' >> ../session.jsonl
$ printf '%s\n' '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"apply","arguments":{"planId":"plan-1"}}}' '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"apply","arguments":{"planId":"plan-1"}}}' >> ../session.jsonl
$ printf '%s\n' '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"check","arguments":{}}}' >> ../session.jsonl
$ vault mcp < ../session.jsonl | sed -e 's/\\n/\n/g'
> {"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{"listChanged":false},"resources":{"subscribe":true,"listChanged":false}},"serverInfo":{"name":"vault","title":"vault","version":"0.1.0"},"instructions":"The notes of one vault of markdown files. Name a note by its path (pages/Idea.md), its path without .md, its title or an alias. Renames and moves take two steps: rename_note or move returns the change as a diff and a plan id; apply with that id makes it, unless a file changed since. Every change goes through vault's planner and safe writer, as the command line's do."}}
> {"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"captured in quick/Ask Ana about the Vault CLI demo.md"}],"structuredContent":{"addedTags":[],"alreadyCaptured":false,"created":"2026-11-30T12:00:00Z","path":"quick/Ask Ana about the Vault CLI demo.md","title":"Ask Ana about the Vault CLI demo"},"isError":false}}
> {"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Home.md:5: - Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]
> inbox/Local-first software.md:9: synced folder are the boring version of that, which is the point of the [[Vault CLI]].
> journals/2026_11_16.md:1: - Kickoff for [[Vault CLI]], evenings only #project
> (more; call again with offset 3)"}],"structuredContent":{"matches":[{"line":5,"path":"Home.md","ranges":[[10,15],[16,19]],"score":0,"text":"- Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]"},{"line":9,"path":"inbox/Local-first software.md","ranges":[[74,79],[80,83]],"score":0,"text":"synced folder are the boring version of that, which is the point of the [[Vault CLI]]."},{"line":1,"path":"journals/2026_11_16.md","ranges":[[16,21],[22,25]],"score":0,"text":"- Kickoff for [[Vault CLI]], evenings only #project"}],"mode":"exact","nextOffset":3,"query":"Vault CLI"},"isError":false}}
> {"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"plan plan-1: pages/Projects/Vault CLI.md -> pages/Projects/Vault Tool.md, 12 links in 11 notes
> warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
> diff --git a/pages/Projects/Vault CLI.md b/pages/Projects/Vault Tool.md
> rename from pages/Projects/Vault CLI.md
> rename to pages/Projects/Vault Tool.md
> --- a/pages/Projects/Vault CLI.md\t
> +++ b/pages/Projects/Vault Tool.md\t
> @@ -4,7 +4,7 @@
>  status: active
>  started: 2026-10-05
>  ---
> -# Vault CLI
> +# Vault Tool
>  
>  A command-line tool over my notes folder, so I can list tasks and rename pages without
>  opening an editor. Same files as Obsidian on the laptop and ZenNotes on the phone, synced
> diff --git a/Home.md b/Home.md
> --- a/Home.md
> +++ b/Home.md
> @@ -2,7 +2,7 @@
>  
>  Start here. Everything else hangs off these pages.
>  
> -- Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]
> +- Work: [[Vault Tool]], [[Roadmap]], [[Sync design review]]
>  - People: [[Ana Pereira]], [[Tom Becker]]
>  - Reading: [[Reading List]], [[Thinking in Systems]]
>  - Life: [[Errands]], [[Lentil soup]], [[京都旅行]], [[Budget (50% draft)|budget]]
> diff --git a/inbox/Local-first software.md b/inbox/Local-first software.md
> --- a/inbox/Local-first software.md\t
> +++ b/inbox/Local-first software.md\t
> @@ -6,6 +6,6 @@
>  
>  Tom sent this. The argument: your data should live on your own devices first and sync
>  second, so the app keeps working offline and outlives the company. Plain files in a
> -synced folder are the boring version of that, which is the point of the [[Vault CLI]].
> +synced folder are the boring version of that, which is the point of the [[Vault Tool]].
>  
>  - [ ] Read it properly before the next design review 🛫 2026-11-29
> diff --git a/journals/2026_11_16.md b/journals/2026_11_16.md
> --- a/journals/2026_11_16.md
> +++ b/journals/2026_11_16.md
> @@ -1,4 +1,4 @@
> -- Kickoff for [[Vault CLI]], evenings only #project
> +- Kickoff for [[Vault Tool]], evenings only #project
>  \t- [x] Create the repo ✅ 2026-11-16
>  \t- [ ] Decide on a name for the library
>  \t\t- [x] Shortlist: VaultKit, NoteKit, Shelf
> diff --git a/pages/Café Olé.md b/pages/Café Olé.md
> --- a/pages/Café Olé.md\t
> +++ b/pages/Café Olé.md\t
> @@ -6,4 +6,4 @@
>  - The Wi-Fi password is on the receipt and changes every week.
>  - Opens at 8:00 on weekends, closed on Mondays.
>  
> -Met [[Tom Becker]] here on the 21st to talk about the [[Vault CLI]].
> +Met [[Tom Becker]] here on the 21st to talk about the [[Vault Tool]].
> diff --git a/pages/Meetings/Sync design review.md b/pages/Meetings/Sync design review.md
> --- a/pages/Meetings/Sync design review.md\t
> +++ b/pages/Meetings/Sync design review.md\t
> @@ -2,7 +2,7 @@
>  title: \"Sync design review, 19 Nov\"
>  date: 2026-11-19
>  attendees: [Ana Pereira, Tom Becker]
> -related: \"[[Vault CLI]]\"
> +related: \"[[Vault Tool]]\"
>  tags:
>    - meeting
>    - sync
> @@ -14,7 +14,7 @@
>  ## Decisions
>  
>  - Writes go through a temporary file and a rename; the temporary name starts with `.~` so Syncthing skips it.
> -- Rename follows the rule in [[Vault CLI#^rename-rule]].
> +- Rename follows the rule in [[Vault Tool#^rename-rule]].
>  - Conflict copies stay where they are; `vault conflicts` lists them.
>  
>  ## Action items
> diff --git a/pages/People/Tom Becker.md b/pages/People/Tom Becker.md
> --- a/pages/People/Tom Becker.md\t
> +++ b/pages/People/Tom Becker.md\t
> @@ -1,6 +1,6 @@
>  # Tom Becker
>  
> -Works with me on [[Vault CLI]]. Knows Dropbox and OneDrive inside out. Lives in Leipzig, cycles everywhere.
> +Works with me on [[Vault Tool]]. Knows Dropbox and OneDrive inside out. Lives in Leipzig, cycles everywhere.
>  
>  - Likes: filter coffee, long train rides, Go
>  - Last call: [[Call notes]]
> diff --git a/pages/Projects/Roadmap.md b/pages/Projects/Roadmap.md
> --- a/pages/Projects/Roadmap.md
> +++ b/pages/Projects/Roadmap.md
> @@ -1,6 +1,6 @@
>  # Roadmap
>  
> -What ships when. Dates are guesses; the why is in [[Vault CLI]].
> +What ships when. Dates are guesses; the why is in [[Vault Tool]].
>  
>  ## 0.1 (December)
>  
> diff --git a/pages/Reading/Thinking in Systems.md b/pages/Reading/Thinking in Systems.md
> --- a/pages/Reading/Thinking in Systems.md\t
> +++ b/pages/Reading/Thinking in Systems.md\t
> @@ -21,7 +21,7 @@
>  
>  ## Leverage points
>  
> -Applies to the [[Vault CLI]]: the sync tool is a delay in the loop, so conflicts are not
> +Applies to the [[Vault Tool]]: the sync tool is a delay in the loop, so conflicts are not
>  bugs, they are how the system behaves. Design for them.
>  
>  - [ ] Finish chapter 6
> diff --git a/pages/Templates/Weekly Review Template.md b/pages/Templates/Weekly Review Template.md
> --- a/pages/Templates/Weekly Review Template.md\t
> +++ b/pages/Templates/Weekly Review Template.md\t
> @@ -6,7 +6,7 @@
>  
>  - [ ] Empty the inbox
>  - [ ] Look at next week's calendar
> -- [ ] Review open tasks in the [[Vault CLI]]
> +- [ ] Review open tasks in the [[Vault Tool]]
>  - [ ] Pick one thing from [[Ideas]] to try
>  
>  What went well?
> diff --git a/pages/Windows Note.md b/pages/Windows Note.md
> --- a/pages/Windows Note.md\t
> +++ b/pages/Windows Note.md\t
> @@ -9,4 +9,4 @@
>  - [x] Install Git for Windows ✅ 2026-11-19\r
>    - [ ] Set core.autocrlf to false\r
>  \r
> -See also [[Vault CLI#Goals]]. #windows/setup\r
> +See also [[Vault Tool#Goals]]. #windows/setup\r
> diff --git a/trash/pages/Gym Plan.md b/trash/pages/Gym Plan.md
> --- a/trash/pages/Gym Plan.md\t
> +++ b/trash/pages/Gym Plan.md\t
> @@ -4,4 +4,4 @@
>  
>  - [ ] Monday: legs
>  - [ ] Thursday: back and shoulders
> -- Progress goes into [[Vault CLI]]? No. Why did I write that.
> +- Progress goes into [[Vault Tool]]? No. Why did I write that.
> diff --git a/.zennotes/vault.json b/.zennotes/vault.json
> --- a/.zennotes/vault.json
> +++ b/.zennotes/vault.json
> @@ -4,7 +4,7 @@
>      \"folder\": \"journals\"
>    },
>    \"favorites\": [
> -    \"pages/Projects/Vault CLI.md\"
> +    \"pages/Projects/Vault Tool.md\"
>    ],
>    \"someFutureKey\": {
>      \"keep\": true
> 
> To make this change, call apply with planId \"plan-1\"."}],"structuredContent":{"diff":"diff --git a/pages/Projects/Vault CLI.md b/pages/Projects/Vault Tool.md
> rename from pages/Projects/Vault CLI.md
> rename to pages/Projects/Vault Tool.md
> --- a/pages/Projects/Vault CLI.md\t
> +++ b/pages/Projects/Vault Tool.md\t
> @@ -4,7 +4,7 @@
>  status: active
>  started: 2026-10-05
>  ---
> -# Vault CLI
> +# Vault Tool
>  
>  A command-line tool over my notes folder, so I can list tasks and rename pages without
>  opening an editor. Same files as Obsidian on the laptop and ZenNotes on the phone, synced
> diff --git a/Home.md b/Home.md
> --- a/Home.md
> +++ b/Home.md
> @@ -2,7 +2,7 @@
>  
>  Start here. Everything else hangs off these pages.
>  
> -- Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]
> +- Work: [[Vault Tool]], [[Roadmap]], [[Sync design review]]
>  - People: [[Ana Pereira]], [[Tom Becker]]
>  - Reading: [[Reading List]], [[Thinking in Systems]]
>  - Life: [[Errands]], [[Lentil soup]], [[京都旅行]], [[Budget (50% draft)|budget]]
> diff --git a/inbox/Local-first software.md b/inbox/Local-first software.md
> --- a/inbox/Local-first software.md\t
> +++ b/inbox/Local-first software.md\t
> @@ -6,6 +6,6 @@
>  
>  Tom sent this. The argument: your data should live on your own devices first and sync
>  second, so the app keeps working offline and outlives the company. Plain files in a
> -synced folder are the boring version of that, which is the point of the [[Vault CLI]].
> +synced folder are the boring version of that, which is the point of the [[Vault Tool]].
>  
>  - [ ] Read it properly before the next design review 🛫 2026-11-29
> diff --git a/journals/2026_11_16.md b/journals/2026_11_16.md
> --- a/journals/2026_11_16.md
> +++ b/journals/2026_11_16.md
> @@ -1,4 +1,4 @@
> -- Kickoff for [[Vault CLI]], evenings only #project
> +- Kickoff for [[Vault Tool]], evenings only #project
>  \t- [x] Create the repo ✅ 2026-11-16
>  \t- [ ] Decide on a name for the library
>  \t\t- [x] Shortlist: VaultKit, NoteKit, Shelf
> diff --git a/pages/Café Olé.md b/pages/Café Olé.md
> --- a/pages/Café Olé.md\t
> +++ b/pages/Café Olé.md\t
> @@ -6,4 +6,4 @@
>  - The Wi-Fi password is on the receipt and changes every week.
>  - Opens at 8:00 on weekends, closed on Mondays.
>  
> -Met [[Tom Becker]] here on the 21st to talk about the [[Vault CLI]].
> +Met [[Tom Becker]] here on the 21st to talk about the [[Vault Tool]].
> diff --git a/pages/Meetings/Sync design review.md b/pages/Meetings/Sync design review.md
> --- a/pages/Meetings/Sync design review.md\t
> +++ b/pages/Meetings/Sync design review.md\t
> @@ -2,7 +2,7 @@
>  title: \"Sync design review, 19 Nov\"
>  date: 2026-11-19
>  attendees: [Ana Pereira, Tom Becker]
> -related: \"[[Vault CLI]]\"
> +related: \"[[Vault Tool]]\"
>  tags:
>    - meeting
>    - sync
> @@ -14,7 +14,7 @@
>  ## Decisions
>  
>  - Writes go through a temporary file and a rename; the temporary name starts with `.~` so Syncthing skips it.
> -- Rename follows the rule in [[Vault CLI#^rename-rule]].
> +- Rename follows the rule in [[Vault Tool#^rename-rule]].
>  - Conflict copies stay where they are; `vault conflicts` lists them.
>  
>  ## Action items
> diff --git a/pages/People/Tom Becker.md b/pages/People/Tom Becker.md
> --- a/pages/People/Tom Becker.md\t
> +++ b/pages/People/Tom Becker.md\t
> @@ -1,6 +1,6 @@
>  # Tom Becker
>  
> -Works with me on [[Vault CLI]]. Knows Dropbox and OneDrive inside out. Lives in Leipzig, cycles everywhere.
> +Works with me on [[Vault Tool]]. Knows Dropbox and OneDrive inside out. Lives in Leipzig, cycles everywhere.
>  
>  - Likes: filter coffee, long train rides, Go
>  - Last call: [[Call notes]]
> diff --git a/pages/Projects/Roadmap.md b/pages/Projects/Roadmap.md
> --- a/pages/Projects/Roadmap.md
> +++ b/pages/Projects/Roadmap.md
> @@ -1,6 +1,6 @@
>  # Roadmap
>  
> -What ships when. Dates are guesses; the why is in [[Vault CLI]].
> +What ships when. Dates are guesses; the why is in [[Vault Tool]].
>  
>  ## 0.1 (December)
>  
> diff --git a/pages/Reading/Thinking in Systems.md b/pages/Reading/Thinking in Systems.md
> --- a/pages/Reading/Thinking in Systems.md\t
> +++ b/pages/Reading/Thinking in Systems.md\t
> @@ -21,7 +21,7 @@
>  
>  ## Leverage points
>  
> -Applies to the [[Vault CLI]]: the sync tool is a delay in the loop, so conflicts are not
> +Applies to the [[Vault Tool]]: the sync tool is a delay in the loop, so conflicts are not
>  bugs, they are how the system behaves. Design for them.
>  
>  - [ ] Finish chapter 6
> diff --git a/pages/Templates/Weekly Review Template.md b/pages/Templates/Weekly Review Template.md
> --- a/pages/Templates/Weekly Review Template.md\t
> +++ b/pages/Templates/Weekly Review Template.md\t
> @@ -6,7 +6,7 @@
>  
>  - [ ] Empty the inbox
>  - [ ] Look at next week's calendar
> -- [ ] Review open tasks in the [[Vault CLI]]
> +- [ ] Review open tasks in the [[Vault Tool]]
>  - [ ] Pick one thing from [[Ideas]] to try
>  
>  What went well?
> diff --git a/pages/Windows Note.md b/pages/Windows Note.md
> --- a/pages/Windows Note.md\t
> +++ b/pages/Windows Note.md\t
> @@ -9,4 +9,4 @@
>  - [x] Install Git for Windows ✅ 2026-11-19\r
>    - [ ] Set core.autocrlf to false\r
>  \r
> -See also [[Vault CLI#Goals]]. #windows/setup\r
> +See also [[Vault Tool#Goals]]. #windows/setup\r
> diff --git a/trash/pages/Gym Plan.md b/trash/pages/Gym Plan.md
> --- a/trash/pages/Gym Plan.md\t
> +++ b/trash/pages/Gym Plan.md\t
> @@ -4,4 +4,4 @@
>  
>  - [ ] Monday: legs
>  - [ ] Thursday: back and shoulders
> -- Progress goes into [[Vault CLI]]? No. Why did I write that.
> +- Progress goes into [[Vault Tool]]? No. Why did I write that.
> diff --git a/.zennotes/vault.json b/.zennotes/vault.json
> --- a/.zennotes/vault.json
> +++ b/.zennotes/vault.json
> @@ -4,7 +4,7 @@
>      \"folder\": \"journals\"
>    },
>    \"favorites\": [
> -    \"pages/Projects/Vault CLI.md\"
> +    \"pages/Projects/Vault Tool.md\"
>    ],
>    \"someFutureKey\": {
>      \"keep\": true
> ","expires":"2026-11-30T12:10:00Z","links":12,"moves":[{"from":"pages/Projects/Vault CLI.md","to":"pages/Projects/Vault Tool.md"}],"notes":11,"planId":"plan-1","warnings":["pages/Evicted Idea.md: not downloaded; links in it are not rewritten"]},"isError":false}}
> {"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"Moved pages/Projects/Vault CLI.md -> pages/Projects/Vault Tool.md
> Rewrote 12 links in 11 notes"}],"structuredContent":{"applied":true,"links":12,"moves":[{"from":"pages/Projects/Vault CLI.md","to":"pages/Projects/Vault Tool.md"}],"notes":11},"isError":false}}
> {"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"the plan plan-1 was applied already; plan the change again"}],"isError":true}}
> {"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"dangling: journals/2026-11-18.md:3: [[Gym Plan]]
> dangling: journals/2026-11-27.md:8: [[Tax return 2026]]
> dangling: pages/Errands.md:20: [[Tax return 2026]]
> dangling: pages/京都旅行.md:19: [[Kyoto hotels]]
> ambiguous: Home.md:5: [[Roadmap]] -> pages/Projects/Roadmap.md
> ambiguous: inbox/Call notes.md:8: [[Ideas]] -> inbox/Ideas.md
> ambiguous: journals/2026-11-20.md:4: [[Ideas]] -> pages/Ideas.md
> ambiguous: journals/2026-11-24.md:3: [[Roadmap]] -> pages/Projects/Roadmap.md
> ambiguous: pages/Projects/Roadmap.md:17: [[Ideas]] -> pages/Ideas.md
> ambiguous: pages/Projects/Vault Tool.md:37: [[Roadmap]] -> pages/Projects/Roadmap.md
> ambiguous: pages/Projects/Vault Tool.md:45: [[Roadmap]] -> pages/Projects/Roadmap.md
> ambiguous: pages/Templates/Weekly Review Template.md:10: [[Ideas]] -> pages/Ideas.md
> unreadable: pages/Evicted Idea.md: not downloaded, so its links are not known yet
> conflict copy: inbox/Call notes (Ana's conflicted copy 2026-11-27).md (of inbox/Call notes.md)
> conflict copy: pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md (of pages/Reading List.md)"}],"structuredContent":{"clean":false,"counts":{"ambiguous":8,"brokenDefinitions":0,"conflictCopies":2,"dangling":4,"mergeConflicts":0,"pagesWithoutFile":0,"unreadable":1},"report":{"ambiguous":[{"candidates":2,"context":"- Work: [[Vault Tool]], [[Roadmap]], [[Sync design review]]","embed":false,"form":"wikilink","line":5,"resolved":"pages/Projects/Roadmap.md","source":"Home.md","target":"Roadmap","text":"[[Roadmap]]"},{"candidates":2,"context":"- [ ] Move the good bits into [[Ideas]]","embed":false,"form":"wikilink","line":8,"resolved":"inbox/Ideas.md","source":"inbox/Call notes.md","target":"Ideas","text":"[[Ideas]]"},{"candidates":2,"context":"- Added \"vault today\" to [[Ideas]].","embed":false,"form":"wikilink","line":4,"resolved":"pages/Ideas.md","source":"journals/2026-11-20.md","target":"Ideas","text":"[[Ideas]]"},{"candidates":2,"context":"- Reworked the [[Roadmap]]: 0.1 is only ls, show, tasks and rename.","embed":false,"form":"wikilink","line":3,"resolved":"pages/Projects/Roadmap.md","source":"journals/2026-11-24.md","target":"Roadmap","text":"[[Roadmap]]"},{"candidates":2,"context":"Things that are not scheduled yet live in [[Ideas]].","embed":false,"form":"wikilink","line":17,"resolved":"pages/Ideas.md","source":"pages/Projects/Roadmap.md","target":"Ideas","text":"[[Ideas]]"},{"candidates":2,"context":"- [>] Benchmarks against ripgrep, moved to the [[Roadmap]]","embed":false,"form":"wikilink","line":37,"resolved":"pages/Projects/Roadmap.md","source":"pages/Projects/Vault Tool.md","target":"Roadmap","text":"[[Roadmap]]"},{"candidates":2,"context":"| [[Roadmap]] | what ships when |","embed":false,"form":"wikilink","line":45,"resolved":"pages/Projects/Roadmap.md","source":"pages/Projects/Vault Tool.md","target":"Roadmap","text":"[[Roadmap]]"},{"candidates":2,"context":"- [ ] Pick one thing from [[Ideas]] to try","embed":false,"form":"wikilink","line":10,"resolved":"pages/Ideas.md","source":"pages/Templates/Weekly Review Template.md","target":"Ideas","text":"[[Ideas]]"}],"brokenDefinitions":[],"conflictCopies":[{"modified":"2026-11-30T12:00:00Z","originalPath":"inbox/Call notes.md","path":"inbox/Call notes (Ana's conflicted copy 2026-11-27).md","size":343,"tool":"dropbox"},{"modified":"2026-11-30T12:00:00Z","originalPath":"pages/Reading List.md","path":"pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md","size":598,"tool":"syncthing"}],"dangling":[{"candidates":0,"context":"- [ ] Gym after work, plan is in [[Gym Plan]]","embed":false,"form":"wikilink","line":3,"source":"journals/2026-11-18.md","target":"Gym Plan","text":"[[Gym Plan]]"},{"candidates":0,"context":"- [ ] Taxes: start [[Tax return 2026]] before the holidays !med","embed":false,"form":"wikilink","line":8,"source":"journals/2026-11-27.md","target":"Tax return 2026","text":"[[Tax return 2026]]"},{"candidates":0,"context":"- [ ] Tax return, notes in [[Tax return 2026]] 🔽","embed":false,"form":"wikilink","line":20,"source":"pages/Errands.md","target":"Tax return 2026","text":"[[Tax return 2026]]"},{"candidates":0,"context":"- Hotels to compare: [[Kyoto hotels]]","embed":false,"form":"wikilink","line":19,"source":"pages/京都旅行.md","target":"Kyoto hotels","text":"[[Kyoto hotels]]"}],"mergeConflicts":[],"pagesWithoutFile":[],"unreadable":[{"message":"not downloaded, so its links are not known yet","path":"pages/Evicted Idea.md"}]},"total":15},"isError":false}}
# What the session left is what the command line sees.
$ vault list --folder quick
> quick/Ask Ana about the Vault CLI demo.md	Ask Ana about the Vault CLI demo
> quick/Buy stamps.md	Buy stamps
> quick/Podcast rec.md	Podcast rec
> quick/Sync retry bug.md	Retry loop after a conflict
> quick/example.org.md	example.org
$ vault backlinks "Vault Tool" | head -3
> Home.md:5: - Work: [[Vault Tool]], [[Roadmap]], [[Sync design review]]
> inbox/Local-first software.md:9: synced folder are the boring version of that, which is the point of the [[Vault Tool]].
> journals/2026_11_16.md:1: - Kickoff for [[Vault Tool]], evenings only #project
2> vault: warning: pages/Evicted Idea.md: not downloaded, so its links are not known yet
$ vault check > /dev/null; echo $?
> 1
