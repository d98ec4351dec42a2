@fixture demo
# A tag rename killed halfway (the test seam ends the process before its 3rd step) is
# finished by the next command, which says so.
$ VAULT_TEST_CRASH_AT=3 vault tags rename project plan --skip-unavailable > /dev/null 2>&1
? 137
$ ls .zennotes/journal | wc -l
> 1
$ vault tags --sort name | grep -e plan -e project
> #plan	2
> #plan/vault	6
2> vault: finished an interrupted change: tags rename #project -> #plan (7 files rewritten)
$ grep -rl '#project' pages journals inbox | wc -l
> 0
