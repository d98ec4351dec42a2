@fixture demo
# A copy beside the note, titled "<title> copy"; its title heading follows.
$ vault duplicate "Reading List"
> pages/Reading List copy.md
$ diff "pages/Reading List.md" "pages/Reading List copy.md"
> 4c4
> < # Reading List
> ---
> > # Reading List copy
? 1
# A second copy is numbered; the comments stay with the original.
$ vault duplicate "Reading List" --json
> {
>   "applied": true,
>   "from": "pages/Reading List.md",
>   "path": "pages/Reading List copy 2.md"
> }
$ grep -m1 '^# ' "pages/Reading List copy 2.md"
> # Reading List copy 2
$ ls .zennotes/comments/pages
> Reading List.md.comments.json
$ vault duplicate Errands --title "Chores: December" --dry-run | head -8
> diff --git a/pages/Chores- December.md b/pages/Chores- December.md
> new file mode 100644
> --- /dev/null
> +++ b/pages/Chores- December.md	
> @@ -0,0 +1,20 @@
> +---
> +tags: errands, home
> +---
$ vault duplicate Errands --title "Chores: December"
> pages/Chores- December.md
# Bad input.
$ vault duplicate Nowhere
2> vault: error: no note named "Nowhere"
2> hint: `vault list` shows every note
? 1
$ vault duplicate Ideas
2> vault: error: "Ideas" names 2 notes: inbox/Ideas.md, pages/Ideas.md
2> hint: name the note by its path
? 1
$ vault duplicate "trash/pages/Gym Plan.md"
2> vault: error: trash/pages/Gym Plan.md is in the trash; restore it first
? 1
$ vault duplicate Errands --title "///"
2> vault: error: "///" cannot name a note: it has no letter or digit a file name can keep
? 2
