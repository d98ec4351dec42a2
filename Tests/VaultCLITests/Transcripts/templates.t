@fixture demo
# A template of the vault's own: title, date and time in Obsidian's and Logseq's placeholders.
$ mkdir -p .zennotes/templates && printf '# {{title}}\n\nMade {{date:dddd D MMMM YYYY}} at {{time}}, week {{date:W}}.\nSee <%% today %%>; {{query (todo now)}} stays.\n' > .zennotes/templates/Meeting.md
$ TZ=Pacific/Kiritimati vault new "Planning call" --template Meeting
> pages/Planning call.md
$ cat "pages/Planning call.md"
> # Planning call
> 
> Made Tuesday 1 December 2026 at 02:00, week 49.
> See [[Dec 1st, 2026]]; {{query (todo now)}} stays.
# Obsidian's template folder is looked in first, and a daily note template fills a journal for its day.
$ mkdir -p .obsidian Templates && printf '{"folder": "Templates"}\n' > .obsidian/templates.json && printf '{"template": "Templates/Daily"}\n' > .obsidian/daily-notes.json
$ printf -- '---\ntags: [daily]\n---\n# {{date:ddd, MMM Do}}\n\n[[{{yesterday}}]] · [[{{tomorrow}}]]\n' > Templates/Daily.md
$ VAULT_TODAY=2026-12-25 vault journal
> 2026-12-25.md
$ cat journals/2026-12-25.md
2> cat: journals/2026-12-25.md: No such file or directory
? 1
# A template that is not there names the folders and the templates they hold; nothing is written.
$ vault new "Another call" --template Meting
2> vault: error: no template "Meting" in Templates/ or .zennotes/templates/
2> hint: the templates are: Daily, Meeting
? 1
$ ls pages | grep -c "Another call"
> 0
? 1
$ vault new "Another call" --template ../secret
2> vault: error: no template "../secret" in Templates/ or .zennotes/templates/
2> hint: the templates are: Daily, Meeting
? 1
