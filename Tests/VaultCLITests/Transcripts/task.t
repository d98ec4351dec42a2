@fixture demo
# Finishing a task changes its marker; the note writes emoji dates, so a done date is added.
$ VAULT_TODAY=2026-11-30 vault task "pages/Errands.md:17@1e6d24" done
> pages/Errands.md:17@1e6d24	[x] Post office: parcel for Ana	(due 2026-12-03, done 2026-11-30)
$ sed -n 17p pages/Errands.md
> - [x] Post office: parcel for Ana 📅 2026-12-03 ✅ 2026-11-30
# The reference still names the task after the change.
$ vault task "pages/Errands.md:17@1e6d24" reopen
> pages/Errands.md:17@1e6d24	[ ] Post office: parcel for Ana	(due 2026-12-03)
$ sed -n 17p pages/Errands.md
> - [ ] Post office: parcel for Ana 📅 2026-12-03
# Done again on another day: the done date is that day's.
$ VAULT_TODAY=2026-12-02 vault task "pages/Errands.md:17@1e6d24" done
> pages/Errands.md:17@1e6d24	[x] Post office: parcel for Ana	(due 2026-12-03, done 2026-12-02)
$ sed -n 17p pages/Errands.md
> - [x] Post office: parcel for Ana 📅 2026-12-03 ✅ 2026-12-02
# A note without emoji dates gets only the marker; --dry-run shows the diff and writes nothing.
$ vault task "pages/Ideas.md:14@183111" start --dry-run
> diff --git a/pages/Ideas.md b/pages/Ideas.md
> --- a/pages/Ideas.md
> +++ b/pages/Ideas.md
> @@ -11,4 +11,4 @@
>  ## Someday
>  
>  - [ ] Learn enough Japanese to read a menu on the [[京都旅行|Kyoto trip]]
> -- [ ] Build a bookshelf for the hallway
> +- [/] Build a bookshelf for the hallway
$ vault task "pages/Ideas.md:14@183111" toggle
> pages/Ideas.md:14@183111	[x] Build a bookshelf for the hallway
$ sed -n 14p pages/Ideas.md
> - [x] Build a bookshelf for the hallway
# A whole subtree: open subtasks are closed too, the cancelled one stays cancelled.
$ VAULT_TODAY=2026-11-30 vault task "pages/Projects/Vault CLI.md:29@abf14a" done --all-subtasks
> pages/Projects/Vault CLI.md:29@abf14a	[x] Ship 0.1	(due 2026-12-15, done 2026-11-30, high, 6/6 done)
> pages/Projects/Vault CLI.md:32@4dff58	[x] Rename with backlinks	(scheduled 2026-12-02, done 2026-11-30, 2/2 done)
> pages/Projects/Vault CLI.md:34@8cace3	[x] Keep `|alias` and `#heading` when rewriting	(done 2026-11-30)
> pages/Projects/Vault CLI.md:36@368de0	[x] Task listing with due dates	(due 2026-12-01, done 2026-11-30, high)
$ vault tasks --status all --tree --note "Vault CLI"
> pages/Projects/Vault CLI.md:29@abf14a	[x] Ship 0.1	(due 2026-12-15, done 2026-11-30, high, 6/6 done)
> pages/Projects/Vault CLI.md:30@3ac44a	  [x] Parse frontmatter	(done 2026-11-20)
> pages/Projects/Vault CLI.md:31@1dc500	  [X] Wikilink parser	(done 2026-11-24)
> pages/Projects/Vault CLI.md:32@4dff58	  [x] Rename with backlinks	(scheduled 2026-12-02, done 2026-11-30, 2/2 done)
> pages/Projects/Vault CLI.md:33@521839	    [x] Resolve bare names
> pages/Projects/Vault CLI.md:34@8cace3	    [x] Keep `|alias` and `#heading` when rewriting	(done 2026-11-30)
> pages/Projects/Vault CLI.md:35@a0f04d	    [-] Support org-mode files
> pages/Projects/Vault CLI.md:36@368de0	  [x] Task listing with due dates	(due 2026-12-01, done 2026-11-30, high)
> pages/Projects/Vault CLI.md:37@3b6366	[>] Benchmarks against ripgrep, moved to the [[Roadmap]]
> pages/Projects/Vault CLI.md:38@7c005a	[?] Do we need a daemon at all?
# CRLF and BOM notes keep their bytes.
$ vault task "pages/Windows Note.md:10@d69f62" start
> pages/Windows Note.md:10@d69f62	[/] Set core.autocrlf to false
$ sed -n 10p "pages/Windows Note.md" | od -c | tail -2
> 0000040   s   e  \r  \n
> 0000044
# Already in that state: nothing to write.
$ vault task "pages/Windows Note.md:10@d69f62" start
> nothing to change: pages/Windows Note.md:10@d69f62 is already in progress
# The line changed since it was listed: refused with exit 3, nothing written.
$ sed -i 's/Build a bookshelf/Build two bookshelves/' pages/Ideas.md
$ vault task "pages/Ideas.md:14@183111" done
2> vault: error: pages/Ideas.md:14@183111: the line now holds another task ([x] Build two bookshelves for the hallway); nothing was written
2> hint: run `vault tasks` again and use the reference it prints now
? 3
$ sed -n 14p pages/Ideas.md
> - [x] Build two bookshelves for the hallway
# Bad references and actions.
$ vault task "pages/Ideas.md:1@000000" done
2> vault: error: pages/Ideas.md:1@000000: that line holds no task; nothing was written
2> hint: run `vault tasks` again and use the reference it prints now
? 3
$ vault task "pages/Nope.md:3@000000" done
2> vault: error: pages/Nope.md:3@000000: there is no note pages/Nope.md
2> hint: run `vault tasks` again and use the reference it prints now
? 1
$ vault task pages/Ideas.md:14 done
2> vault: error: "pages/Ideas.md:14" is not a task reference (PATH:LINE@HASH, as `vault tasks` prints it)
2> Usage: vault task [options] REF start|done|cancel|reopen|forward|toggle
2> hint: `vault task --help` shows every option
? 2
$ vault task "pages/Ideas.md:13@98fcc4" finish
2> vault: error: unknown action "finish": use start, done, cancel, reopen, forward or toggle
2> Usage: vault task [options] REF start|done|cancel|reopen|forward|toggle
2> hint: `vault task --help` shows every option
? 2
$ vault task "pages/Templates/Weekly Review Template.md:7@000000" done
2> vault: error: pages/Templates/Weekly Review Template.md opts out of tasks (tasks: false); nothing was written
2> hint: remove `tasks: false` from the note's frontmatter to manage its tasks
? 1
