@fixture empty
# vault writes only links it reads back. A title with # ^ [ ] | names a file without them
# (no link could reach it otherwise), and its heading keeps the title as written.
$ vault init . > /dev/null && printf '# Old\n\nbody\n' > pages/Old.md && printf '[[Old]], [o](Old.md) and `code`\n' > pages/Ref.md
$ vault rename Old "C# tips"
> Moved pages/Old.md -> pages/C- tips.md
> Rewrote 2 links in 1 note
$ cat pages/Ref.md "pages/C- tips.md"
> [[C- tips]], [o](C-%20tips.md) and `code`
> # C# tips
> 
> body
$ vault check
> No problems found.
# Parentheses are percent-encoded in markdown links; backlinks and the next rename find them.
$ vault rename "C# tips" "Tips (draft)" > /dev/null && cat pages/Ref.md
> [[Tips (draft)]], [o](Tips%20%28draft%29.md) and `code`
$ vault backlinks "Tips (draft)"
> pages/Ref.md:1: [[Tips (draft)]], [o](Tips%20%28draft%29.md) and `code`
> pages/Ref.md:1: [[Tips (draft)]], [o](Tips%20%28draft%29.md) and `code`
# A backtick in the new name would start inline code that runs to the `code` after the
# wikilink, hiding it: the rename is refused before anything is written.
$ vault rename "Tips (draft)" 'a`b'
2> vault: error: the change would write [[a`b]] in pages/Ref.md, and it would not be read back as that link; nothing was changed
2> hint: choose a name without the characters that break the link, or rewrite that link by hand first
? 1
$ ls pages
> Ref.md
> Tips (draft).md
# A line break never reaches a file name or a heading.
$ vault new "$(printf 'First line\nsecond line')"
> pages/First line second line.md
$ cat "pages/First line second line.md"
> # First line second line
> 
