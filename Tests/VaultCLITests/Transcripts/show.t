@fixture demo
# A note is named by path, path without .md, title, file name or alias.
$ vault show pages/Errands.md | head -3
> ---
> tags: errands, home
> ---
$ vault show pages/Errands | head -1
> ---
$ vault show "Work laptop (Windows)" | head -2 | od -c | head -2
> 0000000   -   -   -  \r  \n   t   a   g   s   :       [   w   o   r   k
> 0000020   ,       w   i   n   d   o   w   s   ]  \r  \n
$ vault show "Ana P." | head -1
> ---
$ vault show "Ana P." --json
> {
>   "aliases": [
>     "Ana",
>     "Ana P."
>   ],
>   "availability": "available",
>   "frontmatter": {
>     "aliases": [
>       "Ana",
>       "Ana P."
>     ],
>     "company": "Lumen Labs",
>     "tags": [
>       "person",
>       "work"
>     ]
>   },
>   "frontmatterIssues": [],
>   "hasFrontmatter": true,
>   "headings": [
>     {
>       "level": 1,
>       "line": 10,
>       "text": "Ana Pereira"
>     },
>     {
>       "level": 2,
>       "line": 14,
>       "text": "Contact"
>     },
>     {
>       "level": 2,
>       "line": 20,
>       "text": "Notes"
>     },
>     {
>       "level": 2,
>       "line": 27,
>       "text": "Open threads"
>     }
>   ],
>   "isUTF8": true,
>   "kind": "page",
>   "modified": "2026-11-30T12:00:00Z",
>   "path": "pages/People/Ana Pereira.md",
>   "size": 612,
>   "tags": [
>     "person",
>     "work",
>     "to-do"
>   ],
>   "title": "Ana Pereira",
>   "verbatimKeys": []
> }
# An ambiguous name lists the candidates; an unknown one suggests close names.
$ vault show Ideas
2> vault: error: "Ideas" names 2 notes: inbox/Ideas.md, pages/Ideas.md
2> hint: name the note by its path
? 1
$ vault show Erand
2> vault: error: no note named "Erand"
2> hint: `vault list` shows every note
? 1
$ vault show Errand
2> vault: error: no note named "Errand"
2> hint: did you mean: pages/Errands.md
? 1
# A placeholder is not downloaded: never shown as empty.
$ vault show "Evicted Idea"
2> vault: error: pages/Evicted Idea.md is not downloaded from the sync service yet
2> hint: open the file in the sync app (or Finder) to download it, then try again
? 1
# A path is read alone: a fifo named like a note elsewhere in the vault is never met, so
# nothing is said of it.
$ mkfifo pages/Pipe.md && vault show pages/Errands.md | head -1
> ---
# A folder named like a note is no note, asked for with a trailing slash or without.
$ mkdir -p pages/Odd.md && vault show "pages/Odd.md/"
2> vault: error: pages/Odd.md/ is a folder, not a regular file; vault reads only regular files; nothing was read or written
2> hint: remove it or give it another name; a note is a regular file
? 1
