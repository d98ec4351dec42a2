@fixture logseq
# Renaming a namespace's page renames the pages under it with it, as Logseq does: their
# files, their title:: and every link to them (in any case) take the new namespace.
$ vault rename Projects Work
> Moved pages/Projects.md -> pages/Work.md
> Moved pages/Projects___Compost.md -> pages/Work___Compost.md
> Moved pages/Projects___Garden.md -> pages/Work___Garden.md
> Rewrote 5 links in 3 notes
$ ls pages
> Work.md
> Work___Compost.md
> Work___Garden.md
> garden.md
$ cat pages/Work.md pages/Work___Compost.md
> - Index of [[Work/Garden]], [[veg bed]] and [the compost]([[Work/Compost]])
> - A ((64a1f0c2-1111-4b2c-9d3e-123456789abc)) block reference is no file link
> - [[Someday]] has no file yet: Logseq makes the page when it is first linked
> title:: Work/Compost
> 
> - Layers of #[[green waste]] and brown
> 	- DOING turn the heap
$ sed -n 1p pages/Work___Garden.md
> tags:: garden, [[Work]]
# And back: every byte as it was, but the links once written in another case.
$ vault rename Work Projects > /dev/null && ls pages && cat pages/Projects.md
> Projects.md
> Projects___Compost.md
> Projects___Garden.md
> garden.md
> - Index of [[Projects/Garden]], [[veg bed]] and [the compost]([[Projects/Compost]])
> - A ((64a1f0c2-1111-4b2c-9d3e-123456789abc)) block reference is no file link
> - [[Someday]] has no file yet: Logseq makes the page when it is first linked
# A namespace whose own page has no file (Logseq keeps it in its database) is renamed
# through the pages under it; a link to it, a page without a file, stays.
$ printf -- '- the soil\n' > pages/Beds___Soil.md && printf -- '- [[Beds/Soil]] and [[Beds]]\n' >> pages/garden.md && vault rename Beds Plots
> Moved pages/Beds___Soil.md -> pages/Plots___Soil.md
> Rewrote 1 link in 1 note
$ cat pages/garden.md
> - garden things
> - [[Plots/Soil]] and [[Beds]]
# A hand-written #[[garden]] keeps its brackets through a rename and back; #garden stays #garden.
$ printf -- '- #[[garden]] too\n' >> pages/Projects___Garden.md && vault rename garden plot > /dev/null && grep -h 'plot' pages/Projects___Garden.md
> tags:: plot, [[Projects]]
> 	- TODO buy seeds #plot
> - #[[plot]] too
$ vault rename plot garden > /dev/null && grep -h 'garden' pages/Projects___Garden.md
> tags:: garden, [[Projects]]
> 	- TODO buy seeds #garden
> - #[[garden]] too
