@fixture demo
# `find -i` and `tasks -i` pick through fzf on the terminal. Here standard input and error are
# pipes: they refuse (exit 2) before reading the vault, whether fzf is installed or not.
$ vault find -i errands
2> vault: error: vault find -i needs a terminal, and this run's standard streams are pipes or files
2> hint: run it from a terminal
? 2
$ vault tasks -i
2> vault: error: vault tasks -i needs a terminal, and this run's standard streams are pipes or files
2> hint: run it from a terminal
? 2
