@fixture demo
# A note's comments, from its sidecar .zennotes/comments/<note path>.comments.json.
$ vault comments "Reading List"
> c-2f8e91	2026-11-28T09:14:00Z	open	Ana says the ending lands better on a second read. Maybe re-read in spring?
> c-5a07d3	2026-11-29T21:02:37Z	open	Page 300 was generous.
$ vault comments "Reading List" --json
> {
>   "comments": [
>     {
>       "anchor": "Piranesi by Susanna Clarke",
>       "body": "Ana says the ending lands better on a second read. Maybe re-read in spring?",
>       "createdAt": "2026-11-28T09:14:00Z",
>       "id": "c-2f8e91",
>       "resolved": false
>     },
>     {
>       "anchor": "Infinite Jest",
>       "body": "Page 300 was generous.",
>       "createdAt": "2026-11-29T21:02:37Z",
>       "id": "c-5a07d3",
>       "resolved": false
>     }
>   ],
>   "note": "pages/Reading List.md"
> }
# An added comment is dated by the clock (VAULT_NOW) and its id printed.
$ vault comments "Reading List" --add "Finish Piranesi first"
> c-8f7a62
$ vault comments "Reading List" --resolve c-2f8e91
> resolved c-2f8e91
$ vault comments "Reading List"
> c-2f8e91	2026-11-28T09:14:00Z	resolved	Ana says the ending lands better on a second read. Maybe re-read in spring?
> c-5a07d3	2026-11-29T21:02:37Z	open	Page 300 was generous.
> c-8f7a62	2026-11-30T12:00:00Z	open	Finish Piranesi first
# The fields vault does not know (anchor) are kept as they were.
$ cat ".zennotes/comments/pages/Reading List.md.comments.json"
> {
>   "version": 1,
>   "comments": [
>     {
>       "id": "c-2f8e91",
>       "body": "Ana says the ending lands better on a second read. Maybe re-read in spring?",
>       "createdAt": "2026-11-28T09:14:00Z",
>       "anchor": "Piranesi by Susanna Clarke",
>       "resolved": true,
>       "resolvedAt": "2026-11-30T12:00:00Z"
>     },
>     {
>       "id": "c-5a07d3",
>       "body": "Page 300 was generous.",
>       "createdAt": "2026-11-29T21:02:37Z",
>       "anchor": "Infinite Jest"
>     },
>     {
>       "id": "c-8f7a62",
>       "body": "Finish Piranesi first",
>       "createdAt": "2026-11-30T12:00:00Z"
>     }
>   ]
> }
$ vault comments "Reading List" --resolve c-2f8e91
2> vault: warning: comment c-2f8e91 of pages/Reading List.md is resolved already
# A note without comments gets a sidecar at its first one; text can come from stdin.
$ vault comments Errands
? 1
$ echo "Ask Ana about the parcel" | vault comments Errands --add - --dry-run
> diff --git a/.zennotes/comments/pages/Errands.md.comments.json b/.zennotes/comments/pages/Errands.md.comments.json
> new file mode 100644
> --- /dev/null
> +++ b/.zennotes/comments/pages/Errands.md.comments.json
> @@ -0,0 +1,10 @@
> +{
> +  "version": 1,
> +  "comments": [
> +    {
> +      "id": "c-6792d5",
> +      "body": "Ask Ana about the parcel",
> +      "createdAt": "2026-11-30T12:00:00Z"
> +    }
> +  ]
> +}
$ echo "Ask Ana about the parcel" | vault comments Errands --add -
> c-6792d5
$ cat .zennotes/comments/pages/Errands.md.comments.json
> {
>   "version": 1,
>   "comments": [
>     {
>       "id": "c-6792d5",
>       "body": "Ask Ana about the parcel",
>       "createdAt": "2026-11-30T12:00:00Z"
>     }
>   ]
> }
# The sidecar moves with its note.
$ vault rename Errands Chores --skip-unavailable >/dev/null 2>&1 && vault comments Chores
> c-6792d5	2026-11-30T12:00:00Z	open	Ask Ana about the parcel
# Bad input.
$ vault comments Chores --resolve c-000000
2> vault: error: pages/Chores.md has no comment c-000000
2> hint: `vault comments "pages/Chores.md"` lists them: c-6792d5
? 1
$ vault comments Chores --add "  "
2> vault: error: the comment is empty: give its text after --add
2> Usage: vault comments [options] NOTE
2> hint: `vault comments --help` shows every option
? 2
$ vault comments Chores --add x --resolve y
2> vault: error: --add and --resolve go one at a time
2> Usage: vault comments [options] NOTE
2> hint: `vault comments --help` shows every option
? 2
$ vault comments Nowhere
2> vault: error: no note named "Nowhere"
2> hint: `vault list` shows every note
? 1
# A comment of several lines, CRLF or LF, is listed on one line; one of a zero-width space is empty.
$ vault comments Chores --add "$(printf 'first\r\nsecond\nthird')" > /dev/null && vault comments Chores | tail -1 | cut -f 3-
> open	first second third
$ vault comments Chores --add "$(printf '\342\200\213')"
2> vault: error: the comment is empty: give its text after --add
2> Usage: vault comments [options] NOTE
2> hint: `vault comments --help` shows every option
? 2
