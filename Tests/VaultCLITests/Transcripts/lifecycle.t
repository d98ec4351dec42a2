@fixture demo
# Archive keeps the subpath and the comments sidecar; links keep resolving.
$ vault archive "Reading List" --skip-unavailable
> pages/Reading List.md -> archive/pages/Reading List.md
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
$ ls .zennotes/comments/archive/pages
> Reading List.md.comments.json
# The sidecar's folders it left empty go too.
$ find .zennotes/comments -type d | sort
> .zennotes/comments
> .zennotes/comments/archive
> .zennotes/comments/archive/pages
$ vault check | head -1
> Dangling links (4)
$ vault unarchive "archive/pages/Reading List.md" --skip-unavailable
> archive/pages/Reading List.md -> pages/Reading List.md
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
$ find .zennotes/comments -type d | sort
> .zennotes/comments
> .zennotes/comments/pages
# Trash moves, never deletes: links dangle and say so; restore heals them.
$ vault trash Errands
> pages/Errands.md -> trash/pages/Errands.md
2> vault: warning: 4 links to it now dangle; `vault restore` heals them
$ vault backlinks Errands
2> vault: error: no note named "Errands"
2> hint: did you mean: trash/pages/Errands.md
? 1
$ vault restore trash/pages/Errands.md
> trash/pages/Errands.md -> pages/Errands.md
> 4 links to it resolve again
$ vault trash --list
> trash/pages/Gym Plan.md	from pages/Gym Plan.md	2026-11-20T08:30:00Z
# A note in the trash is named by its file name too, extension and all.
$ vault restore "Gym Plan.md" --dry-run | head -3
> diff --git a/trash/pages/Gym Plan.md b/pages/Gym Plan.md
> rename from trash/pages/Gym Plan.md
> rename to pages/Gym Plan.md
# Emptying is the only delete: scripts must say --yes.
$ vault trash --empty
2> vault: error: emptying the trash deletes 1 note for good; pass --yes to confirm
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
$ vault trash --empty --older-than 10000d --yes
> The trash is empty of notes that old.
$ vault trash --empty --yes
> Deleted 1 note from the trash.
$ ls trash
# Wrong places and bad input.
$ vault archive "Books of 2025"
2> vault: error: archive/pages/Reading/Books of 2025.md is already in archive/
? 1
$ vault restore Errands
2> vault: error: pages/Errands.md is not in trash/
? 1
$ vault trash --older-than 3x --empty
2> vault: error: --older-than takes a whole number above 0 and a unit (m, h, d or w): 30d, 12h, 90m or 2w, not "3x"
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
$ vault trash --yes Errands
2> vault: error: --older-than and --yes go with --list or --empty
2> Usage: vault trash [options] [NOTE]
2> hint: `vault trash --help` shows every option
? 2
