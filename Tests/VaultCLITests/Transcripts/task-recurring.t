@fixture empty
# Obsidian Tasks' recurring tasks. Done, a task with 🔁 gets its next occurrence above it,
# its dates moved by the rule, and a done date; both are printed, in the note's order.
$ vault init . > /dev/null && mkdir -p .obsidian && printf '# Chores\n\n- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25\n- [ ] pay rent 🔁 every month 🛫 2027-01-25 📅 2027-01-31\n- [ ] water plants 🔁 every 3 days when done ⏳ 2026-11-01 ^plants\n- [ ] moon 🔁 every blue moon 📅 2026-12-01\n- [ ] renew passport 🏁 delete\n' > Chores.md
$ vault tasks --note Chores
> Chores.md:3@909e63	[ ] take out the trash 🔁 every Sunday	(due 2021-04-25)
> Chores.md:4@8c8d54	[ ] pay rent 🔁 every month	(due 2027-01-31, starts 2027-01-25)
> Chores.md:5@22306a	[ ] water plants 🔁 every 3 days when done ^plants	(scheduled 2026-11-01)
> Chores.md:6@d7cff9	[ ] moon 🔁 every blue moon	(due 2026-12-01)
> Chores.md:7@e9b7b0	[ ] renew passport 🏁 delete
# 🏁 delete: the completed task is removed.
$ vault task "Chores.md:7@e9b7b0" done
> Chores.md:7@e9b7b0	[x] renew passport 🏁 delete	(deleted)
# A rule Tasks does not read: done as a plain task, with a warning; nothing else is written.
$ vault task "Chores.md:6@d7cff9" done
> Chores.md:6@d7cff9	[x] moon 🔁 every blue moon	(due 2026-12-01, done 2026-11-30)
2> vault: warning: Chores.md: line 6: 🔁 every blue moon is not a recurrence rule Obsidian Tasks reads; the task is done without a next occurrence
$ sed -n 6p Chores.md
> - [x] moon 🔁 every blue moon 📅 2026-12-01 ✅ 2026-11-30
# when done counts from today (2026-11-30); the next occurrence has no ^block-id.
$ vault task "Chores.md:5@22306a" done --dry-run
> diff --git a/Chores.md b/Chores.md
> --- a/Chores.md
> +++ b/Chores.md
> @@ -2,5 +2,6 @@
>  
>  - [ ] take out the trash 🔁 every Sunday 📅 2021-04-25
>  - [ ] pay rent 🔁 every month 🛫 2027-01-25 📅 2027-01-31
> -- [ ] water plants 🔁 every 3 days when done ⏳ 2026-11-01 ^plants
> +- [ ] water plants 🔁 every 3 days when done ⏳ 2026-12-03
> +- [x] water plants 🔁 every 3 days when done ⏳ 2026-11-01 ✅ 2026-11-30 ^plants
>  - [x] moon 🔁 every blue moon 📅 2026-12-01 ✅ 2026-11-30
$ vault task "Chores.md:5@22306a" done
> Chores.md:5@4832f3	[ ] water plants 🔁 every 3 days when done	(scheduled 2026-12-03)
> Chores.md:6@22306a	[x] water plants 🔁 every 3 days when done ^plants	(scheduled 2026-11-01, done 2026-11-30)
# every month from Jan 31 is Feb 28; the start date keeps its distance to the due date.
$ vault task "Chores.md:4@8c8d54" done
> Chores.md:4@a8d213	[ ] pay rent 🔁 every month	(due 2027-02-28, starts 2027-02-22)
> Chores.md:5@8c8d54	[x] pay rent 🔁 every month	(due 2027-01-31, starts 2027-01-25, done 2026-11-30)
# The example of the Tasks documentation.
$ VAULT_TODAY=2021-04-24 vault task "Chores.md:3@909e63" done
> Chores.md:3@307799	[ ] take out the trash 🔁 every Sunday	(due 2021-05-02)
> Chores.md:4@909e63	[x] take out the trash 🔁 every Sunday	(due 2021-04-25, done 2021-04-24)
$ cat Chores.md
> # Chores
> 
> - [ ] take out the trash 🔁 every Sunday 📅 2021-05-02
> - [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24
> - [ ] pay rent 🔁 every month 🛫 2027-02-22 📅 2027-02-28
> - [x] pay rent 🔁 every month 🛫 2027-01-25 📅 2027-01-31 ✅ 2026-11-30
> - [ ] water plants 🔁 every 3 days when done ⏳ 2026-12-03
> - [x] water plants 🔁 every 3 days when done ⏳ 2026-11-01 ✅ 2026-11-30 ^plants
> - [x] moon 🔁 every blue moon 📅 2026-12-01 ✅ 2026-11-30
# The completed task moved down a line: its old reference now names the next occurrence.
$ vault task "Chores.md:4@8c8d54" done
2> vault: error: Chores.md:4@8c8d54: the line now holds another task ([x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24); nothing was written
2> hint: run `vault tasks` again and use the reference it prints now
? 3
# By the Tasks settings, the next occurrence goes below, dated today with ➕; --json lists it apart.
$ mkdir -p .obsidian/plugins/obsidian-tasks-plugin && printf '{"recurrenceOnNextLine": true, "setCreatedDate": true}' > .obsidian/plugins/obsidian-tasks-plugin/data.json
$ vault task "Chores.md:3@307799" done --json
> {
>   "applied": true,
>   "created": [
>     {
>       "depth": 0,
>       "description": "take out the trash 🔁 every Sunday",
>       "done": null,
>       "due": "2021-05-09",
>       "dueFromJournal": false,
>       "editable": true,
>       "effectiveState": "open",
>       "folderKind": "other",
>       "line": 4,
>       "listMarker": "-",
>       "marker": " ",
>       "parent": null,
>       "path": "Chores.md",
>       "priority": null,
>       "ref": "Chores.md:4@dd1f64",
>       "retired": false,
>       "rollup": null,
>       "scheduled": null,
>       "start": null,
>       "state": "open",
>       "tags": [],
>       "text": "take out the trash 🔁 every Sunday ➕ 2026-11-30 📅 2021-05-09"
>     }
>   ],
>   "removed": [],
>   "tasks": [
>     {
>       "depth": 0,
>       "description": "take out the trash 🔁 every Sunday",
>       "done": "2026-11-30",
>       "due": "2021-05-02",
>       "dueFromJournal": false,
>       "editable": true,
>       "effectiveState": "done",
>       "folderKind": "other",
>       "line": 3,
>       "listMarker": "-",
>       "marker": "x",
>       "parent": null,
>       "path": "Chores.md",
>       "priority": null,
>       "ref": "Chores.md:3@307799",
>       "retired": false,
>       "rollup": null,
>       "scheduled": null,
>       "start": null,
>       "state": "done",
>       "tags": [],
>       "text": "take out the trash 🔁 every Sunday 📅 2021-05-02 ✅ 2026-11-30"
>     }
>   ]
> }
$ sed -n 3,5p Chores.md
> - [x] take out the trash 🔁 every Sunday 📅 2021-05-02 ✅ 2026-11-30
> - [ ] take out the trash 🔁 every Sunday ➕ 2026-11-30 📅 2021-05-09
> - [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24
# Settings that are not JSON: a warning, and Tasks' defaults.
$ printf '{oops' > .obsidian/plugins/obsidian-tasks-plugin/data.json
$ vault task "Chores.md:6@a8d213" done
> Chores.md:6@054ebb	[ ] pay rent 🔁 every month	(due 2027-03-28, starts 2027-03-22)
> Chores.md:7@a8d213	[x] pay rent 🔁 every month	(due 2027-02-28, starts 2027-02-22, done 2026-11-30)
2> vault: warning: .obsidian/plugins/obsidian-tasks-plugin/data.json: cannot be read as Obsidian Tasks' settings (not a JSON object); its defaults are used
