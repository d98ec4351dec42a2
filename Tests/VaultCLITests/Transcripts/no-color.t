@fixture demo
# On a terminal, colour is on unless NO_COLOR holds a value: an empty one does not count.
$ TERM=xterm script -qec 'vault list --folder quick --quiet' /dev/null | head -1 | cut -c1-4 | od -An -c
>  033   [   1   m  \n
$ NO_COLOR= TERM=xterm script -qec 'vault list --folder quick --quiet' /dev/null | head -1 | cut -c1-4 | od -An -c
>  033   [   1   m  \n
$ NO_COLOR=1 TERM=xterm script -qec 'vault list --folder quick --quiet' /dev/null | head -1 | cut -c1-4 | od -An -c
>    q   u   i   c  \n
# --color always wins over NO_COLOR.
$ NO_COLOR=1 vault list --folder quick --quiet --color always | head -1 | cut -c1-4 | od -An -c
>  033   [   1   m  \n
