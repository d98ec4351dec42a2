@fixture demo
# A move prints one line per moved note.
$ mkdir -p pages/Garden && printf '# Roses\n' > pages/Garden/Roses.md && printf '# Tulips\n' > pages/Garden/Tulips.md && vault move pages/Garden archive/ --skip-unavailable
> Moved pages/Garden/Roses.md -> archive/Garden/Roses.md
> Moved pages/Garden/Tulips.md -> archive/Garden/Tulips.md
> Rewrote 0 links in 0 notes
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
# find puts the alias that matched in a column of its own, after the title.
$ vault find kyoto
> pages/京都旅行.md	京都旅行	Kyoto trip
$ vault find kyoto | cut -f2
> 京都旅行
# A capture ends with a line break, even when its text has none.
$ printf 'two lines\nfrom a pipe' | vault capture --inbox && od -c "inbox/two lines.md" | tail -2
> inbox/two lines.md
> 0000020       p   i   p   e  \n
> 0000026
# A second link from one host is named after its page, not numbered.
$ vault capture https://www.swift.org/ && vault capture https://www.swift.org/documentation/api-design-guidelines/
> quick/swift.org.md
> quick/swift.org documentation api-design-guidelines.md
$ vault capture "https://www.swift.org/search.html?q=actors"
> quick/swift.org search.md
$ vault capture --force https://www.swift.org/
> quick/swift.org 2.md
