@fixture demo
# Help comes from the command types: the overview, each command's options, the version.
$ vault --help
> vault 0.1.0: a plain-text vault of markdown notes, from the terminal
> 
> Usage: vault [--vault PATH] <command> [options] [arguments]
> 
> Commands:
>   init         make a folder a vault (system folders and .zennotes/vault.json)
>   list         list notes (path and title), filtered by folder or tag
>   show         print a note's text (or, with --json, its metadata)
>   info         counts per folder, tags, placeholders, conflict copies and the layout in force
>   tags         list every tag with its count of notes, or rename one everywhere
>   find         find notes by a fuzzy match on title, aliases or path, best first
>   search       search the lines of every note: fuzzy (default), --exact or --regex
>   capture      capture text or a link into quick/ (or --inbox); reads stdin without TEXT
>   journal      print the path of a day's journal (creating it), list journals, or roll tasks over
>   new          create a page named after TITLE (in pages/ or --folder) and print its path
>   append       add TEXT (or stdin with -) as new lines at the end of a note
>   prepend      add TEXT (or stdin with -) after a note's frontmatter and title
>   tasks        list tasks (open and in progress by default) with filters, a tree or counts
>   task         change a task's state: start, done, cancel, reopen, forward or toggle
>   links        list a note's outbound links, resolved or dangling
>   backlinks    list the notes that link to a note, with line and context
>   check        find dangling links, ambiguous names, unreadable notes and conflict copies
>   rename       rename a note in its folder and rewrite every link to it
>   move         move a note or a folder and rewrite every link into it
>   archive      move a note to archive/, keeping its subpath (pages/a.md -> archive/pages/a.md)
>   unarchive    move an archived note back where it came from
>   trash        move a note to trash/ (it moves, nothing is deleted); --list, --empty
>   restore      move a note out of the trash, back where it came from
>   conflicts    list sync conflict copies beside their originals (--diff shows how they differ)
>   doctor       check the vault's health beside sync tools; exit 1 when anything needs attention
>   sync-ignore  print the lines that keep sync tools away from vault's temporary and lock files
>   completions  print a completion script for bash, zsh or fish
>   man          print the manual page (vault.1), made from the same declarations as the help
>   cache        show, clear or rebuild the cache of note facts kept outside the vault
>   mcp          serve the vault to agents over the Model Context Protocol (stdio, one JSON message a line)
>   lsp          serve the Language Server Protocol on standard input and output, for editors
>   edit         open a note (NOTE, NOTE:LINE or a task's REF) in $VISUAL or $EDITOR, at the line
>   graph        export the link graph (notes, resolved links, dangling targets) as JSON or Graphviz DOT
>   duplicate    copy a note beside it, titled "<title> copy" (or --title), and print its path
>   favorites    list the favorite notes, or add or remove one (kept in .zennotes/vault.json)
>   comments     list a note's comments, or add or resolve one (in its .zennotes/comments sidecar)
> 
> Global options:
>       --vault PATH  the vault folder (default: $VAULT_DIR, else the nearest folder with .zennotes/)
>       --json        print one JSON document
>       --color WHEN  auto, always or never (a non-empty NO_COLOR turns auto off)
>   -q, --quiet       no warnings
>       --no-cache    read every note afresh, neither using nor updating the cache
>   -h, --help        show this help
>       --version     print the version
> 
> `vault help COMMAND` or `vault COMMAND --help` shows a command's options.
> Exit codes: 0 success, 1 failure or nothing found, 2 usage error, 3 a file changed elsewhere.
$ vault --version
> vault 0.1.0
$ vault list --help
> list notes (path and title), filtered by folder or tag
> 
> Usage: vault list [options]
> 
> Prints one note a line: its path and title, separated by a tab when the output is not a
> terminal. Notes in the trash are left out unless --folder trash or --include-trash.
> Exits 1 when no note matches.
> 
> Options:
>       --folder FOLDER  only notes under FOLDER (a path, or inbox, journals, …)
>       --tag TAG        only notes tagged TAG (nested tags match too); repeat to need all
>       --sort ORDER     name (default) or modified (newest first)
>       --include-trash  list notes in the trash too
>       --vault PATH     the vault folder (default: $VAULT_DIR, else the nearest folder with .zennotes/)
>       --json           print one JSON document
>       --color WHEN     auto, always or never (a non-empty NO_COLOR turns auto off)
>   -q, --quiet          no warnings
>       --no-cache       read every note afresh, neither using nor updating the cache
>   -h, --help           show this help
$ vault help tags
> list every tag with its count of notes, or rename one everywhere
> 
> Usage: vault tags [options] [rename OLD NEW]
> 
> Tags from frontmatter and inline #tags; tags compare case-insensitively. Notes in the trash do not count.
> 
> `vault tags rename OLD NEW` rewrites #OLD as #NEW in every note: inline tags (never in code,
> comments or links), the frontmatter `tags:` list or string (with or without #) and a Logseq
> page's `tags::`, and the tags nested under it (#OLD/child becomes #NEW/child; #OLDER is
> another tag). OLD matches in any case; NEW is written as given. When NEW exists already the
> two are merged, and a frontmatter list that would name it twice keeps one. The notes are
> changed together (a run stopped halfway is finished by the next); --dry-run prints the diff.
> A note that may hold the tag but cannot be read (not downloaded, unreadable, not UTF-8)
> stops the rename, nothing written, unless --skip-unavailable leaves its tags as they are.
> 
> Options:
>       --sort ORDER        count (default, most used first) or name
>       --dry-run           with rename: print the change as a diff, write nothing
>       --skip-unavailable  with rename: go on when notes that may hold the tag cannot be read or rewritten (not downloaded, unreadable, not UTF-8)
>       --vault PATH        the vault folder (default: $VAULT_DIR, else the nearest folder with .zennotes/)
>       --json              print one JSON document
>       --color WHEN        auto, always or never (a non-empty NO_COLOR turns auto off)
>   -q, --quiet             no warnings
>       --no-cache          read every note afresh, neither using nor updating the cache
>   -h, --help              show this help
# A rename carries the leading heading only when it is the old file name.
$ vault help rename
> rename a note in its folder and rewrite every link to it
> 
> Usage: vault rename [options] NOTE NEW-TITLE
> 
> The file is named after NEW-TITLE. A leading `# heading` becomes `# NEW-TITLE` only when it
> equals the old file name, or is the title that file name was made from (`# C# tips` in
> `C- tips.md`), compared as names are: Unicode NFC, ignoring case; any other heading is
> left as it is. A path given for NEW-TITLE (`pages/Plan.md`) is refused: `vault move`
> moves a note to a path.
> Every link that resolved to the note is rewritten in its own form, and links that would
> become ambiguous gain the shortest path that keeps them on the note. Files whose bytes
> would not change are not written. --dry-run prints the change as a diff.
> 
> Options:
>       --dry-run           print what would change, change nothing
>       --skip-unavailable  go on when notes that may link here cannot be read or rewritten (not downloaded, unreadable, not UTF-8, in a merge conflict)
>       --vault PATH        the vault folder (default: $VAULT_DIR, else the nearest folder with .zennotes/)
>       --json              print one JSON document
>       --color WHEN        auto, always or never (a non-empty NO_COLOR turns auto off)
>   -q, --quiet             no warnings
>       --no-cache          read every note afresh, neither using nor updating the cache
>   -h, --help              show this help
# No command at all is a usage error: the overview goes to stderr.
$ vault
2> vault 0.1.0: a plain-text vault of markdown notes, from the terminal
2> 
2> Usage: vault [--vault PATH] <command> [options] [arguments]
2> 
2> Commands:
2>   init         make a folder a vault (system folders and .zennotes/vault.json)
2>   list         list notes (path and title), filtered by folder or tag
2>   show         print a note's text (or, with --json, its metadata)
2>   info         counts per folder, tags, placeholders, conflict copies and the layout in force
2>   tags         list every tag with its count of notes, or rename one everywhere
2>   find         find notes by a fuzzy match on title, aliases or path, best first
2>   search       search the lines of every note: fuzzy (default), --exact or --regex
2>   capture      capture text or a link into quick/ (or --inbox); reads stdin without TEXT
2>   journal      print the path of a day's journal (creating it), list journals, or roll tasks over
2>   new          create a page named after TITLE (in pages/ or --folder) and print its path
2>   append       add TEXT (or stdin with -) as new lines at the end of a note
2>   prepend      add TEXT (or stdin with -) after a note's frontmatter and title
2>   tasks        list tasks (open and in progress by default) with filters, a tree or counts
2>   task         change a task's state: start, done, cancel, reopen, forward or toggle
2>   links        list a note's outbound links, resolved or dangling
2>   backlinks    list the notes that link to a note, with line and context
2>   check        find dangling links, ambiguous names, unreadable notes and conflict copies
2>   rename       rename a note in its folder and rewrite every link to it
2>   move         move a note or a folder and rewrite every link into it
2>   archive      move a note to archive/, keeping its subpath (pages/a.md -> archive/pages/a.md)
2>   unarchive    move an archived note back where it came from
2>   trash        move a note to trash/ (it moves, nothing is deleted); --list, --empty
2>   restore      move a note out of the trash, back where it came from
2>   conflicts    list sync conflict copies beside their originals (--diff shows how they differ)
2>   doctor       check the vault's health beside sync tools; exit 1 when anything needs attention
2>   sync-ignore  print the lines that keep sync tools away from vault's temporary and lock files
2>   completions  print a completion script for bash, zsh or fish
2>   man          print the manual page (vault.1), made from the same declarations as the help
2>   cache        show, clear or rebuild the cache of note facts kept outside the vault
2>   mcp          serve the vault to agents over the Model Context Protocol (stdio, one JSON message a line)
2>   lsp          serve the Language Server Protocol on standard input and output, for editors
2>   edit         open a note (NOTE, NOTE:LINE or a task's REF) in $VISUAL or $EDITOR, at the line
2>   graph        export the link graph (notes, resolved links, dangling targets) as JSON or Graphviz DOT
2>   duplicate    copy a note beside it, titled "<title> copy" (or --title), and print its path
2>   favorites    list the favorite notes, or add or remove one (kept in .zennotes/vault.json)
2>   comments     list a note's comments, or add or resolve one (in its .zennotes/comments sidecar)
2> 
2> Global options:
2>       --vault PATH  the vault folder (default: $VAULT_DIR, else the nearest folder with .zennotes/)
2>       --json        print one JSON document
2>       --color WHEN  auto, always or never (a non-empty NO_COLOR turns auto off)
2>   -q, --quiet       no warnings
2>       --no-cache    read every note afresh, neither using nor updating the cache
2>   -h, --help        show this help
2>       --version     print the version
2> 
2> `vault help COMMAND` or `vault COMMAND --help` shows a command's options.
2> Exit codes: 0 success, 1 failure or nothing found, 2 usage error, 3 a file changed elsewhere.
? 2
# Unknown commands and options, and bad option values, are usage errors (exit 2).
$ vault frobnicate
2> vault: error: unknown command "frobnicate"
2> hint: `vault --help` lists the commands
? 2
$ vault list --bogus
2> vault: error: unknown option --bogus
2> Usage: vault list [options]
2> hint: `vault list --help` shows every option
? 2
$ vault list --sort size
2> vault: error: --sort must be one of name, modified, not "size"
2> Usage: vault list [options]
2> hint: `vault list --help` shows every option
? 2
$ vault show
2> vault: error: missing NOTE
2> Usage: vault show [options] NOTE
2> hint: `vault show --help` shows every option
? 2
$ vault show a b
2> vault: error: unexpected argument "b"
2> Usage: vault show [options] NOTE
2> hint: `vault show --help` shows every option
? 2
$ vault list --vault
2> vault: error: --vault needs a value (PATH)
2> Usage: vault list [options]
2> hint: `vault list --help` shows every option
? 2
