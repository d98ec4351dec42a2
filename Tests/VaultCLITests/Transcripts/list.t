@fixture demo
# Every note but the trash, path and title separated by a tab when piped.
$ vault list
> Home.md	Home
> archive/pages/Projects/Roadmap.md	Roadmap (2025)
> archive/pages/Reading/Books of 2025.md	Books of 2025
> inbox/Call notes.md	Call notes
> inbox/Ideas.md	Ideas
> inbox/Local-first software.md	Local-first software
> journals/2026-11-17.md	Tuesday 17 November
> journals/2026-11-18.md	2026-11-18
> journals/2026-11-20.md	Friday 20 November
> journals/2026-11-23.md	2026-11-23
> journals/2026-11-24.md	2026-11-24
> journals/2026-11-25.md	Wednesday
> journals/2026-11-27.md	Friday 27 November
> journals/2026-11-30.md	Monday 30 November
> journals/2026_11_16.md	2026_11_16
> pages/BOM Note.md	Notes from the old PC
> pages/Budget (50% draft).md	Budget (50% draft)
> pages/Café Olé.md	Café Olé
> pages/Errands.md	Errands
> pages/Evicted Idea.md	Evicted Idea	(not downloaded)
> pages/Gift ideas.md	Gift ideas for Ana's birthday
> pages/Ideas.md	Ideas
> pages/Meetings/Sync design review.md	Sync design review, 19 Nov
> pages/People/Ana Pereira.md	Ana Pereira
> pages/People/Tom Becker.md	Tom Becker
> pages/Projects/Roadmap.md	Roadmap
> pages/Projects/Vault CLI.md	Vault CLI
> pages/Reading List.md	Reading List
> pages/Reading/Piranesi.md	Piranesi
> pages/Reading/Thinking in Systems.md	Thinking in Systems: A Primer
> pages/Recipes/Lentil soup.md	Lentil soup
> pages/Shell snippets.md	Shell snippets
> pages/Templates/Weekly Review Template.md	Weekly review
> pages/Windows Note.md	Work laptop (Windows)
> pages/京都旅行.md	京都旅行
> quick/Buy stamps.md	Buy stamps
> quick/Podcast rec.md	Podcast rec
> quick/Sync retry bug.md	Retry loop after a conflict
> quick/example.org.md	example.org
$ vault list --folder inbox
> inbox/Call notes.md	Call notes
> inbox/Ideas.md	Ideas
> inbox/Local-first software.md	Local-first software
$ vault list --folder pages/People/
> pages/People/Ana Pereira.md	Ana Pereira
> pages/People/Tom Becker.md	Tom Becker
# Nested tags match their parent; repeating --tag needs all of them.
$ vault list --tag reading
> archive/pages/Reading/Books of 2025.md	Books of 2025
> pages/Reading List.md	Reading List
> pages/Reading/Piranesi.md	Piranesi
> pages/Reading/Thinking in Systems.md	Thinking in Systems: A Primer
$ vault list --tag project --tag swift
> pages/Projects/Vault CLI.md	Vault CLI
$ vault list --tag '#café'
> pages/Budget (50% draft).md	Budget (50% draft)
> pages/Café Olé.md	Café Olé
# The trash is listed only when asked for.
$ vault list --folder trash
> trash/pages/Gym Plan.md	Gym Plan
# A folder inside the trash lists its notes too.
$ vault list --folder trash/pages
> trash/pages/Gym Plan.md	Gym Plan
$ vault list --include-trash --tag fitness
> trash/pages/Gym Plan.md	Gym Plan
# Newest first with --sort modified.
$ touch -d 2026-12-01T10:00:00Z 'pages/Errands.md' && touch -d 2026-12-01T09:00:00Z Home.md
$ vault list --sort modified | head -3
> pages/Errands.md	Errands
> Home.md	Home
> archive/pages/Projects/Roadmap.md	Roadmap (2025)
# Nothing matches: exit 1, like grep.
$ vault list --tag no-such-tag
? 1
# A folder that is not there is said so; an empty one is not.
$ vault list --folder pages/Peple
2> vault: warning: no folder pages/Peple in the vault
? 1
$ mkdir pages/Empty && vault list --folder pages/Empty
? 1
# JSON has every field.
$ vault list --folder quick --json
> [
>   {
>     "aliases": [],
>     "availability": "available",
>     "frontmatterIssues": [],
>     "hasFrontmatter": false,
>     "headings": [],
>     "isUTF8": true,
>     "kind": "quick",
>     "modified": "2026-11-30T12:00:00Z",
>     "path": "quick/Buy stamps.md",
>     "size": 49,
>     "tags": [],
>     "title": "Buy stamps",
>     "verbatimKeys": []
>   },
>   {
>     "aliases": [],
>     "availability": "available",
>     "frontmatterIssues": [],
>     "hasFrontmatter": false,
>     "headings": [
>       {
>         "level": 2,
>         "line": 1,
>         "text": "From Tom"
>       }
>     ],
>     "isUTF8": true,
>     "kind": "quick",
>     "modified": "2026-11-30T12:00:00Z",
>     "path": "quick/Podcast rec.md",
>     "size": 120,
>     "tags": [],
>     "title": "Podcast rec",
>     "verbatimKeys": []
>   },
>   {
>     "aliases": [],
>     "availability": "available",
>     "frontmatterIssues": [],
>     "hasFrontmatter": false,
>     "headings": [
>       {
>         "level": 1,
>         "line": 1,
>         "text": "Retry loop after a conflict"
>       }
>     ],
>     "isUTF8": true,
>     "kind": "quick",
>     "modified": "2026-11-30T12:00:00Z",
>     "path": "quick/Sync retry bug.md",
>     "size": 204,
>     "tags": [],
>     "title": "Retry loop after a conflict",
>     "verbatimKeys": []
>   },
>   {
>     "aliases": [],
>     "availability": "available",
>     "frontmatterIssues": [],
>     "hasFrontmatter": false,
>     "headings": [],
>     "isUTF8": true,
>     "kind": "quick",
>     "modified": "2026-11-30T12:00:00Z",
>     "path": "quick/example.org.md",
>     "size": 43,
>     "tags": [],
>     "title": "example.org",
>     "verbatimKeys": []
>   }
> ]
# Run from a subfolder, the vault is found by walking up to .zennotes/.
$ cd pages/People && vault list --folder journals | head -2
> journals/2026-11-17.md	Tuesday 17 November
> journals/2026-11-18.md	2026-11-18
