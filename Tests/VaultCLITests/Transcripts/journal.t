@fixture demo
# The path of a day's journal; Logseq's YYYY_MM_DD.md is used as it is.
$ VAULT_TODAY=2026-11-30 vault journal
> journals/2026-11-30.md
$ VAULT_TODAY=2026-11-30 vault journal -14
> journals/2026_11_16.md
$ VAULT_TODAY=2026-11-30 vault journal 2026-11-16
> journals/2026_11_16.md
$ vault journal --list
> 2026-11-30	journals/2026-11-30.md
> 2026-11-27	journals/2026-11-27.md
> 2026-11-25	journals/2026-11-25.md
> 2026-11-24	journals/2026-11-24.md
> 2026-11-23	journals/2026-11-23.md
> 2026-11-20	journals/2026-11-20.md
> 2026-11-18	journals/2026-11-18.md
> 2026-11-17	journals/2026-11-17.md
> 2026-11-16	journals/2026_11_16.md
# Rollover: the last journal's unfinished task moves to today's and is forwarded there.
$ VAULT_TODAY=2026-11-30 vault journal --rollover --dry-run
> diff --git a/journals/2026-11-30.md b/journals/2026-11-30.md
> --- a/journals/2026-11-30.md
> +++ b/journals/2026-11-30.md
> @@ -8,3 +8,4 @@
>  - [ ] Read [[Local-first software]] properly ⏳ 2026-12-02
>  - The [[Reading List.md]] says two books in progress, which is one too many.
>  - [?] Is the goals tag still useful? #2026-goals
> +- [ ] Taxes: start [[Tax return 2026]] before the holidays !med
> diff --git a/journals/2026-11-27.md b/journals/2026-11-27.md
> --- a/journals/2026-11-27.md
> +++ b/journals/2026-11-27.md
> @@ -5,5 +5,5 @@
>  ![[Weekly Review Template]]
>  
>  - [x] Empty the inbox ✅ 2026-11-27
> -- [ ] Taxes: start [[Tax return 2026]] before the holidays !med
> +- [>] Taxes: start [[Tax return 2026]] before the holidays !med
>  - Call with Ana yesterday: [[Call notes]]. Dropbox made a conflicted copy of it, of course.
$ VAULT_TODAY=2026-11-30 vault journal --rollover
> moved 1 unfinished task from journals/2026-11-27.md to journals/2026-11-30.md
> journals/2026-11-30.md:11@279153	[ ] Taxes: start [[Tax return 2026]] before the holidays	(due 2026-11-30, medium)
$ tail -2 journals/2026-11-30.md
> - [?] Is the goals tag still useful? #2026-goals
> - [ ] Taxes: start [[Tax return 2026]] before the holidays !med
$ sed -n 8p journals/2026-11-27.md
> - [>] Taxes: start [[Tax return 2026]] before the holidays !med
$ VAULT_TODAY=2026-11-30 vault journal --rollover
> nothing to roll over: journals/2026-11-27.md has no unfinished task
# Into a journal that does not exist yet: it is made, and subtasks move with their parent.
$ VAULT_TODAY=2026-12-02 vault journal --rollover
> moved 7 unfinished tasks from journals/2026-11-30.md to journals/2026-12-02.md
> journals/2026-12-02.md:3@ec26c7	[ ] Finish the fixtures #project/vault	(due 2026-12-01, high, 1/3 done, in progress)
> journals/2026-12-02.md:4@7050ae	  [x] Demo vault	(due 2026-12-02)
> journals/2026-12-02.md:5@0bc58b	  [/] Remapped vault	(due 2026-12-02)
> journals/2026-12-02.md:6@65bbdf	  [ ] README table	(due 2026-12-02)
> journals/2026-12-02.md:7@18d2ad	[ ] Give [[Piranesi]] back to Ana	(due 2026-12-02, low)
> journals/2026-12-02.md:8@75f4de	[ ] Read [[Local-first software]] properly	(due 2026-12-02, scheduled 2026-12-02)
> journals/2026-12-02.md:9@b2b875	[?] Is the goals tag still useful? #2026-goals	(due 2026-12-02)
> journals/2026-12-02.md:10@279153	[ ] Taxes: start [[Tax return 2026]] before the holidays	(due 2026-12-02, medium)
$ cat journals/2026-12-02.md
> # 2026-12-02
> 
> - [ ] Finish the fixtures due:2026-12-01 !high #project/vault
>   - [x] Demo vault
>   - [/] Remapped vault
>   - [ ] README table
> - [ ] Give [[Piranesi]] back to Ana 🔽
> - [ ] Read [[Local-first software]] properly ⏳ 2026-12-02
> - [?] Is the goals tag still useful? #2026-goals
> - [ ] Taxes: start [[Tax return 2026]] before the holidays !med
$ vault tasks --note journals/2026-11-30.md --status all
> journals/2026-11-30.md:3@ec26c7	[>] Finish the fixtures #project/vault	(due 2026-12-01, high, 1/1 done)
> journals/2026-11-30.md:4@7050ae	[x] Demo vault	(due 2026-11-30)
> journals/2026-11-30.md:5@0bc58b	[>] Remapped vault	(due 2026-11-30)
> journals/2026-11-30.md:6@65bbdf	[>] README table	(due 2026-11-30)
> journals/2026-11-30.md:7@18d2ad	[>] Give [[Piranesi]] back to Ana	(due 2026-11-30, low)
> journals/2026-11-30.md:8@75f4de	[>] Read [[Local-first software]] properly	(due 2026-11-30, scheduled 2026-12-02)
> journals/2026-11-30.md:10@b2b875	[>] Is the goals tag still useful? #2026-goals	(due 2026-11-30)
> journals/2026-11-30.md:11@279153	[>] Taxes: start [[Tax return 2026]] before the holidays	(due 2026-11-30, medium)
# A missing journal is created (--dry-run shows it first).
$ VAULT_TODAY=2026-11-30 vault journal tomorrow --dry-run
> diff --git a/journals/2026-12-01.md b/journals/2026-12-01.md
> new file mode 100644
> --- /dev/null
> +++ b/journals/2026-12-01.md
> @@ -0,0 +1,2 @@
> +# 2026-12-01
> +
$ VAULT_TODAY=2026-11-30 vault journal tomorrow
> journals/2026-12-01.md
$ cat journals/2026-12-01.md
> # 2026-12-01
> 
# Nothing before the first journal.
$ VAULT_TODAY=2026-11-30 vault journal --rollover 2026-11-16
> nothing to roll over: there is no journal before 2026-11-16
$ vault journal someday
2> vault: error: DATE must be today, yesterday, tomorrow, YYYY-MM-DD or -N, not "someday"
2> Usage: vault journal [options] [DATE]
2> hint: `vault journal --help` shows every option
? 2
$ vault journal --list --rollover
2> vault: error: --list and --rollover do not go together
2> Usage: vault journal [options] [DATE]
2> hint: `vault journal --help` shows every option
? 2
