@fixture demo
# A folder moved whole leaves behind only what vault does not move, and says so: an empty
# folder, a symbolic link and a sync tool's file stay where they were, and the folder with them.
$ rm "pages/.Evicted Idea.md.icloud" && mkdir pages/Recipes/Empty && ln -s ../../Home pages/Recipes/elsewhere && touch pages/Recipes/desktop.ini
$ vault move pages/Recipes archive/
> Moved pages/Recipes/Lentil soup.md -> archive/Recipes/Lentil soup.md
> Rewrote 0 links in 0 notes
2> vault: warning: pages/Recipes/ stays: it holds what vault does not move (symbolic links, empty folders, sync tools' files): pages/Recipes/Empty, pages/Recipes/desktop.ini, pages/Recipes/elsewhere
$ ls -A pages/Recipes
> Empty
> desktop.ini
> elsewhere
$ ls archive/Recipes
> Lentil soup.md
# Moved back, the note joins what stayed, and the folder it left in the archive goes.
$ vault move archive/Recipes pages/
> Moved archive/Recipes/Lentil soup.md -> pages/Recipes/Lentil soup.md
> Rewrote 0 links in 0 notes
$ ls -A pages/Recipes; test -e archive/Recipes || echo gone
> Empty
> Lentil soup.md
> desktop.ini
> elsewhere
> gone
