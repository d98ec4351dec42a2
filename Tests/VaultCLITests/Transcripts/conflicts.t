@fixture demo
# Conflict copies beside their originals; --diff shows what the copy changed.
$ vault conflicts
> inbox/Call notes (Ana's conflicted copy 2026-11-27).md  (dropbox, 343 bytes, 2026-11-30T12:00:00Z)
>   copy of inbox/Call notes.md
> pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md  (syncthing, 598 bytes, 2026-11-30T12:00:00Z)
>   copy of pages/Reading List.md
$ vault conflicts --diff
> inbox/Call notes (Ana's conflicted copy 2026-11-27).md  (dropbox, 343 bytes, 2026-11-30T12:00:00Z)
>   copy of inbox/Call notes.md
>   -Call with [[Ana Pereira|Ana]] on 26 November, 30 minutes.
>   +Call with [[Ana Pereira|Ana]] on 26 November, 35 minutes.
>   +- She will send me the plist keys from a real stub #icloud
>   -- [ ] Move the good bits into [[Ideas]]
> pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md  (syncthing, 598 bytes, 2026-11-30T12:00:00Z)
>   copy of pages/Reading List.md
>   +- Klara and the Sun, started on the train #phone-edit
>   -| [[Piranesi\|Piranesi (re-read)]] | Susanna Clarke | later |
>   -Ana keeps her own list, see [her page](People/Ana%20Pereira.md).
>   -
>   -- [x] Piranesi ✅ 2026-11-28
>   +- [ ] Piranesi
$ vault conflicts --json | head -8
> [
>   {
>     "modified": "2026-11-30T12:00:00Z",
>     "originalPath": "inbox/Call notes.md",
>     "path": "inbox/Call notes (Ana's conflicted copy 2026-11-27).md",
>     "size": 343,
>     "tool": "dropbox"
>   },
# Resolving: the version set aside goes to the trash; nothing is deleted. The hashes show
# which text ends up where.
$ sha256sum "pages/Reading List.md" pages/Reading\ List.sync-conflict-*.md | cut -c1-12
> 09e90815f139
> e427b96f58dc
$ vault conflicts resolve "Reading List" --keep copy --dry-run
> the old text of pages/Reading List.md would go to trash/pages/Reading List.md
> pages/Reading List.md would hold the text of pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md
> diff --git a/trash/pages/Reading List.md b/trash/pages/Reading List.md
> new file mode 100644
> --- /dev/null
> +++ b/trash/pages/Reading List.md	
> @@ -0,0 +1,27 @@
> +---
> +tags: reading
> +---
> +# Reading List
> +
> +## Currently reading
> +
> +- [[Piranesi]] by Susanna Clarke, lent by [[Ana Pereira|Ana]]
> +- [[Thinking in Systems]], slowly, one chapter a week
> +
> +## Up next
> +
> +| book | author | status |
> +| --- | --- | --- |
> +| [[Thinking in Systems\|Thinking in Systems]] | Donella Meadows | reading |
> +| The Mushroom at the End of the World | Anna Lowenhaupt Tsing | next |
> +| [[Piranesi\|Piranesi (re-read)]] | Susanna Clarke | later |
> +
> +Ana keeps her own list, see [her page](People/Ana%20Pereira.md).
> +
> +## Done this year
> +
> +- [x] Piranesi ✅ 2026-11-28
> +- [x] The Dispossessed
> +- [-] Infinite Jest (gave up at page 300, no regrets)
> +
> +Older lists: [[Books of 2025]]. #reading/list
> diff --git a/pages/Reading List.md b/pages/Reading List.md
> --- a/pages/Reading List.md	
> +++ b/pages/Reading List.md	
> @@ -7,6 +7,7 @@
>  
>  - [[Piranesi]] by Susanna Clarke, lent by [[Ana Pereira|Ana]]
>  - [[Thinking in Systems]], slowly, one chapter a week
> +- Klara and the Sun, started on the train #phone-edit
>  
>  ## Up next
>  
> @@ -14,13 +15,10 @@
>  | --- | --- | --- |
>  | [[Thinking in Systems\|Thinking in Systems]] | Donella Meadows | reading |
>  | The Mushroom at the End of the World | Anna Lowenhaupt Tsing | next |
> -| [[Piranesi\|Piranesi (re-read)]] | Susanna Clarke | later |
>  
> -Ana keeps her own list, see [her page](People/Ana%20Pereira.md).
> -
>  ## Done this year
>  
> -- [x] Piranesi ✅ 2026-11-28
> +- [ ] Piranesi
>  - [x] The Dispossessed
>  - [-] Infinite Jest (gave up at page 300, no regrets)
>  
> diff --git a/pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md b/pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md
> deleted file mode 100644
> --- a/pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md	
> +++ /dev/null
> @@ -1,25 +0,0 @@
> ----
> -tags: reading
> ----
> -# Reading List
> -
> -## Currently reading
> -
> -- [[Piranesi]] by Susanna Clarke, lent by [[Ana Pereira|Ana]]
> -- [[Thinking in Systems]], slowly, one chapter a week
> -- Klara and the Sun, started on the train #phone-edit
> -
> -## Up next
> -
> -| book | author | status |
> -| --- | --- | --- |
> -| [[Thinking in Systems\|Thinking in Systems]] | Donella Meadows | reading |
> -| The Mushroom at the End of the World | Anna Lowenhaupt Tsing | next |
> -
> -## Done this year
> -
> -- [ ] Piranesi
> -- [x] The Dispossessed
> -- [-] Infinite Jest (gave up at page 300, no regrets)
> -
> -Older lists: [[Books of 2025]]. #reading/list
$ vault conflicts resolve "Reading List" --keep copy
> the old text of pages/Reading List.md went to trash/pages/Reading List.md
> pages/Reading List.md now holds the text of pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md
$ sha256sum "pages/Reading List.md" "trash/pages/Reading List.md" | cut -c1-12
> e427b96f58dc
> 09e90815f139
$ vault conflicts | grep -c "copy of"
> 1
$ vault conflicts resolve "inbox/Call notes (Ana's conflicted copy 2026-11-27).md" --keep both
> inbox/Call notes (Ana's conflicted copy 2026-11-27).md is now inbox/Call notes 2.md
$ ls inbox
> Call notes 2.md
> Call notes.md
> Ideas.md
> Local-first software.md
$ vault conflicts
? 1
# Keeping the original sends the copy to the trash.
$ cp "inbox/Call notes.md" "inbox/Call notes.sync-conflict-20261129-080000-ABCDEF7.md"
$ VAULT_NOW=2026-11-30T13:00:00Z vault conflicts resolve "Call notes" --keep original --json
> {
>   "copy": "inbox/Call notes.sync-conflict-20261129-080000-ABCDEF7.md",
>   "keep": "original",
>   "original": "inbox/Call notes.md",
>   "trashed": "trash/inbox/Call notes.sync-conflict-20261129-080000-ABCDEF7.md"
> }
$ vault trash --list
> trash/inbox/Call notes.sync-conflict-20261129-080000-ABCDEF7.md	from inbox/Call notes.sync-conflict-20261129-080000-ABCDEF7.md	2026-11-30T13:00:00Z
> trash/pages/Reading List.md	from pages/Reading List.md	2026-11-30T12:00:00Z
> trash/pages/Gym Plan.md	from pages/Gym Plan.md	2026-11-20T08:30:00Z
# Bad input: no copy, no --keep, a wrong --keep, an unknown subcommand.
$ vault conflicts resolve Errands --keep original
2> vault: error: "Errands" names no conflict copy
2> hint: the vault has no conflict copies
? 1
$ vault conflicts resolve "Call notes"
2> vault: error: resolve needs --keep original, --keep copy or --keep both
2> Usage: vault conflicts [options] [resolve NOTE --keep original|copy|both]
2> hint: `vault conflicts --help` shows every option
? 2
$ vault conflicts resolve "Call notes" --keep mine
2> vault: error: --keep must be one of original, copy, both, not "mine"
2> Usage: vault conflicts [options] [resolve NOTE --keep original|copy|both]
2> hint: `vault conflicts --help` shows every option
? 2
$ vault conflicts settle x
2> vault: error: unknown subcommand "settle"; the one there is: resolve
2> Usage: vault conflicts [options] [resolve NOTE --keep original|copy|both]
2> hint: `vault conflicts --help` shows every option
? 2
