@fixture demo
# --exact finds every line holding every term, printed like rg: path:line: text.
# Frontmatter and code blocks are searched too.
$ vault search --exact syncthing
> inbox/Ideas.md:3: - A podcast about Syncthing internals (Tom mentioned one)
> journals/2026-11-17.md:3: - [x] Read the Syncthing docs on conflict files ✅ 2026-11-17
> journals/2026-11-17.md:9: - Syncthing names conflicts `name.sync-conflict-<date>-<time>-<device>.md`; Dropbox writes "(… conflicted copy …)" into the name.
> journals/2026-11-24.md:5: - [!] Syncthing shows a conflict on the reading list, look at it tonight
> journals/2026_11_16.md:7: 	- He swears by Syncthing's file versioning, turned it on for the notes folder
> pages/Meetings/Sync design review.md:16: - Writes go through a temporary file and a rename; the temporary name starts with `.~` so Syncthing skips it.
> pages/Projects/Vault CLI.md:11: with Syncthing. #project/vault
> quick/Podcast rec.md:3: An episode about how Syncthing decides who wins a conflict. He says the last 20 minutes are the good part.
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
$ vault search --exact "tax papers"
> pages/Errands.md:19: - [/] Sort out the tax papers, and finish the [budget](Budget%20%2850%25%20draft%29.md)
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# Smart case: an upper-case letter makes the term match case.
$ vault search --exact Lentil
> Home.md:8: - Life: [[Errands]], [[Lentil soup]], [[京都旅行]], [[Budget (50% draft)|budget]]
> pages/BOM Note.md:8: - The recipes moved to [[Lentil soup]] and friends.
> pages/Errands.md:9: * [ ] Red lentils for the [[Lentil soup]]
> pages/Recipes/Lentil soup.md:8: # Lentil soup
> pages/Recipes/Lentil soup.md:24: 3. Lentils and stock, simmer for 25 minutes.
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# Accents fold: cafe finds Café (and the NFD spelling of it).
$ vault search --exact cafe ole
> journals/2026-11-20.md:11: Walked past [[Café Olé]] at lunch, it was packed.
> journals/2026-11-23.md:3: - Morning at [[Café Olé]] with the laptop.
> journals/2026_11_16.md:6: - Lunch with [[Tom Becker]] at [[Café Olé]]
> pages/Café Olé.md:1: # Café Olé
> pages/Gift ideas.md:10: - [ ] Good tinned fish from the shop next to [[Café Olé]]
> pages/Recipes/Lentil soup.md:27: Good with the bread from the bakery next to [[Café Olé]]. Shopping list in [[Errands#Groceries]].
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# Fuzzy search (the default) puts the best line first.
$ vault search "lentl soup" --limit 3
> pages/Recipes/Lentil soup.md:8: # Lentil soup
> pages/Errands.md:9: * [ ] Red lentils for the [[Lentil soup]]
> pages/BOM Note.md:8: - The recipes moved to [[Lentil soup]] and friends.
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# fzf's extended syntax works line by line.
$ vault search "'syncthing !conflict"
> pages/Projects/Vault CLI.md:11: with Syncthing. #project/vault
> inbox/Ideas.md:3: - A podcast about Syncthing internals (Tom mentioned one)
> journals/2026_11_16.md:7: 	- He swears by Syncthing's file versioning, turned it on for the notes folder
> pages/Meetings/Sync design review.md:16: - Writes go through a temporary file and a rename; the temporary name starts with `.~` so Syncthing skips it.
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
$ vault search "^# | ^title:" --limit 4
> pages/BOM Note.md:2: title: Notes from the old PC
> pages/Meetings/Sync design review.md:2: title: "Sync design review, 19 Nov"
> pages/Reading/Thinking in Systems.md:2: title: "Thinking in Systems: A Primer"
> pages/Gift ideas.md:2: title: 'Gift ideas for Ana''s birthday'
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# Regular expressions: smart case, ^ and $ at each line.
$ vault search --regex '^\s*- \[x\] .*✅' --limit 3
> journals/2026-11-17.md:3: - [x] Read the Syncthing docs on conflict files ✅ 2026-11-17
> journals/2026-11-18.md:4: - [x] Passport photos ✅ 2026-11-18
> journals/2026-11-23.md:10:     - [x] Mum: the Ottolenghi cookbook ✅ 2026-11-22
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
$ vault search --regex 'Gartenstra(ss|ß)e'
> pages/Café Olé.md:3: The café on the corner of Gartenstraße where I do Saturday writing. #café
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# Grouped under each note, with a line of context around each match.
$ vault search --exact piranesi --group --context 1 --folder journals
> journals/2026-11-17.md
> 10- - Saved a talk on local-first sync: [[quick/example.org|link]].
> 11: - Evening: two chapters of [[Piranesi]]. The tides!
> 
> journals/2026-11-23.md
> 3- - Morning at [[Café Olé]] with the laptop.
> 4: - Nearly done with Piranesi, [[reading list]] updated.
> 5- - [ ] Fixtures for the rename tests due:2026-11-26 #project/vault
> 
> journals/2026-11-30.md
> 6-   - [ ] README table
> 7: - [ ] Give [[Piranesi]] back to Ana 🔽
> 8- - [ ] Read [[Local-first software]] properly ⏳ 2026-12-02
# Context without grouping: rg's - for context lines and -- between blocks.
$ vault search --exact "soup" --context 1 --folder pages/Recipes
> pages/Recipes/Lentil soup.md-3- cover:
> pages/Recipes/Lentil soup.md:4:   src: https://example.com/images/lentil-soup.jpg
> pages/Recipes/Lentil soup.md-5-   width: 3
> --
> pages/Recipes/Lentil soup.md-7- ---
> pages/Recipes/Lentil soup.md:8: # Lentil soup
> pages/Recipes/Lentil soup.md-9-
# On a terminal (colour forced here) the match is highlighted.
$ vault search --exact becker --color always --limit 2 | cat -v
> ^[[35mHome.md^[[0m:^[[32m6^[[0m: - People: [[Ana Pereira]], [[Tom ^[[1;31mBecker^[[0m]]
> ^[[35mjournals/2026-11-24.md^[[0m:^[[32m7^[[0m: - [ ] Write up for [[Tom ^[[1;31mBecker^[[0m|Tom]] why `[[Note.md]]` links matter
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# JSON: each line with its number, text and the matched ranges (Unicode scalar offsets).
$ vault search --exact "tinned fish" --json
> {
>   "matches": [
>     {
>       "line": 10,
>       "path": "pages/Gift ideas.md",
>       "ranges": [
>         [
>           11,
>           17
>         ],
>         [
>           18,
>           22
>         ]
>       ],
>       "score": 0,
>       "text": "- [ ] Good tinned fish from the shop next to [[Café Olé]]"
>     }
>   ],
>   "mode": "exact",
>   "query": "tinned fish"
> }
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# The trash is left out unless asked; --no-archive leaves out the archive.
$ vault search --exact "gym"
> journals/2026-11-18.md:3: - [ ] Gym after work, plan is in [[Gym Plan]]
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
$ vault search --exact "gym" --include-trash
> journals/2026-11-18.md:3: - [ ] Gym after work, plan is in [[Gym Plan]]
> trash/pages/Gym Plan.md:1: # Gym Plan
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
$ vault search --exact "gym" --folder trash
> trash/pages/Gym Plan.md:1: # Gym Plan
$ vault search --exact "gym" --folder trsh
2> vault: warning: no folder trsh in the vault
? 1
$ vault search --exact "2025"
> archive/pages/Projects/Roadmap.md:1: # Roadmap (2025)
> archive/pages/Reading/Books of 2025.md:4: # Books of 2025
> pages/Reading List.md:27: Older lists: [[Books of 2025]]. #reading/list
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
$ vault search --exact "2025" --no-archive
> pages/Reading List.md:27: Older lists: [[Books of 2025]]. #reading/list
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
# A note that is not UTF-8 is searched as bytes and reported, never fatal.
$ printf 'caf\351 zanzibar\nplain\n' > pages/Latin.md && vault search --exact zanzibar
> pages/Latin.md:1: caf� zanzibar
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
2> vault: warning: pages/Latin.md: not valid UTF-8; searched as bytes, shown with U+FFFD
# Nothing found exits 1, like grep.
$ vault search --exact zzqx
2> vault: warning: pages/Evicted Idea.md: not downloaded, so not searched
? 1
# An empty query, a query of only exclusions, an invalid regex: usage errors (exit 2).
$ vault search
2> vault: error: missing QUERY
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
$ vault search ''
2> vault: error: the query is empty; give a word to look for
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
$ vault search '!draft'
2> vault: error: "!draft" only excludes (!term), so it would match every line; add a term to look for
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
$ vault search --regex 'fo(o'
2> vault: error: invalid regular expression: missing closing parenthesis
2>   fo(o
2>       ^
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
$ vault search --exact --regex x
2> vault: error: --exact and --regex exclude each other
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
# What the walk skipped is said on stderr after the matches, for every kind of search: a
# fifo named like a note is never opened, a link out of the vault never followed.
$ mkfifo pages/Pipe.md && ln -s /etc/hostname pages/Outside.md && vault search --exact --folder pages/Recipes "one pot"
> pages/Recipes/Lentil soup.md:10: Red lentils, one pot, 40 minutes. My mother's, slightly changed.
2> vault: warning: pages/Outside.md: a symlink to a file outside the vault; skipped
2> vault: warning: pages/Pipe.md: a fifo, not a regular file; skipped
$ vault search --folder pages/Recipes "one pot"
> pages/Recipes/Lentil soup.md:10: Red lentils, one pot, 40 minutes. My mother's, slightly changed.
2> vault: warning: pages/Outside.md: a symlink to a file outside the vault; skipped
2> vault: warning: pages/Pipe.md: a fifo, not a regular file; skipped
