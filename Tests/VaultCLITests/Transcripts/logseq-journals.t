@fixture logseq
# A Logseq graph's journal file-name format names its journals, found from a subfolder, and a
# journal task is due on the day its file name gives.
$ printf '{:file/name-format :triple-lowbar\n :journal/file-name-format "yyyy-MM-dd EEE"\n :journal/page-title-format "EEEE, dd.MM.yyyy"}\n' > logseq/config.edn && mv journals/2026_11_29.md "journals/2026-11-29 Sun.md"
$ cd pages && VAULT_TODAY=2026-11-30 vault journal --append "- TODO turn the compost"
> journals/2026-11-30 Mon.md
$ cat "journals/2026-11-30 Mon.md"
> - TODO turn the compost
$ cd journals && vault tasks --note "journals/2026-11-30 Mon.md"
> journals/2026-11-30 Mon.md:1@adcefe	[TODO] turn the compost	(due 2026-11-30)
$ vault list | head -2
> journals/2026-11-29 Sun.md	Sunday, 29.11.2026
> journals/2026-11-30 Mon.md	Monday, 30.11.2026
# A new page in the graph's file-name format.
$ vault new "Projects/Beans" && ls pages
> pages/Projects___Beans.md
> Projects.md
> Projects___Beans.md
> Projects___Compost.md
> Projects___Garden.md
> garden.md
# A title format vault cannot read is named; Logseq's default is used.
$ printf '{:journal/page-title-format "QQQ yyyy"}' > logseq/config.edn && vault list | head -1
> journals/2026-11-29 Sun.md	2026-11-29 Sun
2> vault: warning: logseq/config.edn: :journal/page-title-format "QQQ yyyy" is a date format vault cannot read; "MMM do, yyyy" is used
