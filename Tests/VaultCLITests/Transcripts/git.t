@fixture demo
# Git is a sync tool too. The demo vault becomes a git work tree (git's own files, written by
# hand here, are all vault looks at), and a merge leaves both sides of a change in a note.
# The placeholder goes, so that only the conflict stands in a rename's way.
$ mkdir .git && echo 'ref: refs/heads/main' > .git/HEAD && rm "pages/.Evicted Idea.md.icloud"
$ printf '\n<<<<<<< HEAD\n- [ ] Return [[Piranesi]] to Ana\n=======\n- [x] Return [[Piranesi]] to Ana ✅ 2026-11-29\n>>>>>>> phone\n' >> pages/Errands.md
# Markers shown in a code block are a note's text, not a conflict.
$ printf '\n```\n<<<<<<< HEAD\nmine\n=======\nyours\n>>>>>>> theirs\n```\n' >> "pages/Shell snippets.md"
$ vault conflicts
> inbox/Call notes (Ana's conflicted copy 2026-11-27).md  (dropbox, 343 bytes, 2026-11-30T12:00:00Z)
>   copy of inbox/Call notes.md
> pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md  (syncthing, 598 bytes, 2026-11-30T12:00:00Z)
>   copy of pages/Reading List.md
> pages/Errands.md  (git, 1 conflicting section)
>   line 22, ours (HEAD):
>     - [ ] Return [[Piranesi]] to Ana
>   theirs (phone):
>     - [x] Return [[Piranesi]] to Ana ✅ 2026-11-29
$ vault conflicts --json | sed -n '/"originalPath": "pages\/Errands.md"/,$p'
>     "originalPath": "pages/Errands.md",
>     "path": "pages/Errands.md",
>     "sections": [
>       {
>         "line": 22,
>         "ours": {
>           "label": "HEAD",
>           "lines": [
>             "- [ ] Return [[Piranesi]] to Ana"
>           ]
>         },
>         "theirs": {
>           "label": "phone",
>           "lines": [
>             "- [x] Return [[Piranesi]] to Ana ✅ 2026-11-29"
>           ]
>         }
>       }
>     ],
>     "size": 574,
>     "tool": "git"
>   }
> ]
$ vault check | sed -n '/Merge conflicts/,$p'
> Merge conflicts (1)
>   pages/Errands.md: holds merge conflict markers (1 section); its links may be wrong until one side is kept
$ vault doctor | grep -A1 '^pages/Errands'
> pages/Errands.md: holds git merge conflict markers (1 conflicting section, from line 22): both sides at once, and its links may be wrong
>   fix: keep one side of each section and delete the <<<<<<< ======= >>>>>>> lines (vault conflicts shows both), then git add 'pages/Errands.md'
# There is no copy to settle: the note itself holds both sides.
$ vault conflicts resolve pages/Errands.md --keep original
2> vault: error: pages/Errands.md holds git merge conflict markers, not a conflict copy: keep one side of each section by editing it, then git add it
? 1
# A rename that would rewrite the note stops, as for one that cannot be read; with
# --skip-unavailable it goes on and leaves that note's links as they are.
$ vault rename Piranesi "Piranesi (Clarke)"
2> vault: error: links in 1 note cannot be rewritten while it holds merge conflict markers: pages/Errands.md; nothing was changed
2> hint: keep one side of each conflict and remove the <<<<<<< ======= >>>>>>> lines (`vault conflicts` shows them), then try again; or pass --skip-unavailable to leave their links as they are
? 1
$ vault rename Piranesi "Piranesi (Clarke)" --skip-unavailable --dry-run | head -1
> diff --git a/pages/Reading/Piranesi.md b/pages/Reading/Piranesi (Clarke).md
2> vault: warning: pages/Errands.md: holds merge conflict markers; links in it are not rewritten
# While git is in the middle of a merge, changes to several notes refuse, naming it; changes
# to one note go on.
$ touch .git/MERGE_HEAD
$ vault rename "Gift ideas" Presents
2> vault: error: a git merge is in progress in this vault's repository (.git/MERGE_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the merge first (git commit, or git merge --abort); changes to one note at a time still work
? 1
$ vault move pages/Recipes archive/
2> vault: error: a git merge is in progress in this vault's repository (.git/MERGE_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the merge first (git commit, or git merge --abort); changes to one note at a time still work
? 1
$ vault archive "Gift ideas"
2> vault: error: a git merge is in progress in this vault's repository (.git/MERGE_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the merge first (git commit, or git merge --abort); changes to one note at a time still work
? 1
$ vault conflicts resolve "Reading List" --keep copy
2> vault: error: a git merge is in progress in this vault's repository (.git/MERGE_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the merge first (git commit, or git merge --abort); changes to one note at a time still work
? 1
$ vault trash --empty --yes
2> vault: error: a git merge is in progress in this vault's repository (.git/MERGE_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the merge first (git commit, or git merge --abort); changes to one note at a time still work
? 1
$ vault doctor --fix
2> vault: error: a git merge is in progress in this vault's repository (.git/MERGE_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the merge first (git commit, or git merge --abort); changes to one note at a time still work
? 1
$ vault doctor | head -2
> .git/MERGE_HEAD: a git merge is in progress: rename, move, archive, conflicts resolve, trash --empty and doctor --fix wait for it
>   fix: git commit, or git merge --abort
$ vault append pages/Ideas.md "- one more" && tail -1 pages/Ideas.md
> pages/Ideas.md
> - one more
$ vault trash "Gift ideas"
> pages/Gift ideas.md -> trash/pages/Gift ideas.md
2> vault: warning: 2 links to it now dangle; `vault restore` heals them
$ rm .git/MERGE_HEAD && mkdir .git/rebase-merge && vault rename pages/Ideas.md Thoughts
2> vault: error: a git rebase is in progress in this vault's repository (.git/rebase-merge); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the rebase first (git rebase --continue, or git rebase --abort); changes to one note at a time still work
? 1
$ rm -r .git/rebase-merge && touch .git/CHERRY_PICK_HEAD && vault move pages/Recipes archive/
2> vault: error: a git cherry-pick is in progress in this vault's repository (.git/CHERRY_PICK_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the cherry-pick first (git cherry-pick --continue, or git cherry-pick --abort); changes to one note at a time still work
? 1
# A .git file names the git folder of a linked work tree, where its state is.
$ rm -r .git && mkdir -p ../repo/.git/worktrees/demo && echo 'ref: refs/heads/demo' > ../repo/.git/worktrees/demo/HEAD
$ echo 'gitdir: ../repo/.git/worktrees/demo' > .git && touch ../repo/.git/worktrees/demo/REVERT_HEAD && vault rename pages/Ideas.md Thoughts
2> vault: error: a git revert is in progress in this vault's repository (<tmp>/repo/.git/worktrees/demo/REVERT_HEAD); a change to several notes now would be mixed into it, so nothing was changed
2> hint: finish the revert first (git revert --continue, or git revert --abort); changes to one note at a time still work
? 1
# One that leads nowhere, or a bare repository, is no work tree: nothing waits, and the
# marker lines are the note's own, rewritten like any other.
$ echo 'gitdir: /nowhere' > .git && vault rename Piranesi "Piranesi (Clarke)" --dry-run | grep '^--- a/pages/Errands'
> --- a/pages/Errands.md
$ vault conflicts | grep -c git
> 0
? 1
$ rm .git && mkdir objects refs && echo 'ref: refs/heads/main' > HEAD && touch MERGE_HEAD && vault rename Piranesi "Piranesi (Clarke)" --dry-run | grep '^--- a/pages/Errands'
> --- a/pages/Errands.md
