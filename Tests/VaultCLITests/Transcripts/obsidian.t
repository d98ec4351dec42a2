@fixture obsidian
# A folder holding .obsidian/ is a vault root, found from any folder inside it, and its
# daily notes settings (folder Daily, format YYYY/MM-DD ddd) name the journals.
$ cd Notes && VAULT_TODAY=2026-11-30 vault journal
> Daily/2026/11-30 Mon.md
$ cd Daily/2026 && vault journal --list
> 2026-11-30	Daily/2026/11-30 Mon.md
> 2026-11-29	Daily/2026/11-29 Sun.md
> 2026-11-28	Daily/2026-11-28.md
# info says which settings file moved the journals.
$ vault info | grep -E 'Layout|vault.json'
>        (no .zennotes/vault.json, nothing written)
> Layout (remapped in .obsidian/daily-notes.json)
# A journal's task with no due date is due on the day its name gives.
$ cd Notes && vault tasks
> Daily/2026-11-28.md:5@742ebf	[ ] Mend the fence	(due 2026-11-28)
> Daily/2026/11-29 Sun.md:5@3eb15d	[ ] Water the [[Garden plan|seedlings]]	(due 2026-11-29)
> Daily/2026/11-30 Mon.md:4@6e7b59	[ ] Call Ana about the [[Garden plan]]	(due 2026-11-30)
> Daily/2026/11-30 Mon.md:5@5e32fd	[ ] Order seed potatoes	(due 2026-12-04)
> Notes/Garden plan.md:3@3b1494	[ ] Draw the beds
> Notes/Garden plan.md:4@ed5243	[/] Pick the varieties
# A new journal goes where Obsidian would put it, from the daily note template.
$ cd Daily && VAULT_TODAY=2026-11-30 vault journal tomorrow
> Daily/2026/12-01 Tue.md
$ cat "Daily/2026/12-01 Tue.md"
> # Tuesday 1 December 2026
> 
> ## Tasks
$ VAULT_TODAY=2026-11-30 vault journal --append "- [ ] Rake the leaves" 2026-12-02
> Daily/2026/12-02 Wed.md
$ cat "Daily/2026/12-02 Wed.md"
> # Wednesday 2 December 2026
> 
> ## Tasks
> - [ ] Rake the leaves
$ vault tasks --note "Daily/2026/12-02 Wed.md"
> Daily/2026/12-02 Wed.md:4@573995	[ ] Rake the leaves	(due 2026-12-02)
$ VAULT_TODAY=2026-11-30 vault journal --rollover --dry-run
> diff --git a/Daily/2026/11-30 Mon.md b/Daily/2026/11-30 Mon.md
> --- a/Daily/2026/11-30 Mon.md	
> +++ b/Daily/2026/11-30 Mon.md	
> @@ -3,3 +3,4 @@
>  ## Tasks
>  - [ ] Call Ana about the [[Garden plan]]
>  - [ ] Order seed potatoes 📅 2026-12-04
> +- [ ] Water the [[Garden plan|seedlings]]
> diff --git a/Daily/2026/11-29 Sun.md b/Daily/2026/11-29 Sun.md
> --- a/Daily/2026/11-29 Sun.md	
> +++ b/Daily/2026/11-29 Sun.md	
> @@ -2,4 +2,4 @@
>  
>  ## Tasks
>  - [x] Sow the broad beans
> -- [ ] Water the [[Garden plan|seedlings]]
> +- [>] Water the [[Garden plan|seedlings]]
# With no pages/ folder, a new page goes to newFileFolderPath of .obsidian/app.json.
$ vault new "Compost bins"
> Notes/Compost bins.md
$ mkdir pages && vault new "Seed list"
> pages/Seed list.md
# A format vault cannot read back into a day is named; YYYY-MM-DD is used, nothing else changes.
$ printf '{"folder": "Daily", "format": "GGGG-[W]WW"}' > .obsidian/daily-notes.json && VAULT_TODAY=2026-11-30 vault journal --dry-run
> diff --git a/Daily/2026-11-30.md b/Daily/2026-11-30.md
> new file mode 100644
> --- /dev/null
> +++ b/Daily/2026-11-30.md
> @@ -0,0 +1,2 @@
> +# 2026-11-30
> +
2> vault: warning: .obsidian/daily-notes.json: the format "GGGG-[W]WW" does not name one day in a way vault can read back; "YYYY-MM-DD" is used
$ ls Daily
> 2026
> 2026-11-28.md
# Settings that do not parse are said; Obsidian's defaults (the top folder) are used.
$ printf '{"folder": "Daily",' > .obsidian/daily-notes.json && VAULT_TODAY=2026-11-30 vault journal --dry-run
> diff --git a/2026-11-30.md b/2026-11-30.md
> new file mode 100644
> --- /dev/null
> +++ b/2026-11-30.md
> @@ -0,0 +1,2 @@
> +# 2026-11-30
> +
2> vault: warning: .obsidian/daily-notes.json does not parse (expected a key at byte 19); Obsidian's defaults are used
$ printf '{"folder": "../Elsewhere"}' > .obsidian/daily-notes.json && VAULT_TODAY=2026-11-30 vault journal --list
2> vault: warning: .obsidian/daily-notes.json: folder "../Elsewhere" is not a folder inside the vault; the vault's top folder is used, as Obsidian does
? 1
