@fixture logseq-org
# In a Logseq graph, .org pages are notes: listed, found and shown as markdown pages are, an
# org journal titled by its day, a page by its #+TITLE:.
$ vault list
> journals/2026_11_28.org	Nov 28th, 2026
> pages/Projects___Garden.md	Projects/Garden
> pages/Seed_box.org	Seed Box
> pages/garden.md	garden
$ vault find packets
> pages/Seed_box.org	Seed Box	Packets
$ vault show "Seeds" | head -2
> #+TITLE: Seed Box
> #+alias: Seeds, Packets
# Headlines starting with Logseq's words are tasks; code blocks and spans hold none.
$ vault tasks --status all
> journals/2026_11_28.org:4@f10195	[NOW] water the seedlings	(due 2026-11-28)
> journals/2026_11_28.org:5@f9a0ef	[WAITING] the order of [[seed box][more packets]]	(due 2026-11-28)
> pages/Projects___Garden.md:4@f42e69	[TODO] dig the first bed
> pages/Seed_box.org:5@ad3a25	[TODO] buy tomato seeds #garden
> pages/Seed_box.org:6@9a82f2	[DOING] sort the packets by #[[sowing month]]	(0/1 done)
> pages/Seed_box.org:7@43b82c	[LATER] label the jars
> pages/Seed_box.org:8@d27337	[DONE] count what is left
> pages/Seed_box.org:13@0f285c	[TODO] in ~code [[Not A Page]]~ and =#notatag= the spans hide nothing of the task
$ vault links "Seed Box"
> 2: Seeds -> pages/Seed_box.org
> 2: Packets -> pages/Seed_box.org
> 4: [[Projects/Garden]] -> pages/Projects___Garden.md
> 4: [[Garden plan][plan]] -> (dangling)
> 5: #garden -> pages/garden.md
> 6: #[[sowing month]] -> (dangling)
> 14: [[Nov 28th, 2026]] -> journals/2026_11_28.org
> 14: [[file:../assets/stand.png][the stand]] -> (dangling)
$ vault backlinks "Seed Box"
> journals/2026_11_28.org:3: * Market day for the [[Seeds]]
> journals/2026_11_28.org:5: ** WAITING the order of [[seed box][more packets]]
> pages/Projects___Garden.md:3: - The beds, sown from the [[Seed Box]]
> pages/Projects___Garden.md:5: - Packets are in [[packets]]
$ vault check
> Dangling links (1)
>   pages/Seed_box.org:14: [[file:../assets/stand.png][the stand]]
> Pages without a file: 2 pages, named by 2 links (not broken: Logseq makes a page when it is first linked; --json lists them)
? 1
# Marking one done writes the word in place.
$ vault task "journals/2026_11_28.org:4@f10195" done && sed -n 4p journals/2026_11_28.org
> journals/2026_11_28.org:4@f10195	[DONE] water the seedlings	(due 2026-11-28)
> ** DONE water the seedlings
# A rename of an org page keeps .org and #+TITLE: in step, and rewrites [[p]] and [[p][label]]
# in their own forms; so does the rename of a markdown page an org page links to.
$ vault rename "Seed Box" "Seed Shelf"
> Moved pages/Seed_box.org -> pages/Seed Shelf.org
> Rewrote 2 links in 2 notes
$ head -1 "pages/Seed Shelf.org" && sed -n 5p journals/2026_11_28.org && sed -n 3p pages/Projects___Garden.md
> #+TITLE: Seed Shelf
> ** WAITING the order of [[Seed Shelf][more packets]]
> - The beds, sown from the [[Seed Shelf]]
$ vault rename "Projects/Garden" "Projects/Veg beds" && sed -n 4p "pages/Seed Shelf.org"
> Moved pages/Projects___Garden.md -> pages/Projects___Veg beds.md
> Rewrote 1 link in 1 note
> * What to sow in [[Projects/Veg beds]], with the [[Garden plan][plan]] and [[https://example.com/seeds][a catalogue]]
# A name that would break an org link is refused, nothing written.
$ vault rename "Seed Shelf" "Seed]]Shelf"
2> vault: error: the change would write [[Seed]]Shelf][more packets]] in journals/2026_11_28.org, and it would not be read back as that link; nothing was changed
2> hint: choose a name without the characters that break the link, or rewrite that link by hand first
? 1
$ ls pages
> Projects___Veg beds.md
> Seed Shelf.org
> garden.md
> notes.org.txt
# Without logseq/config.edn the folder is no Logseq graph, and a .org file is an attachment.
$ rm -r logseq && vault list && vault info | grep Attachments
> pages/Projects___Veg beds.md	Projects___Veg beds
> pages/garden.md	garden
> Attachments        3
