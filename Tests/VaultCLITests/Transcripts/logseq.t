@fixture logseq
# A Logseq graph (a folder with logseq/config.edn) is a vault root, found from inside it.
# Its tasks are blocks starting with Logseq's words; a journal's task is due on its day.
$ cd pages && vault tasks
> journals/2026_11_29.md:1@6be030	[TODO] call about the [[Projects/Garden]] soil test	(due 2026-11-29)
> journals/2026_11_29.md:2@7ff364	[NOW] read ![photo](../assets/bed.png)	(due 2026-11-29)
> pages/Projects___Compost.md:4@671099	[DOING] turn the heap
> pages/Projects___Garden.md:5@484cf1	[TODO] buy seeds #garden
> pages/Projects___Garden.md:6@22df3b	[LATER] build a [[Projects/Compost]] bin
# Pages are titled by their page names: a___b.md is a/b, a journal its day in the title format.
$ vault list
> journals/2026_11_29.md	Nov 29th, 2026
> pages/Projects.md	Projects
> pages/Projects___Compost.md	Projects/Compost
> pages/Projects___Garden.md	Projects/Garden
> pages/garden.md	garden
# Marking one done writes Logseq's own word.
$ vault task "journals/2026_11_29.md:1@6be030" done
> journals/2026_11_29.md:1@6be030	[DONE] call about the [[Projects/Garden]] soil test	(due 2026-11-29)
$ sed -n 1p journals/2026_11_29.md
> - DONE call about the [[Projects/Garden]] soil test
$ vault tasks --status all --note "Projects/Garden"
> pages/Projects___Garden.md:5@484cf1	[TODO] buy seeds #garden
> pages/Projects___Garden.md:6@22df3b	[LATER] build a [[Projects/Compost]] bin
> pages/Projects___Garden.md:7@f42e69	[DONE] dig the first bed
# Renaming a namespaced page renames its file in the graph's format and rewrites [[p]],
# ([[p]]) in any case, and keeps its title:: in step.
$ vault rename "Projects/Compost" "Projects/Worm farm"
> Moved pages/Projects___Compost.md -> pages/Projects___Worm farm.md
> Rewrote 2 links in 2 notes
$ ls pages
> Projects.md
> Projects___Garden.md
> Projects___Worm farm.md
> garden.md
$ cat pages/Projects___Worm\ farm.md pages/Projects.md
> title:: Projects/Worm farm
> 
> - Layers of #[[green waste]] and brown
> 	- DOING turn the heap
> - Index of [[Projects/Garden]], [[veg bed]] and [the compost]([[Projects/Worm farm]])
> - A ((64a1f0c2-1111-4b2c-9d3e-123456789abc)) block reference is no file link
> - [[Someday]] has no file yet: Logseq makes the page when it is first linked
$ sed -n 6p pages/Projects___Garden.md
> 	- LATER build a [[Projects/Worm farm]] bin
# Links to pages with no file are not broken in Logseq; the missing picture is.
$ vault check
> Dangling links (1)
>   journals/2026_11_29.md:2: ![photo](../assets/bed.png)
> Pages without a file: 2 pages, named by 2 links (not broken: Logseq makes a page when it is first linked; --json lists them)
? 1
$ vault backlinks "Projects/Garden"
> journals/2026_11_29.md:1: - DONE call about the [[Projects/Garden]] soil test
> pages/Projects.md:1: - Index of [[Projects/Garden]], [[veg bed]] and [the compost]([[Projects/Worm farm]])
> pages/Projects.md:1: - Index of [[Projects/Garden]], [[veg bed]] and [the compost]([[Projects/Worm farm]])
# Logseq writes asset paths with spaces and parentheses as they are; a move keeps them so.
$ mkdir assets && printf png > "assets/bed (1).png" && printf -- '- the bed ![bed](../assets/bed (1).png)\n' >> pages/garden.md && vault move "assets/bed (1).png" "assets/raised bed (2).png" && tail -1 pages/garden.md
> Moved assets/bed (1).png -> assets/raised bed (2).png
> Rewrote 1 link in 1 note
> - the bed ![bed](../assets/raised bed (2).png)
$ vault links garden
> 2: ![bed](../assets/raised bed (2).png) -> assets/raised bed (2).png
# A tag of words is written #[[green waste]], and is renamed as such, into one word or more.
$ vault tags
> #Projects	1
> #garden	1
> #[[green waste]]	1
$ vault tags rename "green waste" "brown matter" && sed -n 3p "pages/Projects___Worm farm.md"
> pages/Projects___Worm farm.md: #[[green waste]] -> #[[brown matter]]
> 1 note, 1 tag rewritten
> - Layers of #[[brown matter]] and brown
$ vault tags rename "#[[brown matter]]" greens && sed -n 3p "pages/Projects___Worm farm.md"
> pages/Projects___Worm farm.md: #[[brown matter]] -> #[[greens]]
> 1 note, 1 tag rewritten
> - Layers of #[[greens]] and brown
$ vault tags rename "greens" "[[x]] y"
2> vault: error: #[[x]] y is not a tag: a tag's name holds no [ or ]
2> hint: a tag is letters, digits, _ - and / (nested tags: a/b), not only digits, or in a Logseq graph #[[words]]; a leading # is optional
? 2
# A new journal is named in the journal file-name format.
$ vault journal 2026-12-01
> journals/2026_12_01.md
# What is added to a page goes in as a block, as Logseq adds it; a block written as one stays so.
$ vault append journals/2026_11_29.md "a thought" >/dev/null && printf 'two lines\nof it\n' | vault append journals/2026_11_29.md - >/dev/null && vault append journals/2026_11_29.md "- TODO given as a block" >/dev/null && tail -4 journals/2026_11_29.md
> - a thought
> - two lines
>   of it
> - TODO given as a block
# A config.edn that does not parse is said once; the defaults are used.
$ printf '{:file/name-format' > logseq/config.edn && vault journal 2026-12-02
> journals/2026_12_02.md
2> vault: warning: logseq/config.edn does not parse (line 1: { is not closed); Logseq's default settings are used
