@fixture demo
# --json on the commands that add text: the note, where the text went, the text, written or not.
$ vault append pages/Errands.md "- [ ] bulbs for the balcony" --json && tail -1 pages/Errands.md
> {
>   "applied": true,
>   "path": "pages/Errands.md",
>   "position": "end",
>   "text": "- [ ] bulbs for the balcony"
> }
> - [ ] bulbs for the balcony
$ vault prepend pages/Errands.md "Start here" --json
> {
>   "applied": true,
>   "path": "pages/Errands.md",
>   "position": "start",
>   "text": "Start here"
> }
$ vault append pages/Errands.md "- [ ] only a plan" --json --dry-run && tail -1 pages/Errands.md
> {
>   "applied": false,
>   "path": "pages/Errands.md",
>   "position": "end",
>   "text": "- [ ] only a plan"
> }
> - [ ] bulbs for the balcony
$ VAULT_TODAY=2026-11-30 vault journal --append "- met Tom for coffee" --json
> {
>   "applied": true,
>   "path": "journals/2026-11-30.md",
>   "position": "end",
>   "text": "- met Tom for coffee"
> }
# --json on trash --empty: the notes deleted.
$ vault trash pages/Errands.md --quiet && vault trash --empty --dry-run --json
> pages/Errands.md -> trash/pages/Errands.md
> {
>   "applied": false,
>   "deleted": [
>     "trash/pages/Errands.md",
>     "trash/pages/Gym Plan.md"
>   ]
> }
$ vault trash --empty --yes --json && ls trash
> {
>   "applied": true,
>   "deleted": [
>     "trash/pages/Errands.md",
>     "trash/pages/Gym Plan.md"
>   ]
> }
$ vault trash --empty --yes --json
> {
>   "applied": false,
>   "deleted": []
> }
# --dry-run --json on archive (as on unarchive, trash and restore): the plan, as move prints it.
$ vault archive "pages/Café Olé.md" --dry-run --json --skip-unavailable
> {
>   "applied": false,
>   "conflicts": [],
>   "edits": [],
>   "moves": [
>     {
>       "from": "pages/Café Olé.md",
>       "to": "archive/pages/Café Olé.md"
>     }
>   ],
>   "sidecars": [],
>   "skipped": [
>     {
>       "message": "not downloaded; links in it are not rewritten",
>       "path": "pages/Evicted Idea.md"
>     }
>   ]
> }
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
