@fixture demo
# The note whose title is the query comes first; piped output is the path, a tab, the title.
$ vault find vault cli
> pages/Projects/Vault CLI.md	Vault CLI
$ vault find roadmap
> pages/Projects/Roadmap.md	Roadmap
> archive/pages/Projects/Roadmap.md	Roadmap (2025)
# An alias finds its note, and the line says which alias matched.
$ vault find kyoto
> pages/京都旅行.md	京都旅行	Kyoto trip
# Accents never matter, in the query or in the title.
$ vault find cafe ole
> pages/Café Olé.md	Café Olé
> inbox/Local-first software.md	Local-first software
$ vault find Café
> pages/Café Olé.md	Café Olé
# fzf's extended syntax: 'exact, ^prefix, suffix$, !exclude, a | b.
$ vault find "'ideas"
> inbox/Ideas.md	Ideas
> pages/Ideas.md	Ideas
> pages/Gift ideas.md	Gift ideas for Ana's birthday
$ vault find ^sync
> pages/Meetings/Sync design review.md	Sync design review, 19 Nov
$ vault find "roadmap !2025"
> pages/Projects/Roadmap.md	Roadmap
$ vault find "lentil | piranesi"
> pages/Reading/Piranesi.md	Piranesi
> pages/Recipes/Lentil soup.md	Lentil soup
# --folder and --tag narrow the notes; --limit shortens the list (default 20).
$ vault find --folder inbox ideas
> inbox/Ideas.md	Ideas
$ vault find --folder inbx ideas
2> vault: warning: no folder inbx in the vault
? 1
$ vault find --tag reading --limit 2 s
> pages/Reading/Thinking in Systems.md	Thinking in Systems: A Primer
> pages/Reading/Piranesi.md	Piranesi
# Notes in the trash are left out unless asked for.
$ vault find gym
> pages/Reading/Thinking in Systems.md	Thinking in Systems: A Primer
> pages/Templates/Weekly Review Template.md	Weekly review
$ vault find gym --include-trash
> trash/pages/Gym Plan.md	Gym Plan
> pages/Reading/Thinking in Systems.md	Thinking in Systems: A Primer
> pages/Templates/Weekly Review Template.md	Weekly review
# Without a query, the most recently modified notes come first (here all share one time).
$ vault find --limit 3
> Home.md	Home
> archive/pages/Projects/Roadmap.md	Roadmap (2025)
> archive/pages/Reading/Books of 2025.md	Books of 2025
# On a terminal (colour forced here) the matched characters are highlighted.
$ vault find vcli --color always | cat -v
> pages/Projects/Vault CLI.md	^[[1;31mV^[[0mault ^[[1;31mCLI^[[0m
# JSON gives the score, the field that matched and the matched characters (Unicode scalars).
$ vault find "vault cli" --json --limit 1
> [
>   {
>     "field": "title",
>     "kind": "page",
>     "path": "pages/Projects/Vault CLI.md",
>     "positions": [
>       0,
>       1,
>       2,
>       3,
>       4,
>       6,
>       7,
>       8
>     ],
>     "score": 228,
>     "text": "Vault CLI",
>     "title": "Vault CLI"
>   }
> ]
$ vault find kyoto --json
> [
>   {
>     "field": "alias",
>     "kind": "page",
>     "path": "pages/京都旅行.md",
>     "positions": [
>       0,
>       1,
>       2,
>       3,
>       4
>     ],
>     "score": 140,
>     "text": "Kyoto trip",
>     "title": "京都旅行"
>   }
> ]
# Nothing found exits 1; a bad limit is a usage error.
$ vault find zzqx
? 1
$ vault find --limit 0 x
2> vault: error: --limit must be at least 1
2> Usage: vault find [options] [QUERY...]
2> hint: `vault find --help` shows every option
? 2
$ vault find --limit many x
2> vault: error: --limit needs a whole number, not "many"
2> Usage: vault find [options] [QUERY...]
2> hint: `vault find --help` shows every option
? 2
# What the walk skipped is said on stderr, as `list` says it, found or not: a fifo named
# like a note and a link out of the vault are never read.
$ mkfifo pages/Pipe.md && ln -s /etc/hostname pages/Outside.md && vault find lentil
> pages/Recipes/Lentil soup.md	Lentil soup
2> vault: warning: pages/Outside.md: a symlink to a file outside the vault; skipped
2> vault: warning: pages/Pipe.md: a fifo, not a regular file; skipped
$ vault find zzqx
2> vault: warning: pages/Outside.md: a symlink to a file outside the vault; skipped
2> vault: warning: pages/Pipe.md: a fifo, not a regular file; skipped
? 1
