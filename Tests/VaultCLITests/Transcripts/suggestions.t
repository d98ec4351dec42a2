@fixture demo
# A name that is not a command is a usage error, for `vault help` too; a close one is suggested.
$ vault help nosuch
2> vault: error: unknown command "nosuch"
2> hint: `vault --help` lists the commands
? 2
$ vault help serach
2> vault: error: unknown command "serach"
2> hint: did you mean `vault help search`?
? 2
$ vault serach budget
2> vault: error: unknown command "serach"
2> hint: did you mean `vault search`?
? 2
$ vault lsit
2> vault: error: unknown command "lsit"
2> hint: did you mean `vault list`?
? 2
# Options a typo away are suggested; a word that resembles none gets no guess.
$ vault list --jsn
2> vault: error: unknown option --jsn (did you mean --json?)
2> Usage: vault list [options]
2> hint: `vault list --help` shows every option
? 2
$ vault search --exatc budget
2> vault: error: unknown option --exatc (did you mean --exact?)
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
$ vault list --frobnicate
2> vault: error: unknown option --frobnicate
2> Usage: vault list [options]
2> hint: `vault list --help` shows every option
? 2
# A note name that is not found suggests the closest titles and file names.
$ vault show Erands
2> vault: error: no note named "Erands"
2> hint: did you mean: pages/Errands.md
? 1
$ vault show "Lentl sop"
2> vault: error: no note named "Lentl sop"
2> hint: did you mean: pages/Recipes/Lentil soup.md
? 1
$ vault show "Nothing like any title"
2> vault: error: no note named "Nothing like any title"
2> hint: `vault list` shows every note
? 1
# In the trash too: a restore of a name a typo away suggests the trashed note.
$ vault restore "Gym Plna"
2> vault: error: no note named "Gym Plna"
2> hint: did you mean: trash/pages/Gym Plan.md
? 1
