@fixture demo
# Outbound links of a note, resolved or dangling.
$ vault links pages/Ideas
> 8: [[Evicted Idea]] -> pages/Evicted Idea.md
> 9: [errands](Errands.md) -> pages/Errands.md
> 9: [reading list](<Reading List.md>) -> pages/Reading List.md
> 13: [[京都旅行|Kyoto trip]] -> pages/京都旅行.md
$ vault links "京都旅行"
> 19: [[Kyoto hotels]] -> (dangling)
$ vault links Home --json | head -16
> [
>   {
>     "candidates": 1,
>     "context": "- Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]",
>     "embed": false,
>     "form": "wikilink",
>     "line": 5,
>     "resolved": "pages/Projects/Vault CLI.md",
>     "source": "Home.md",
>     "target": "Vault CLI",
>     "text": "[[Vault CLI]]"
>   },
>   {
>     "candidates": 2,
>     "context": "- Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]",
>     "embed": false,
# Backlinks with line and context; trash and conflict copies never count.
$ vault backlinks "Vault CLI"
> Home.md:5: - Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]
> inbox/Local-first software.md:9: synced folder are the boring version of that, which is the point of the [[Vault CLI]].
> journals/2026_11_16.md:1: - Kickoff for [[Vault CLI]], evenings only #project
> pages/Café Olé.md:9: Met [[Tom Becker]] here on the 21st to talk about the [[Vault CLI]].
> pages/Meetings/Sync design review.md:5: related: "[[Vault CLI]]"
> pages/Meetings/Sync design review.md:17: - Rename follows the rule in [[Vault CLI#^rename-rule]].
> pages/People/Tom Becker.md:3: Works with me on [[Vault CLI]]. Knows Dropbox and OneDrive inside out. Lives in Leipzig, cycles everywhere.
> pages/Projects/Roadmap.md:3: What ships when. Dates are guesses; the why is in [[Vault CLI]].
> pages/Reading/Thinking in Systems.md:24: Applies to the [[Vault CLI]]: the sync tool is a delay in the loop, so conflicts are not
> pages/Templates/Weekly Review Template.md:9: - [ ] Review open tasks in the [[Vault CLI]]
> pages/Windows Note.md:12: See also [[Vault CLI#Goals]]. #windows/setup
2> vault: warning: pages/Evicted Idea.md: not downloaded, so its links are not known yet
$ vault backlinks "Gym Plan"
2> vault: error: no note named "Gym Plan"
2> hint: did you mean: trash/pages/Gym Plan.md
? 1
$ vault backlinks inbox/Ideas.md
> Home.md:10: Daily notes live in `journals/`. Loose ends go to [[inbox/Ideas|the inbox]] first.
> inbox/Call notes.md:8: - [ ] Move the good bits into [[Ideas]]
> journals/2026-11-25.md:7: - [x] Sort the phone captures in [[inbox/Ideas]] ✅ 2026-11-25
2> vault: warning: pages/Evicted Idea.md: not downloaded, so its links are not known yet
# check exits 1 when it finds anything.
$ vault check
> Dangling links (4)
>   journals/2026-11-18.md:3: [[Gym Plan]]
>   journals/2026-11-27.md:8: [[Tax return 2026]]
>   pages/Errands.md:20: [[Tax return 2026]]
>   pages/京都旅行.md:19: [[Kyoto hotels]]
> Ambiguous names (8)
>   Home.md:5: [[Roadmap]] -> pages/Projects/Roadmap.md (2 files match)
>   inbox/Call notes.md:8: [[Ideas]] -> inbox/Ideas.md (2 files match)
>   journals/2026-11-20.md:4: [[Ideas]] -> pages/Ideas.md (2 files match)
>   journals/2026-11-24.md:3: [[Roadmap]] -> pages/Projects/Roadmap.md (2 files match)
>   pages/Projects/Roadmap.md:17: [[Ideas]] -> pages/Ideas.md (2 files match)
>   pages/Projects/Vault CLI.md:37: [[Roadmap]] -> pages/Projects/Roadmap.md (2 files match)
>   pages/Projects/Vault CLI.md:45: [[Roadmap]] -> pages/Projects/Roadmap.md (2 files match)
>   pages/Templates/Weekly Review Template.md:10: [[Ideas]] -> pages/Ideas.md (2 files match)
> Unreadable notes (1)
>   pages/Evicted Idea.md: not downloaded, so its links are not known yet
> Conflict copies (2)
>   inbox/Call notes (Ana's conflicted copy 2026-11-27).md (dropbox copy of inbox/Call notes.md)
>   pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md (syncthing copy of pages/Reading List.md)
? 1
$ vault check --json | head -14
> {
>   "ambiguous": [
>     {
>       "candidates": 2,
>       "context": "- Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]",
>       "embed": false,
>       "form": "wikilink",
>       "line": 5,
>       "resolved": "pages/Projects/Roadmap.md",
>       "source": "Home.md",
>       "target": "Roadmap",
>       "text": "[[Roadmap]]"
>     },
>     {
# An unknown note is an error.
$ vault links "No such note"
2> vault: error: no note named "No such note"
2> hint: `vault list` shows every note
? 1
