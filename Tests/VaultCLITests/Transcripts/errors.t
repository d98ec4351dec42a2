@fixture demo
# No vault anywhere: the error names vault init.
$ cd /tmp && env -u VAULT_DIR vault list
2> vault: error: no vault found in /tmp or any folder above it
2> hint: run `vault init` to make this folder a vault, or pass --vault PATH or set VAULT_DIR
? 1
$ vault --vault no/such/folder list
2> vault: error: the vault folder no/such/folder does not exist or is not a folder
2> hint: check the path given with --vault or VAULT_DIR
? 2
# VAULT_DIR is used when --vault is not given.
$ cd /tmp && VAULT_DIR=$OLDPWD vault list --folder quick
> quick/Buy stamps.md	Buy stamps
> quick/Podcast rec.md	Podcast rec
> quick/Sync retry bug.md	Retry loop after a conflict
> quick/example.org.md	example.org
# A vault.json that is not JSON stops every command and is not rewritten.
$ cp .zennotes/vault.json good.json && printf '{"id": ' > .zennotes/vault.json && vault list
2> vault: error: .zennotes/vault.json is not a valid settings file: unexpected end of file at byte 7
2> hint: fix .zennotes/vault.json by hand; vault never rewrites a settings file it cannot read
? 1
$ cat .zennotes/vault.json; echo
> {"id": 
# A bad systemFolderPaths value names the key.
$ printf '{"systemFolderPaths": {"inbox": "pages"}}\n' > .zennotes/vault.json && vault info
2> vault: error: systemFolderPaths.inbox = "pages" is not allowed: "pages" is the default folder of pages
2> hint: fix .zennotes/vault.json by hand; vault never rewrites a settings file it cannot read
? 1
$ printf '{"systemFolderPaths": {"trash": "../x"}}\n' > .zennotes/vault.json && vault info
2> vault: error: systemFolderPaths.trash = "../x" is not allowed: it must be one top-level folder, without / or \
2> hint: fix .zennotes/vault.json by hand; vault never rewrites a settings file it cannot read
? 1
$ cp good.json .zennotes/vault.json
# A note that is not UTF-8, a frontmatter that cannot be read and a symlink loop are warnings
# (of the notes read: a tag is looked for in every note).
$ printf '# Caf\351\n' > pages/Latin1.md && vault list --tag no-such-tag
2> vault: warning: pages/Latin1.md: not valid UTF-8; searched as bytes, never rewritten
? 1
$ printf -- "---\ntitle: 'open\n---\n# Broken\n" > pages/Broken.md && vault list --tag no-such-tag
2> vault: warning: pages/Broken.md: frontmatter line 2: a quoted value that does not close; the rest of the note is read as usual
2> vault: warning: pages/Latin1.md: not valid UTF-8; searched as bytes, never rewritten
? 1
$ ln -s ../pages pages/loop && vault list --tag no-such-tag
2> vault: warning: pages/loop: a symlink loop; skipped
2> vault: warning: pages/Broken.md: frontmatter line 2: a quoted value that does not close; the rest of the note is read as usual
2> vault: warning: pages/Latin1.md: not valid UTF-8; searched as bytes, never rewritten
? 1
$ vault list --tag no-such-tag --quiet
? 1
# Colour only when asked for or on a terminal.
$ vault list --folder quick --color always | head -1 | od -c | head -2
> 0000000 033   [   1   m   q   u   i   c   k   /   B   u   y       s   t
> 0000020   a   m   p   s   .   m   d 033   [   0   m  \t   B   u   y    
$ vault list --color sometimes
2> vault: error: --color must be one of auto, always, never, not "sometimes"
2> Usage: vault list [options]
2> hint: `vault list --help` shows every option
? 2
