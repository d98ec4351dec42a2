@fixture demo
# Without a query, find lists the notes most recently modified...
$ XDG_STATE_HOME=$HOME/state vault find --limit 3
> Home.md	Home
> archive/pages/Projects/Roadmap.md	Roadmap (2025)
> archive/pages/Reading/Books of 2025.md	Books of 2025
# ...until notes are used: shown, journaled, created or captured, counted outside the vault.
$ XDG_STATE_HOME=$HOME/state vault show Errands >/dev/null
$ XDG_STATE_HOME=$HOME/state vault show Errands >/dev/null
$ XDG_STATE_HOME=$HOME/state VAULT_NOW=2026-10-01T12:00:00Z vault show Home >/dev/null
$ XDG_STATE_HOME=$HOME/state vault journal
> journals/2026-11-30.md
$ XDG_STATE_HOME=$HOME/state vault find --limit 4
> pages/Errands.md	Errands
> journals/2026-11-30.md	Monday 30 November
> Home.md	Home
> archive/pages/Projects/Roadmap.md	Roadmap (2025)
$ XDG_STATE_HOME=$HOME/state vault completions --candidates notes | head -4
> pages/Errands.md
> journals/2026-11-30.md
> Home.md
> archive/pages/Projects/Roadmap.md
$ ls $HOME/state/vault
> 6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10
$ ls -a .zennotes
> .
> ..
> comments
> trash.json
> vault.json
# Tags given with --tag rank first in tag completion; tags captured with a link count twice
# for links from the same host.
$ XDG_STATE_HOME=$HOME/state vault capture https://swift.org/blog/one --tag swift
> quick/swift.org.md
$ XDG_STATE_HOME=$HOME/state vault list --tag home >/dev/null
$ XDG_STATE_HOME=$HOME/state vault completions --candidates tags | head -3
> home
> swift
> 2026-goals
$ XDG_STATE_HOME=$HOME/state vault completions --candidates tags --url https://swift.org/blog/two | head -3
> swift
> home
> 2026-goals
# Uses are appended to a journal beside the usage file. A damaged usage file counts as no
# usage; with no journal either, nothing is ranked, and the next use counts.
$ printf '{"notes": {' > $HOME/state/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/usage.json && rm $HOME/state/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/usage.log
$ XDG_STATE_HOME=$HOME/state vault find --limit 2
> quick/swift.org.md	swift.org
> Home.md	Home
$ XDG_STATE_HOME=$HOME/state vault show Home >/dev/null && XDG_STATE_HOME=$HOME/state vault find --limit 1
> Home.md	Home
# A state folder inside the vault is never used.
$ XDG_STATE_HOME=$PWD/.state vault show Errands >/dev/null && ls -a | grep -c state
> 0
? 1
