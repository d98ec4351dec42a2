@fixture demo
# `vault edit` hands the terminal to the editor. Here standard input and output are pipes:
# it refuses (exit 2) instead of starting an editor nobody can use. The editor is a script
# that would record what it was given: it is never started.
$ printf '#!/bin/sh\nprintf "%%s\\n" "$@" > ../edited\n' > ../ed && chmod +x ../ed
$ EDITOR=../ed vault edit Errands:3
2> vault: error: vault edit needs a terminal, and this run's standard streams are pipes or files
2> hint: run it from a terminal
? 2
$ test -e ../edited || echo not started
> not started
# The note is looked up first, so a missing or ambiguous one is said as every command says it.
$ EDITOR=../ed vault edit Nosuch
2> vault: error: no note named "Nosuch"
2> hint: `vault list` shows every note
? 1
$ EDITOR=../ed vault edit Ideas
2> vault: error: "Ideas" names 2 notes: inbox/Ideas.md, pages/Ideas.md
2> hint: name the note by its path
? 1
$ EDITOR=../ed vault edit "inbox/Call notes.md:7@3d4a03"
2> vault: error: vault edit needs a terminal, and this run's standard streams are pipes or files
2> hint: run it from a terminal
? 2
# A task reference whose line now holds another task is refused as `vault task` refuses it.
$ EDITOR=../ed vault edit "inbox/Call notes.md:8@3d4a03"
2> vault: error: inbox/Call notes.md:8@3d4a03: the line now holds another task ([ ] Move the good bits into [[Ideas]]); nothing was written
2> hint: run `vault tasks` again and use the reference it prints now
? 3
# --open is refused before anything is written.
$ EDITOR=../ed vault new "Never made" --open
2> vault: error: vault new --open needs a terminal, and this run's standard streams are pipes or files
2> hint: run it from a terminal
? 2
$ EDITOR=../ed vault capture "never captured" --open
2> vault: error: vault capture --open needs a terminal, and this run's standard streams are pipes or files
2> hint: run it from a terminal
? 2
$ VAULT_TODAY=2026-12-24 EDITOR=../ed vault journal --open
2> vault: error: vault journal --open needs a terminal, and this run's standard streams are pipes or files
2> hint: run it from a terminal
? 2
$ ls pages/Never* quick/never* journals/2026-12-24.md 2>&1 | sed 's/^ls: //'
> cannot access 'pages/Never*': No such file or directory
> cannot access 'quick/never*': No such file or directory
> cannot access 'journals/2026-12-24.md': No such file or directory
$ test -e ../edited || echo not started
> not started
# On a terminal (util-linux's `script` gives the run a pseudo-terminal) the editor is started
# with the file and the line as it takes one: `+N` for vim, `--goto FILE:N` for code.
$ mkdir -p ../bin && for e in vim code; do printf '#!/bin/sh\nprintf "%%s\\n" "$@" > ../edited\n' > ../bin/$e && chmod +x ../bin/$e; done
$ EDITOR=../bin/vim script -qec 'vault edit Errands:3' /dev/null < /dev/null && cat ../edited
> +3
> <tmp>/demo/pages/Errands.md
$ EDITOR="../bin/code --wait" script -qec 'vault edit "inbox/Call notes.md:7@3d4a03"' /dev/null < /dev/null && cat ../edited
> --wait
> --goto
> <tmp>/demo/inbox/Call notes.md:7
$ VISUAL=../bin/vim EDITOR=../bin/code script -qec 'vault new "Opened at once" --open' /dev/null < /dev/null | tr -d '\r' && cat ../edited
> pages/Opened at once.md
> +2
> <tmp>/demo/pages/Opened at once.md
$ EDITOR=/bin/false script -qec 'vault edit Errands; echo "exit $?"' /dev/null < /dev/null | tr -d '\r'
> vault: error: the editor "/bin/false" exited with status 1
> exit 1
