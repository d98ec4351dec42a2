@fixture demo
# The ignore lines for each sync tool; nothing is written.
$ vault sync-ignore
> # Syncthing: add to .stignore at the top of the vault
> (?d).~*.tmp
> (?d).zennotes/lock
> (?d).zennotes/journal
> 
> # git: add to .gitignore at the top of the vault
> .~*.tmp
> .zennotes/lock
> .zennotes/journal/
> 
> # Dropbox: add to rules.dropboxignore at the top of the vault
> .~*.tmp
> .zennotes/lock
> .zennotes/journal
$ vault sync-ignore extra
2> vault: error: unexpected argument "extra"
2> Usage: vault sync-ignore [options]
2> hint: `vault sync-ignore --help` shows every option
? 2
