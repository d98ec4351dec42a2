@fixture demo
# Capture: arguments or standard input, into quick/ (or --inbox); prints the path.
$ vault capture "Call the plumber about the boiler"
> quick/Call the plumber about the boiler.md
$ printf 'two lines\nfrom a pipe' | vault capture --inbox
> inbox/two lines.md
$ cat "inbox/two lines.md"
> two lines
> from a pipe
$ echo "https://www.swift.org/documentation/" | vault capture --tag swift
> quick/swift.org.md
$ cat quick/swift.org.md
> ---
> tags: [swift]
> ---
> https://www.swift.org/documentation/
# The same link again: where it already is, with the new tag added, exit 0.
$ vault capture https://www.swift.org/documentation/ --tag docs
> quick/swift.org.md
2> vault: warning: already captured in quick/swift.org.md (added tags: docs)
$ vault capture https://www.swift.org/documentation/ --force
> quick/swift.org documentation.md
$ vault capture --title "Named" "body text" --json | sed 's/"created": ".*"/"created": "<now>"/'
> {
>   "addedTags": [],
>   "alreadyCaptured": false,
>   "created": "<now>",
>   "path": "quick/Named.md",
>   "title": "Named"
> }
# Nothing to capture is an error, not an empty note.
$ vault capture < /dev/null
2> vault: error: nothing to capture: the text is empty
2> hint: give the text as arguments, or pipe it in: echo "text" | vault capture
? 2
$ vault capture ""
2> vault: error: nothing to capture: the text is empty
2> hint: give the text as arguments, or pipe it in: echo "text" | vault capture
? 2
# New pages, append and prepend.
$ vault new "Garden: plan / 2027"
> pages/Garden- plan - 2027.md
$ vault new Errands
> pages/Errands 2.md
$ vault new "???"
2> vault: error: "???" cannot name a note: it has no letter or digit a file name can keep
? 2
$ vault new ".."
2> vault: error: ".." cannot name a note: it has no letter or digit a file name can keep
? 2
$ vault append pages/Errands.md "- [ ] bulbs for the balcony" && tail -1 pages/Errands.md
> pages/Errands.md
> - [ ] bulbs for the balcony
$ echo "Added from a script" | vault prepend "pages/Café Olé.md" - && head -3 "pages/Café Olé.md"
> pages/Café Olé.md
> # Café Olé
> 
> Added from a script
$ vault append pages/Errands --dry-run "- [ ] only a plan"
> diff --git a/pages/Errands.md b/pages/Errands.md
> --- a/pages/Errands.md
> +++ b/pages/Errands.md
> @@ -19,3 +19,4 @@
>  - [/] Sort out the tax papers, and finish the [budget](Budget%20%2850%25%20draft%29.md)
>  - [ ] Tax return, notes in [[Tax return 2026]] 🔽
>  - [ ] bulbs for the balcony
> +- [ ] only a plan
# Plain text after a list item stands apart: run on, it would join the item.
$ vault append pages/Errands "Call the shop first." && tail -3 pages/Errands.md
> pages/Errands.md
> - [ ] bulbs for the balcony
> 
> Call the shop first.
$ vault append "No such note" "text"
2> vault: error: no note named "No such note"
2> hint: `vault list` shows every note
? 1
$ printf '  \n' | vault append pages/Errands.md -
2> vault: error: nothing to append: the text is empty
2> hint: give the text, or - to read it from standard input
? 2
$ vault journal 2026-11-30 --append ""
2> vault: error: nothing to append: the text is empty
2> hint: give the text, or - to read it from standard input
? 2
$ vault append Ideas "text"
2> vault: error: "Ideas" names 2 notes: inbox/Ideas.md, pages/Ideas.md
2> hint: name the note by its path
? 1
# Into a journal: today's (made when absent), or a Logseq-named one as it is.
$ echo "a piped thought" | VAULT_TODAY=2026-12-01 vault capture --journal
> journals/2026-12-01.md
$ cat journals/2026-12-01.md
> # 2026-12-01
> 
> a piped thought
$ VAULT_TODAY=2026-11-30 vault journal --append "- met Tom for coffee" && tail -1 journals/2026-11-30.md
> journals/2026-11-30.md
> - met Tom for coffee
$ vault journal 2026-11-16 --append "- a line for Logseq's file" && tail -1 journals/2026_11_16.md
> journals/2026_11_16.md
> - a line for Logseq's file
$ vault journal 2026-13-01 --append "text"
2> vault: error: DATE must be today, yesterday, tomorrow, YYYY-MM-DD or -N, not "2026-13-01"
2> Usage: vault journal [options] [DATE]
2> hint: `vault journal --help` shows every option
? 2
$ vault capture --journal --inbox "text"
2> vault: error: --journal goes without --inbox, --title and --tag
2> Usage: vault capture [options] [TEXT...]
2> hint: `vault capture --help` shows every option
? 2
# Standard input that never ends, or cannot be read, is an error, and nothing is written.
$ vault capture < /dev/zero
2> vault: error: standard input holds more than 256 MiB, more than a note takes; nothing was written
2> hint: split the text, or write it to a file in the vault with another program
? 1
$ vault capture <&-
2> vault: error: standard input cannot be read (Bad file descriptor); nothing was written
2> hint: give the text as an argument, or pipe it in
? 1
$ vault append Errands - < /
2> vault: error: standard input cannot be read (Is a directory); nothing was written
2> hint: give the text as an argument, or pipe it in
? 1
$ ls quick | wc -l
> 8
