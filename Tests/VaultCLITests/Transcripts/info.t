@fixture demo
$ vault info
> Vault  <tmp>/demo
> id     6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10
> 
> Notes  40
>   journal       9  journals/
>   page         20  pages/
>   inbox         3  inbox/
>   quick         4  quick/
>   archive       2  archive/
>   trash         1  trash/
>   other         1  (elsewhere)
> 
> Tags               31
> Attachments        1
> Not downloaded     1
>   pages/Evicted Idea.md
> Unreadable         0
> Not UTF-8          0
> Frontmatter issues 0
> Conflict copies    2
>   inbox/Call notes (Ana's conflicted copy 2026-11-27).md  (dropbox copy of inbox/Call notes.md)
>   pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md  (syncthing copy of pages/Reading List.md)
> 
> Layout (default)
>   journals journals/
>   pages    pages/
>   inbox    inbox/
>   quick    quick/
>   archive  archive/
>   trash    trash/
$ vault info --json | head -30
> {
>   "conflictCopies": [
>     {
>       "modified": "2026-11-30T12:00:00Z",
>       "originalPath": "inbox/Call notes.md",
>       "path": "inbox/Call notes (Ana's conflicted copy 2026-11-27).md",
>       "size": 343,
>       "tool": "dropbox"
>     },
>     {
>       "modified": "2026-11-30T12:00:00Z",
>       "originalPath": "pages/Reading List.md",
>       "path": "pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md",
>       "size": 598,
>       "tool": "syncthing"
>     }
>   ],
>   "id": "6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10",
>   "layout": {
>     "archive": "archive",
>     "inbox": "inbox",
>     "journals": "journals",
>     "pages": "pages",
>     "quick": "quick",
>     "trash": "trash"
>   },
>   "remapped": false,
>   "root": "<tmp>/demo",
>   "summary": {
>     "assets": 1,
$ vault tags
> #project/vault	6
> #reading	4
> #2026-goals	3
> #café	2
> #project	2
> #to-do	2
> #work	2
> #archive-import	1
> #cooking	1
> #errands	1
> #fiction	1
> #fiction/fantasy	1
> #gifts	1
> #health	1
> #home	1
> #meeting	1
> #person	1
> #reading/list	1
> #recipe	1
> #snippets	1
> #snippets/shell	1
> #swift	1
> #sync	1
> #systems	1
> #systems/feedback	1
> #template	1
> #to-read	1
> #travel	1
> #travel/japan	1
> #windows	1
> #windows/setup	1
$ vault tags --sort name | head -5
> #2026-goals	3
> #archive-import	1
> #café	2
> #cooking	1
> #errands	1
$ vault tags --json | head -9
> [
>   {
>     "count": 6,
>     "tag": "project/vault"
>   },
>   {
>     "count": 4,
>     "tag": "reading"
>   },
