@fixture empty
# Link reference definitions (`[label]: target "title"`, as Foam writes them under a note)
# are links: listed, checked, and rewritten by a rename in their own form, title and angle
# brackets kept. A use (`[text][label]`) leads where its definition does: listed, never
# rewritten itself.
# Inline code inside a link's text or heading does not hide the link.
$ vault init . > /dev/null && printf '# Functions\n\n## `hasTag`\n' > pages/Functions.md
$ printf '[[Functions#`hasTag`|`hasTag`]] and [the `f` page][functions] and [`a]b`](Functions.md)\n\n[functions]: Functions.md "All Functions"\n[angle]: <Functions.md#`hasTag`> '"'"'F'"'"'\n[gone]: Gone.md\n' > pages/Ref.md
$ vault links pages/Ref.md
> 1: [[Functions#`hasTag`|`hasTag`]] -> pages/Functions.md
> 1: [the `f` page][functions] -> pages/Functions.md
> 1: [`a]b`](Functions.md) -> pages/Functions.md
> 3: [functions]: Functions.md "All Functions" -> pages/Functions.md
> 4: [angle]: <Functions.md#`hasTag`> 'F' -> pages/Functions.md
> 5: [gone]: Gone.md -> (dangling)
$ vault check
> Dangling links (1)
>   pages/Ref.md:5: [gone]: Gone.md
? 1
# Not definitions (CommonMark reads them as text): no target, a title with unbalanced quotes,
# one inside code. No links, and a rename leaves them be; check names the two meant as
# definitions and says why they are none (the one in code is an example).
$ printf '[none]:\n\n[open]: Functions.md "unbalanced\n\n```\n[code]: Functions.md\n```\n' > pages/Bad.md && vault links pages/Bad.md
? 1
$ vault check
> Dangling links (1)
>   pages/Ref.md:5: [gone]: Gone.md
> Broken reference definitions (2)
>   pages/Bad.md: line 1: [none]: is no link reference definition: it has no target
>   pages/Bad.md: line 3: [open]: Functions.md "unbalanced is no link reference definition: its title's quote is not closed
? 1
$ vault rename Functions "Query Functions"
> Moved pages/Functions.md -> pages/Query Functions.md
> Rewrote 4 links in 1 note
$ cat pages/Ref.md pages/Bad.md
> [[Query Functions#`hasTag`|`hasTag`]] and [the `f` page][functions] and [`a]b`](Query%20Functions.md)
> 
> [functions]: Query%20Functions.md "All Functions"
> [angle]: <Query Functions.md#`hasTag`> 'F'
> [gone]: Gone.md
> [none]:
> 
> [open]: Functions.md "unbalanced
> 
> ```
> [code]: Functions.md
> ```
$ vault backlinks "Query Functions"
> pages/Ref.md:1: [[Query Functions#`hasTag`|`hasTag`]] and [the `f` page][functions] and [`a]b`](Query%20Functions.md)
> pages/Ref.md:1: [[Query Functions#`hasTag`|`hasTag`]] and [the `f` page][functions] and [`a]b`](Query%20Functions.md)
> pages/Ref.md:1: [[Query Functions#`hasTag`|`hasTag`]] and [the `f` page][functions] and [`a]b`](Query%20Functions.md)
> pages/Ref.md:3: [functions]: Query%20Functions.md "All Functions"
> pages/Ref.md:4: [angle]: <Query Functions.md#`hasTag`> 'F'
