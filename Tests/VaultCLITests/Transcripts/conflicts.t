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
