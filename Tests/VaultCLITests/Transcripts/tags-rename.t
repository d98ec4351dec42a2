@fixture demo
# A note that may hold the tag but cannot be read (the demo's placeholder is not downloaded)
# stops the rename, nothing written, as it stops a note's rename; --skip-unavailable goes on.
$ vault tags rename reading books
2> vault: error: tags in 1 note cannot be read or rewritten (not downloaded, unreadable or not UTF-8): pages/Evicted Idea.md; nothing was changed
2> hint: download them (open a placeholder in Finder or Files), make them readable or save them as UTF-8, then try again; or pass --skip-unavailable to leave their tags as they are
? 1
$ vault tags | grep -c reading
> 2
# A tag is renamed everywhere: inline, in frontmatter lists and strings, nested tags with
# it. The plan first: --dry-run prints the change as a diff and writes nothing.
$ vault tags rename reading books --dry-run --skip-unavailable
> diff --git a/archive/pages/Reading/Books of 2025.md b/archive/pages/Reading/Books of 2025.md
> --- a/archive/pages/Reading/Books of 2025.md	
> +++ b/archive/pages/Reading/Books of 2025.md	
> @@ -1,5 +1,5 @@
>  ---
> -tags: [reading]
> +tags: [books]
>  ---
>  # Books of 2025
>  
> diff --git a/pages/Reading List.md b/pages/Reading List.md
> --- a/pages/Reading List.md	
> +++ b/pages/Reading List.md	
> @@ -1,5 +1,5 @@
>  ---
> -tags: reading
> +tags: books
>  ---
>  # Reading List
>  
> @@ -24,4 +24,4 @@
>  - [x] The Dispossessed
>  - [-] Infinite Jest (gave up at page 300, no regrets)
>  
> -Older lists: [[Books of 2025]]. #reading/list
> +Older lists: [[Books of 2025]]. #books/list
> diff --git a/pages/Reading/Piranesi.md b/pages/Reading/Piranesi.md
> --- a/pages/Reading/Piranesi.md
> +++ b/pages/Reading/Piranesi.md
> @@ -1,7 +1,7 @@
>  ---
>  author: Susanna Clarke
>  finished: 2026-11-28
> -tags: [reading, fiction]
> +tags: [books, fiction]
>  ...
>  # Piranesi
>  
> diff --git a/pages/Reading/Thinking in Systems.md b/pages/Reading/Thinking in Systems.md
> --- a/pages/Reading/Thinking in Systems.md	
> +++ b/pages/Reading/Thinking in Systems.md	
> @@ -2,7 +2,7 @@
>  title: "Thinking in Systems: A Primer"
>  author: Donella H. Meadows
>  year: 2008
> -tags: [reading, systems]
> +tags: [books, systems]
>  rating: 4
>  ---
>  # Thinking in Systems
2> vault: warning: pages/Evicted Idea.md: not downloaded; its tags are not read or rewritten
$ vault tags rename reading books --skip-unavailable
> archive/pages/Reading/Books of 2025.md: reading -> books
> pages/Reading List.md: reading -> books, #reading/list -> #books/list
> pages/Reading/Piranesi.md: reading -> books
> pages/Reading/Thinking in Systems.md: reading -> books
> 4 notes, 5 tags rewritten
2> vault: warning: pages/Evicted Idea.md: not downloaded; its tags are not read or rewritten
$ vault tags --sort name | grep -e books -e reading
> #books	4
> #books/list	1
# Onto a tag that exists: a merge, said so; a frontmatter list keeps one of the two.
$ vault tags rename to-read '#books' --skip-unavailable
> inbox/Local-first software.md: to-read -> books
> 1 note, 1 tag rewritten, merged into existing #books
2> vault: warning: pages/Evicted Idea.md: not downloaded; its tags are not read or rewritten
$ vault tags --sort name | grep -e books -e to-read
> #books	5
> #books/list	1
# --json says what was rewritten, note by note.
$ vault tags rename Systems thinking --json --skip-unavailable
> {
>   "applied": true,
>   "merged": false,
>   "new": "thinking",
>   "notes": [
>     {
>       "changes": [
>         {
>           "after": "thinking",
>           "before": "systems",
>           "line": 5,
>           "place": "frontmatter"
>         },
>         {
>           "after": "#thinking/feedback",
>           "before": "#systems/feedback",
>           "line": 15,
>           "place": "inline"
>         }
>       ],
>       "path": "pages/Reading/Thinking in Systems.md"
>     }
>   ],
>   "old": "Systems",
>   "skipped": [
>     {
>       "message": "not downloaded; its tags are not read or rewritten",
>       "path": "pages/Evicted Idea.md"
>     }
>   ],
>   "tags": 2
> }
2> vault: warning: pages/Evicted Idea.md: not downloaded; its tags are not read or rewritten
# Bad input: a NEW that is no tag, a tag that no note has, one written only in code.
$ vault tags rename books "two words"
2> vault: error: #two words is not a tag: a tag holds no spaces
2> hint: a tag is letters, digits, _ - and / (nested tags: a/b), not only digits, or in a Logseq graph #[[words]]; a leading # is optional
? 2
$ vault tags rename books 2026
2> vault: error: #2026 is not a tag: a tag of only digits is read as a number, not a tag
2> hint: a tag is letters, digits, _ - and / (nested tags: a/b), not only digits, or in a Logseq graph #[[words]]; a leading # is optional
? 2
$ vault tags rename books ''
2> vault: error: an empty name is not a tag: give NEW as a word, with or without #
2> hint: a tag is letters, digits, _ - and / (nested tags: a/b), not only digits, or in a Logseq graph #[[words]]; a leading # is optional
? 2
$ vault tags rename nowhere somewhere
2> vault: error: no note has #nowhere
2> hint: `vault tags` lists every tag
? 1
$ printf 'Written as code: `#code-only`\n' > pages/Code.md && vault tags rename code-only x
2> vault: error: no note has #code-only: it appears only inside code, comments or links, where it is no tag (pages/Code.md)
2> hint: nothing was changed; code and comments are never rewritten
? 1
$ vault tags rename books
2> vault: error: missing NEW
2> Usage: vault tags [options] [rename OLD NEW]
2> hint: `vault tags --help` shows every option
? 2
$ vault tags frob
2> vault: error: unknown subcommand "frob"; the one there is: rename
2> Usage: vault tags [options] [rename OLD NEW]
2> hint: `vault tags --help` shows every option
? 2
# Nothing written by the refusals, and no journal left.
$ ls .zennotes
> comments
> lock
> trash.json
> vault.json
