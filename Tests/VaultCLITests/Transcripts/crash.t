@fixture demo
# A rename killed halfway (the test seam ends the process before its 5th step) leaves
# every link resolvable; the next command, whatever it is, finishes it and says so.
$ VAULT_TEST_CRASH_AT=5 vault rename "Vault CLI" "Vault Tool" --skip-unavailable > /dev/null
? 137
$ ls .zennotes/journal | wc -l
> 1
$ vault check | head -1
> Dangling links (4)
2> vault: finished an interrupted change: rename pages/Projects/Vault CLI.md -> pages/Projects/Vault Tool.md (13 files rewritten)
$ vault list --folder pages/Projects
> pages/Projects/Roadmap.md	Roadmap
> pages/Projects/Vault Tool.md	Vault Tool
# The journal is gone with the change it described, and so is its folder.
$ ls .zennotes
> comments
> lock
> trash.json
> vault.json
$ vault backlinks "Vault Tool" | wc -l
> 11
2> vault: warning: pages/Evicted Idea.md: not downloaded, so its links are not known yet
$ find . -name '.~*' | wc -l
> 0
