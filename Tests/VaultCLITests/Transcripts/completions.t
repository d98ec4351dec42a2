@fixture demo
# The bash script comes from the declarations; a scripted bash completes as a person's would.
$ vault completions bash > vault.bash && bash -n vault.bash && echo loads
> loads
$ printf '%s\n' 'source "$(dirname "$0")/vault.bash"' 'COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _vault' 'printf "%s\n" "${COMPREPLY[@]}"' > complete.sh
# Commands, then a command's options and their values.
$ bash complete.sh vault ren
> rename
$ bash complete.sh vault t
> tags
> tasks
> task
> trash
$ bash complete.sh vault search --ex
> --exact
$ bash complete.sh vault --color a
> auto
> always
$ bash complete.sh vault tags --sort ""
> count
> name
# A subcommand completes as a word, and the tag it renames from the vault's tags.
$ bash complete.sh vault tags r
> rename
$ bash complete.sh vault tags rename sy
> sync
> systems
> systems/feedback
$ bash complete.sh vault graph --format ""
> json
> dot
# Note names, folders and tags come from the vault.
$ bash complete.sh vault show pag | head -3
> pages/BOM Note.md
> pages/Budget (50% draft).md
> pages/Café Olé.md
$ bash complete.sh vault show pages/Re
> pages/Reading List.md
> pages/Reading/Piranesi.md
> pages/Reading/Thinking in Systems.md
> pages/Recipes/Lentil soup.md
$ bash complete.sh vault list --folder pages/R
> pages/Reading/
> pages/Recipes/
$ bash complete.sh vault list --tag sy
> sync
> systems
> systems/feedback
$ bash complete.sh vault move quick/Podcast\ rec.md ar
> archive/
> archive/pages/
> archive/pages/Projects/
> archive/pages/Reading/
# Positions count past options and their values: the second argument of append is text.
$ bash complete.sh vault append --dry-run pages/Err
> pages/Errands.md
$ bash complete.sh vault append pages/Errands.md ""
> 
$ bash complete.sh vault help se
> search
$ bash complete.sh vault completions ""
> bash
> zsh
> fish
# The vault named with --vault is the one completed from.
$ cd /tmp && bash "$OLDPWD/complete.sh" vault --vault "$OLDPWD" show quick/B
> quick/Buy stamps.md
# zsh and fish get their own scripts; an unknown shell is a usage error.
$ vault completions zsh | head -3
> #compdef vault
> # zsh completion for vault, printed by `vault completions zsh`
> autoload -U +X bashcompinit && bashcompinit
$ vault completions fish | grep -- '-l folder' | head -1
> complete -c vault -n '__fish_seen_subcommand_from list' -l folder -x -a '(vault completions --candidates folders)' -d 'only notes under FOLDER (a path, or inbox, journals, …)'
$ vault completions tcsh
2> vault: error: there is no completion script for "tcsh": choose bash, zsh or fish
2> Usage: vault completions [options] bash|zsh|fish
2> hint: `vault completions --help` shows every option
? 2
$ vault completions --candidates tags | head -3
> 2026-goals
> archive-import
> café
