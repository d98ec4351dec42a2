@fixture demo
# A note is aged in the trash by when it was trashed, never by when its text was last edited.
# The Errands list was last edited 40 days ago, and is trashed now (the clock stands at
# 2026-11-30T12:00:00Z); Gift ideas was trashed 40 days ago by the clock.
$ touch -d 2026-10-21T12:00:00Z pages/Errands.md && vault trash Errands
> pages/Errands.md -> trash/pages/Errands.md
2> vault: warning: 4 links to it now dangle; `vault restore` heals them
$ VAULT_NOW=2026-10-21T12:00:00Z vault trash "Gift ideas for Ana's birthday"
> pages/Gift ideas.md -> trash/pages/Gift ideas.md
2> vault: warning: 2 links to it now dangle; `vault restore` heals them
# Newest first, each with the time it was trashed; the fixture's Gym Plan was trashed on 20 November.
$ vault trash --list
> trash/pages/Errands.md	from pages/Errands.md	2026-11-30T12:00:00Z
> trash/pages/Gym Plan.md	from pages/Gym Plan.md	2026-11-20T08:30:00Z
> trash/pages/Gift ideas.md	from pages/Gift ideas.md	2026-10-21T12:00:00Z
$ vault trash --list --json | grep -c '"trashTimeSource": "record"'
> 3
# Only what was trashed 30 days ago or more goes.
$ vault trash --empty --older-than 30d --dry-run
> delete trash/pages/Gift ideas.md
> diff --git a/trash/pages/Gift ideas.md b/trash/pages/Gift ideas.md
> deleted file mode 100644
> --- a/trash/pages/Gift ideas.md	
> +++ /dev/null
> @@ -1,11 +0,0 @@
> ----
> -title: 'Gift ideas for Ana''s birthday'
> -tags: [gifts]
> ----
> -# Gift ideas
> -
> -Her birthday is on 14 December. Around 40 €.
> -
> -- [ ] The new Susanna Clarke hardback, if it is out by then
> -- [ ] Good tinned fish from the shop next to [[Café Olé]]
> -- [-] Concert tickets (sold out)
$ vault trash --empty --older-than 30d --yes
> Deleted 1 note from the trash.
$ ls trash/pages
> Errands.md
> Gym Plan.md
$ VAULT_NOW=2026-12-21T09:00:00Z vault trash --list --older-than 30d
> trash/pages/Gym Plan.md	from pages/Gym Plan.md	2026-11-20T08:30:00Z
$ VAULT_NOW=2026-12-21T09:00:00Z vault trash --list --older-than 4w
> trash/pages/Gym Plan.md	from pages/Gym Plan.md	2026-11-20T08:30:00Z
# The record says when and from where, keeping what vault does not know; the inode tells the
# file it was written for from another that takes its name later.
$ sed 's/"inode": [0-9]*/"inode": N/' .zennotes/trash.json
> {
>   "version": 1,
>   "notes": {
>     "trash/pages/Gym Plan.md": {
>       "trashedAt": "2026-11-20T08:30:00Z",
>       "from": "pages/Gym Plan.md"
>     },
>     "trash/pages/Errands.md": {
>       "trashedAt": "2026-11-30T12:00:00Z",
>       "from": "pages/Errands.md",
>       "inode": N
>     }
>   }
> }
# Restore takes the note's title or the path it had, as well as its path in the trash, and
# strikes it from the record.
$ vault restore "Gym Plan"
> trash/pages/Gym Plan.md -> pages/Gym Plan.md
> 1 link to it resolves again
$ vault restore pages/Errands.md
> trash/pages/Errands.md -> pages/Errands.md
> 4 links to it resolve again
$ ls .zennotes
> comments
> lock
> vault.json
# A note trashed twice is `T 2` in the trash, and goes back where it came from; its old path
# then names two notes.
$ vault trash Errands && cp pages/Ideas.md pages/Errands.md && vault trash pages/Errands.md
> pages/Errands.md -> trash/pages/Errands.md
> pages/Errands.md -> trash/pages/Errands 2.md
2> vault: warning: 4 links to it now dangle; `vault restore` heals them
2> vault: warning: trash/pages/ already has that name; the note becomes trash/pages/Errands 2.md
2> vault: warning: 5 links to it now dangle; `vault restore` heals them
$ vault trash --list
> trash/pages/Errands 2.md	from pages/Errands.md	2026-11-30T12:00:00Z
> trash/pages/Errands.md	from pages/Errands.md	2026-11-30T12:00:00Z
$ vault restore pages/Errands
2> vault: error: "pages/Errands" names 2 notes: trash/pages/Errands 2.md, trash/pages/Errands.md
2> hint: name the note by its path
? 1
$ vault restore "trash/pages/Errands 2.md"
> trash/pages/Errands 2.md -> pages/Errands.md
> 5 links to it resolve again
$ ls pages | grep Errands
> Errands.md
# A record lost with .zennotes/ (a sync tool that skips dot-folders): the trash is aged by
# when each file entered it, as far as the file system can tell, which is never earlier than
# the trashing. The clock is set from the machine's here, so the ages do not depend on the day.
$ rm .zennotes/trash.json
$ VAULT_NOW=$(date -u -d '+20 days' +%Y-%m-%dT%H:%M:%SZ) vault trash --empty --older-than 30d --yes
> The trash is empty of notes that old.
$ VAULT_NOW=$(date -u -d '+40 days' +%Y-%m-%dT%H:%M:%SZ) vault trash --list --older-than 30d | cut -f1,2,4
> trash/pages/Errands.md	from pages/Errands.md	(not recorded: when the file last changed)
# A record that cannot be read is never rewritten, and never a reason to delete.
$ vault trash pages/Ideas.md && printf '{"notes": [' > .zennotes/trash.json && vault trash pages/Errands.md
> pages/Ideas.md -> trash/pages/Ideas.md
> pages/Errands.md -> trash/pages/Errands 2.md
2> vault: warning: 4 links to it now dangle; `vault restore` heals them
2> vault: warning: trash/pages/ already has that name; the note becomes trash/pages/Errands 2.md
2> vault: warning: the time it was trashed was not recorded: .zennotes/trash.json is not a trash record vault can read: unexpected end of file at byte 11
2> vault: warning: 4 links to it now dangle; `vault restore` heals them
$ VAULT_NOW=$(date -u +%Y-%m-%dT%H:%M:%SZ) vault trash --empty --older-than 30d --yes
> The trash is empty of notes that old.
2> vault: warning: .zennotes/trash.json: cannot be read (unexpected end of file at byte 11); the trash is aged by when its files entered it
$ cat .zennotes/trash.json
> {"notes": [
\ no newline
# Bad ages: no unit, zero, negative, a fraction, words.
$ vault trash --empty --older-than 30 --yes
2> vault: error: --older-than takes a whole number above 0 and a unit (m, h, d or w): 30d, 12h, 90m or 2w, not "30"
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
$ vault trash --empty --older-than 0d --yes
2> vault: error: --older-than takes a whole number above 0 and a unit (m, h, d or w): 30d, 12h, 90m or 2w, not "0d"
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
$ vault trash --empty --older-than -3d --yes
2> vault: error: --older-than takes a whole number above 0 and a unit (m, h, d or w): 30d, 12h, 90m or 2w, not "-3d"
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
$ vault trash --empty --older-than 1.5d --yes
2> vault: error: --older-than takes a whole number above 0 and a unit (m, h, d or w): 30d, 12h, 90m or 2w, not "1.5d"
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
$ vault trash --empty --older-than infd --yes
2> vault: error: --older-than takes a whole number above 0 and a unit (m, h, d or w): 30d, 12h, 90m or 2w, not "infd"
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
$ VAULT_NOW=yesterday vault trash --list
2> vault: error: VAULT_NOW=yesterday is not a time: give one such as 2026-11-30T09:00:00Z, or a day such as 2026-11-30
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
