@fixture empty
# A code span that opens inside a wikilink is the link's own: a ]] in it closes nothing,
# and the link ends at the first ]] after it. One before the [[ hides the link.
$ vault init . > /dev/null && printf '# Old\n' > pages/Old.md && printf '[[Old|`a]]b` c]] and `[[Old|not]]`\n' > pages/Ref.md && vault links pages/Ref.md
> 1: [[Old|`a]]b` c]] -> pages/Old.md
$ vault rename Old New > /dev/null && cat pages/Ref.md
> [[New|`a]]b` c]] and `[[Old|not]]`
# A backslash escape in a destination is the character it escapes: foo\(bar\).md is
# foo(bar).md. A rename escapes the new name the same way (a space still as %20), and back.
$ printf 'body\n' > 'pages/foo(bar).md' && printf '[x][a] and [y](foo\\(bar.md)\n\n[a]: foo\\(bar\\).md "T"\n[b]: <foo\\(bar\\).md>\n' > pages/Esc.md && vault links pages/Esc.md
> 1: [x][a] -> pages/foo(bar).md
> 1: [y](foo\(bar.md) -> (dangling)
> 3: [a]: foo\(bar\).md "T" -> pages/foo(bar).md
> 4: [b]: <foo\(bar\).md> -> pages/foo(bar).md
$ vault rename "foo(bar)" "baz (1)"
> Moved pages/foo(bar).md -> pages/baz (1).md
> Rewrote 2 links in 1 note
$ cat pages/Esc.md
> [x][a] and [y](foo\(bar.md)
> 
> [a]: baz%20\(1\).md "T"
> [b]: <baz \(1\).md>
$ vault rename "baz (1)" "foo(bar)" > /dev/null && cat pages/Esc.md
> [x][a] and [y](foo\(bar.md)
> 
> [a]: foo\(bar\).md "T"
> [b]: <foo\(bar\).md>
# Broken definitions are found in block quotes and list items too, after their marks.
$ printf '> [quoted]: <New.md\n\n- [item]: New.md "open\n- [fine]: New.md\n' > pages/Bad.md && vault check
> Dangling links (1)
>   pages/Esc.md:1: [y](foo\(bar.md)
> Broken reference definitions (2)
>   pages/Bad.md: line 1: [quoted]: <New.md is no link reference definition: its target's < is not closed
>   pages/Bad.md: line 3: [item]: New.md "open is no link reference definition: its title's quote is not closed
? 1
