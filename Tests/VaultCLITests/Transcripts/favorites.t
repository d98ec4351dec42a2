@fixture demo
# Favorites live in .zennotes/vault.json as ZenNotes keeps them: a list of note paths.
$ vault favorites
> pages/Projects/Vault CLI.md	Vault CLI
$ vault favorites add Errands
> added pages/Errands.md
$ vault favorites list
> pages/Projects/Vault CLI.md	Vault CLI
> pages/Errands.md	Errands
$ vault favorites list --json
> [
>   {
>     "exists": true,
>     "path": "pages/Projects/Vault CLI.md",
>     "title": "Vault CLI"
>   },
>   {
>     "exists": true,
>     "path": "pages/Errands.md",
>     "title": "Errands"
>   }
> ]
# Every other setting is kept, with 2-space indent and a final newline.
$ cat .zennotes/vault.json
> {
>   "id": "6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10",
>   "dailyNotes": {
>     "folder": "journals"
>   },
>   "favorites": [
>     "pages/Projects/Vault CLI.md",
>     "pages/Errands.md"
>   ],
>   "someFutureKey": {
>     "keep": true
>   }
> }
# Adding a favorite again says so and changes nothing (exit 0).
$ vault favorites add pages/Errands.md
2> vault: warning: pages/Errands.md is already a favorite
$ vault favorites remove "Vault CLI" --dry-run
> diff --git a/.zennotes/vault.json b/.zennotes/vault.json
> --- a/.zennotes/vault.json
> +++ b/.zennotes/vault.json
> @@ -4,7 +4,6 @@
>      "folder": "journals"
>    },
>    "favorites": [
> -    "pages/Projects/Vault CLI.md",
>      "pages/Errands.md"
>    ],
>    "someFutureKey": {
$ vault favorites remove "Vault CLI"
> removed pages/Projects/Vault CLI.md
$ vault favorites remove Errands --json
> {
>   "applied": true,
>   "changed": true,
>   "favorite": false,
>   "path": "pages/Errands.md"
> }
# An empty list exits 1, as a listing that finds nothing does.
$ vault favorites list
? 1
# A favorite whose note is gone is listed as missing and removed by its path.
$ vault favorites add Home && rm Home.md && vault favorites
> added Home.md
> Home.md	(missing)
$ vault favorites remove Home
> removed Home.md
# Bad input.
$ vault favorites remove Errands
2> vault: error: pages/Errands.md is not a favorite
2> hint: the vault has no favorites
? 1
$ vault favorites add Nowhere
2> vault: error: no note named "Nowhere"
2> hint: `vault list` shows every note
? 1
$ vault favorites add Ideas
2> vault: error: "Ideas" names 2 notes: inbox/Ideas.md, pages/Ideas.md
2> hint: name the note by its path
? 1
$ vault favorites add
2> vault: error: missing NOTE
2> Usage: vault favorites [options] [list|add|remove] [NOTE]
2> hint: `vault favorites --help` shows every option
? 2
$ vault favorites pin Errands
2> vault: error: unknown favorites action "pin": choose list, add or remove
2> Usage: vault favorites [options] [list|add|remove] [NOTE]
2> hint: `vault favorites --help` shows every option
? 2
# A favorite follows its note through rename, move, archive and trash, in the same change.
$ vault favorites add Errands >/dev/null && vault rename Errands Chores --skip-unavailable --dry-run 2>/dev/null | grep -A9 'a/.zennotes/vault.json'
> diff --git a/.zennotes/vault.json b/.zennotes/vault.json
> --- a/.zennotes/vault.json
> +++ b/.zennotes/vault.json
> @@ -4,7 +4,7 @@
>      "folder": "journals"
>    },
>    "favorites": [
> -    "pages/Errands.md"
> +    "pages/Chores.md"
>    ],
>    "someFutureKey": {
$ vault rename Errands Chores --skip-unavailable >/dev/null 2>&1 && vault archive Chores --skip-unavailable >/dev/null 2>&1 && vault favorites
> archive/pages/Chores.md	Chores
$ vault unarchive archive/pages/Chores.md --skip-unavailable >/dev/null 2>&1 && vault trash Chores >/dev/null 2>&1 && vault favorites
> trash/pages/Chores.md	Chores
$ vault restore trash/pages/Chores.md >/dev/null && vault favorites
> pages/Chores.md	Chores
