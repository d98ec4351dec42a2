@fixture demo
# The demo vault as it comes: a placeholder and two conflict copies.
$ vault doctor
> pages/Evicted Idea.md: not downloaded from iCloud; vault cannot read it or rename links in it
>   fix: download it: open it in Finder or Files (on a Mac: brctl download 'pages/Evicted Idea.md')
> inbox/Call notes (Ana's conflicted copy 2026-11-27).md: a dropbox conflict copy of inbox/Call notes.md
>   fix: vault conflicts --diff, then vault conflicts resolve 'inbox/Call notes (Ana'\''s conflicted copy 2026-11-27).md' --keep original|copy|both
> pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md: a syncthing conflict copy of pages/Reading List.md
>   fix: vault conflicts --diff, then vault conflicts resolve 'pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md' --keep original|copy|both
> 3 findings need attention.
? 1
# Everything sync tools, crashes and other programs leave, made by hand.
$ printf 'caf\351 au lait\n' > pages/Latin1.md
$ printf '# Errands again\n' > pages/errands.md
$ printf 'half a replacement' > "pages/.~Ideas.md.k3x9.tmp"
$ cp pages/Ideas.md "pages/.~Ideas.md.z8w7.tmp"
$ printf 'a captured thought' > "quick/.~Thought.md.p0q1.tmp"
$ VAULT_TEST_CRASH_AT=5 vault rename Roadmap "Road Map" --skip-unavailable > /dev/null 2>&1
? 137
$ vault doctor | sed 's#journal/[^:]*#journal/ID.json#'
> .zennotes/journal/ID.json: a change (rename pages/Projects/Roadmap.md -> pages/Projects/Road Map.md) was interrupted; until it is finished, some files may be as before it and some as after
>   fix: vault doctor --fix (and --abandon if it cannot be finished)
> pages/Evicted Idea.md: not downloaded from iCloud; vault cannot read it or rename links in it
>   fix: download it: open it in Finder or Files (on a Mac: brctl download 'pages/Evicted Idea.md')
> pages/Latin1.md: not valid UTF-8; vault searches it as bytes and never rewrites it
>   fix: save it as UTF-8 (e.g. iconv -f WINDOWS-1252 -t UTF-8 'pages/Latin1.md' > converted.md, then check and replace)
> inbox/Call notes (Ana's conflicted copy 2026-11-27).md: a dropbox conflict copy of inbox/Call notes.md
>   fix: vault conflicts --diff, then vault conflicts resolve 'inbox/Call notes (Ana'\''s conflicted copy 2026-11-27).md' --keep original|copy|both
> pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md: a syncthing conflict copy of pages/Reading List.md
>   fix: vault conflicts --diff, then vault conflicts resolve 'pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md' --keep original|copy|both
> pages/.~Ideas.md.k3x9.tmp: named like vault's temporary files, but its text is not pages/Ideas.md's, and nothing says it is saved anywhere else
>   fix: vault doctor --fix keeps it as a conflict copy beside pages/Ideas.md
> pages/.~Ideas.md.z8w7.tmp: a temporary file an interrupted write left; pages/Ideas.md holds what was last saved
>   fix: vault doctor --fix
> quick/.~Thought.md.p0q1.tmp: the text of a note whose writing was interrupted (it may be incomplete); meant for quick/Thought.md
>   fix: vault doctor --fix makes it a note beside quick/Thought.md
> pages/errands.md: differs from pages/Errands.md only in case or Unicode form; they collide on macOS, Windows and phones
>   fix: vault rename 'pages/errands.md' 'ANOTHER TITLE'
> 9 findings need attention.
# --fix does what needs no choice; the rest stays listed with its fix.
$ vault doctor --fix
> fixed: finished an interrupted change: rename pages/Projects/Roadmap.md -> pages/Projects/Road Map.md (4 files rewritten)
> fixed: removed pages/.~Ideas.md.z8w7.tmp
> fixed: kept pages/.~Ideas.md.k3x9.tmp, a file whose text is in no note, as pages/Ideas (vault conflict 2026-11-30 120000).md
> fixed: restored quick/Thought.md from quick/.~Thought.md.p0q1.tmp; it may be incomplete
> pages/Evicted Idea.md: not downloaded from iCloud; vault cannot read it or rename links in it
>   fix: download it: open it in Finder or Files (on a Mac: brctl download 'pages/Evicted Idea.md')
> pages/Latin1.md: not valid UTF-8; vault searches it as bytes and never rewrites it
>   fix: save it as UTF-8 (e.g. iconv -f WINDOWS-1252 -t UTF-8 'pages/Latin1.md' > converted.md, then check and replace)
> inbox/Call notes (Ana's conflicted copy 2026-11-27).md: a dropbox conflict copy of inbox/Call notes.md
>   fix: vault conflicts --diff, then vault conflicts resolve 'inbox/Call notes (Ana'\''s conflicted copy 2026-11-27).md' --keep original|copy|both
> pages/Ideas (vault conflict 2026-11-30 120000).md: a vault conflict copy of pages/Ideas.md
>   fix: vault conflicts --diff, then vault conflicts resolve 'pages/Ideas (vault conflict 2026-11-30 120000).md' --keep original|copy|both
> pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md: a syncthing conflict copy of pages/Reading List.md
>   fix: vault conflicts --diff, then vault conflicts resolve 'pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md' --keep original|copy|both
> pages/errands.md: differs from pages/Errands.md only in case or Unicode form; they collide on macOS, Windows and phones
>   fix: vault rename 'pages/errands.md' 'ANOTHER TITLE'
> 6 findings need attention.
? 1
$ ls -a pages | grep '^\.~' | wc -l
> 0
$ vault doctor --json | grep '"kind"' | sort | uniq -c
>       3       "kind": "conflictCopy",
>       1       "kind": "nameCollision",
>       1       "kind": "notUTF8",
>       1       "kind": "placeholder",
# A broken vault.json is a finding too; the other checks still run.
$ printf '[1, 2]' > .zennotes/vault.json
$ vault doctor | head -2
> .zennotes/vault.json: .zennotes/vault.json is not a valid settings file: the top level is not an object
>   fix: edit .zennotes/vault.json by hand (vault never rewrites a settings file it cannot read)
# In iCloud Drive, .zennotes/ does not sync.
$ mkdir -p "../Mobile Documents/com~apple~CloudDocs" && cp -r . "../Mobile Documents/com~apple~CloudDocs/Notes"
$ printf '{}' > "../Mobile Documents/com~apple~CloudDocs/Notes/.zennotes/vault.json"
$ vault --vault "../Mobile Documents/com~apple~CloudDocs/Notes" doctor | grep -A1 '^\.zennotes'
> .zennotes: the vault is in iCloud Drive, which is not relied on to sync dot-folders: settings, comments and templates may stay on this Mac
>   fix: keep the vault in a folder that syncs .zennotes/ (Syncthing, Dropbox, git), or copy .zennotes/ by hand
