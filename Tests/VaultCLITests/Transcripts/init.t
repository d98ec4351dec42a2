@fixture empty
$ vault list
2> vault: error: no vault found in <tmp>/empty or any folder above it
2> hint: run `vault init` to make this folder a vault, or pass --vault PATH or set VAULT_DIR
? 1
$ vault init notes
> Initialized a vault in <tmp>/empty/notes
$ ls -A notes
> .zennotes
> archive
> inbox
> journals
> pages
> quick
> trash
$ cd notes && vault info | head -3 | sed 's/id     .*/id     <fresh>/'
> Vault  <tmp>/empty/notes
> id     <fresh>
> 
# --vault names the folder to make a vault, as it names the vault for every command.
$ mkdir target && vault --vault target init && ls -A target | head -2 && test ! -e .zennotes && echo "none here"
> Initialized a vault in <tmp>/empty/target
> .zennotes
> archive
> none here
$ vault --vault target init other
2> vault: error: init was given two folders: other and --vault target
2> Usage: vault init [options] [PATH]
2> hint: `vault init --help` shows every option
? 2
$ vault --vault ./planned/ init planned --dry-run | head -1
> # would make the folder <tmp>/empty/planned
$ vault --vault "" init
2> vault: error: init was given an empty folder name
2> Usage: vault init [options] [PATH]
2> hint: `vault init --help` shows every option
? 2
# A second init refuses and changes nothing.
$ cp notes/.zennotes/vault.json before.json && vault init notes
2> vault: error: <tmp>/empty/notes is already a vault
2> hint: nothing was changed; use the vault as it is
? 1
$ cmp before.json notes/.zennotes/vault.json && echo unchanged
> unchanged
# An existing folder of notes becomes a vault without a note being touched.
$ mkdir garden && printf '# Roses\n' > garden/Roses.md && vault init garden --json | sed 's/"id": ".*"/"id": "<fresh>"/'
> {
>   "id": "<fresh>",
>   "path": "<tmp>/empty/garden"
> }
$ cat garden/Roses.md
> # Roses
# A dry run says which folders it would make and shows the settings file as a diff; it writes nothing.
$ mkdir -p planned/pages && vault init planned --dry-run | sed 's/"id": ".*"/"id": "<fresh>"/'
> # would make the folder .zennotes/
> # would make the folder journals/
> # would make the folder inbox/
> # would make the folder quick/
> # would make the folder archive/
> # would make the folder trash/
> diff --git a/.zennotes/vault.json b/.zennotes/vault.json
> new file mode 100644
> --- /dev/null
> +++ b/.zennotes/vault.json
> @@ -0,0 +1,3 @@
> +{
> +  "id": "<fresh>"
> +}
$ ls -A planned
> pages
$ vault init notes --dry-run
2> vault: error: <tmp>/empty/notes is already a vault
2> hint: nothing was changed; use the vault as it is
? 1
# A file where a folder must go is refused before anything is made, dry run or not.
$ mkdir blocked && touch blocked/.zennotes && vault init blocked --dry-run; echo "exit $?"; vault init blocked; echo "exit $?"; ls -A blocked
> exit 1
> exit 1
> .zennotes
2> vault: error: <tmp>/empty/blocked/.zennotes already exists; nothing was overwritten
2> vault: error: <tmp>/empty/blocked/.zennotes already exists; nothing was overwritten
