@fixture demo
# pages/Evicted Idea.md is an iCloud placeholder: its text is not on this machine, so a link
# in it to the note being renamed could not be rewritten. vault stops and names it.
$ vault rename "Thinking in Systems" "Systems Primer"
2> vault: error: links in 1 note cannot be checked or rewritten (not downloaded, unreadable or not UTF-8): pages/Evicted Idea.md; nothing was changed
2> hint: download them (open a placeholder in Finder or Files), make them readable or save them as UTF-8, then try again; or pass --skip-unavailable to leave their links as they are
? 1
# With --skip-unavailable the rename goes on and says which note it could not check.
# The plan first: --dry-run prints the change as a diff and writes nothing.
$ vault rename "Thinking in Systems" "Systems Primer" --dry-run --skip-unavailable
> diff --git a/pages/Reading/Thinking in Systems.md b/pages/Reading/Systems Primer.md
> rename from pages/Reading/Thinking in Systems.md
> rename to pages/Reading/Systems Primer.md
> --- a/pages/Reading/Thinking in Systems.md	
> +++ b/pages/Reading/Systems Primer.md	
> @@ -5,7 +5,7 @@
>  tags: [reading, systems]
>  rating: 4
>  ---
> -# Thinking in Systems
> +# Systems Primer
>  
>  Notes as I go, a chapter a week. On the [[Reading List]].
>  
> diff --git a/Home.md b/Home.md
> --- a/Home.md
> +++ b/Home.md
> @@ -4,7 +4,7 @@
>  
>  - Work: [[Vault CLI]], [[Roadmap]], [[Sync design review]]
>  - People: [[Ana Pereira]], [[Tom Becker]]
> -- Reading: [[Reading List]], [[Thinking in Systems]]
> +- Reading: [[Reading List]], [[Systems Primer]]
>  - Life: [[Errands]], [[Lentil soup]], [[京都旅行]], [[Budget (50% draft)|budget]]
>  
>  Daily notes live in `journals/`. Loose ends go to [[inbox/Ideas|the inbox]] first.
> diff --git a/journals/2026-11-18.md b/journals/2026-11-18.md
> --- a/journals/2026-11-18.md
> +++ b/journals/2026-11-18.md
> @@ -3,6 +3,6 @@
>  - [ ] Gym after work, plan is in [[Gym Plan]]
>  - [x] Passport photos ✅ 2026-11-18
>  - Prep for tomorrow: [[Sync design review]]
> -- The inbox is a stock, triage is the flow ([[Thinking in Systems#Stocks and flows]])
> +- The inbox is a stock, triage is the flow ([[Systems Primer#Stocks and flows]])
>  
>  #health
> diff --git a/pages/People/Ana Pereira.md b/pages/People/Ana Pereira.md
> --- a/pages/People/Ana Pereira.md	
> +++ b/pages/People/Ana Pereira.md	
> @@ -21,7 +21,7 @@
>  
>  - Prefers async. Long messages are fine, calls are not. 
>  - Birthday 14 December, see [[Gift ideas]].
> -- Recommended [[Piranesi]] and [[Thinking in Systems]].
> +- Recommended [[Piranesi]] and [[Systems Primer]].
>  - Knows a lot about iCloud eviction; ask her about placeholders.
>  
>  ## Open threads
> diff --git a/pages/Projects/Vault CLI.md b/pages/Projects/Vault CLI.md
> --- a/pages/Projects/Vault CLI.md	
> +++ b/pages/Projects/Vault CLI.md	
> @@ -43,4 +43,4 @@
>  | --- | --- |
>  | [[Sync design review\|review]] | decisions from the 19th |
>  | [[Roadmap]] | what ships when |
> -| [[pages/Reading/Thinking in Systems\|Meadows]] | feedback loops, for the sync design |
> +| [[pages/Reading/Systems Primer\|Meadows]] | feedback loops, for the sync design |
> diff --git a/pages/Reading List.md b/pages/Reading List.md
> --- a/pages/Reading List.md	
> +++ b/pages/Reading List.md	
> @@ -6,13 +6,13 @@
>  ## Currently reading
>  
>  - [[Piranesi]] by Susanna Clarke, lent by [[Ana Pereira|Ana]]
> -- [[Thinking in Systems]], slowly, one chapter a week
> +- [[Systems Primer]], slowly, one chapter a week
>  
>  ## Up next
>  
>  | book | author | status |
>  | --- | --- | --- |
> -| [[Thinking in Systems\|Thinking in Systems]] | Donella Meadows | reading |
> +| [[Systems Primer\|Thinking in Systems]] | Donella Meadows | reading |
>  | The Mushroom at the End of the World | Anna Lowenhaupt Tsing | next |
>  | [[Piranesi\|Piranesi (re-read)]] | Susanna Clarke | later |
>  
> diff --git a/pages/Reading/Piranesi.md b/pages/Reading/Piranesi.md
> --- a/pages/Reading/Piranesi.md
> +++ b/pages/Reading/Piranesi.md
> @@ -10,7 +10,7 @@
>  The House as a whole world: halls, statues, tides coming up the stairs. He keeps a journal
>  and an index of his journals, which is the most relatable thing a character has ever done.
>  
> -Oddly close to [Thinking in Systems](Thinking%20in%20Systems.md): he learns the House by
> +Oddly close to [Thinking in Systems](Systems%20Primer.md): he learns the House by
>  watching its flows for years before he trusts any rule.
>  
>  #fiction/fantasy
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
$ vault list --folder pages/Reading
> pages/Reading/Piranesi.md	Piranesi
> pages/Reading/Thinking in Systems.md	Thinking in Systems: A Primer
# Then the change. The title heading follows only when it named the note.
$ vault rename "Thinking in Systems" "Systems Primer" --skip-unavailable
> Moved pages/Reading/Thinking in Systems.md -> pages/Reading/Systems Primer.md
> Rewrote 7 links in 6 notes
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
$ vault backlinks "Systems Primer"
> Home.md:7: - Reading: [[Reading List]], [[Systems Primer]]
> journals/2026-11-18.md:6: - The inbox is a stock, triage is the flow ([[Systems Primer#Stocks and flows]])
> pages/People/Ana Pereira.md:24: - Recommended [[Piranesi]] and [[Systems Primer]].
> pages/Projects/Vault CLI.md:46: | [[pages/Reading/Systems Primer\|Meadows]] | feedback loops, for the sync design |
> pages/Reading List.md:9: - [[Systems Primer]], slowly, one chapter a week
> pages/Reading List.md:15: | [[Systems Primer\|Thinking in Systems]] | Donella Meadows | reading |
> pages/Reading/Piranesi.md:13: Oddly close to [Thinking in Systems](Systems%20Primer.md): he learns the House by
2> vault: warning: pages/Evicted Idea.md: not downloaded, so its links are not known yet
$ vault check | head -1
> Dangling links (4)
# A move into another folder fixes the moved note's own relative links.
$ vault move "pages/Reading List.md" inbox/ --dry-run --skip-unavailable
> diff --git a/pages/Reading List.md b/inbox/Reading List.md
> rename from pages/Reading List.md
> rename to inbox/Reading List.md
> --- a/pages/Reading List.md	
> +++ b/inbox/Reading List.md	
> @@ -16,7 +16,7 @@
>  | The Mushroom at the End of the World | Anna Lowenhaupt Tsing | next |
>  | [[Piranesi\|Piranesi (re-read)]] | Susanna Clarke | later |
>  
> -Ana keeps her own list, see [her page](People/Ana%20Pereira.md).
> +Ana keeps her own list, see [her page](../pages/People/Ana%20Pereira.md).
>  
>  ## Done this year
>  
> diff --git a/.zennotes/comments/pages/Reading List.md.comments.json b/.zennotes/comments/inbox/Reading List.md.comments.json
> rename from .zennotes/comments/pages/Reading List.md.comments.json
> rename to .zennotes/comments/inbox/Reading List.md.comments.json
> diff --git a/pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md b/inbox/Reading List.sync-conflict-20261128-101512-ABCDEF7.md
> rename from pages/Reading List.sync-conflict-20261128-101512-ABCDEF7.md
> rename to inbox/Reading List.sync-conflict-20261128-101512-ABCDEF7.md
> diff --git a/pages/Ideas.md b/pages/Ideas.md
> --- a/pages/Ideas.md
> +++ b/pages/Ideas.md
> @@ -6,7 +6,7 @@
>  - A graph view in the terminal? Probably silly. #project/vault
>  - Sourdough again, properly this time
>  - Write up the [[Evicted Idea]] once it downloads on this laptop
> -- Keep errands in one place: [errands](Errands.md), and the [reading list](<Reading List.md>)
> +- Keep errands in one place: [errands](Errands.md), and the [reading list](<../inbox/Reading List.md>)
>  
>  ## Someday
>  
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
$ vault move "pages/Reading List.md" inbox/ --skip-unavailable
> Moved pages/Reading List.md -> inbox/Reading List.md
> Rewrote 2 links in 2 notes
2> vault: warning: pages/Evicted Idea.md: not downloaded; links in it are not rewritten
$ ls .zennotes/comments/inbox
> Reading List.md.comments.json
$ vault links "inbox/Reading List.md"
> 8: [[Piranesi]] -> pages/Reading/Piranesi.md
> 8: [[Ana Pereira|Ana]] -> pages/People/Ana Pereira.md
> 9: [[Systems Primer]] -> pages/Reading/Systems Primer.md
> 15: [[Systems Primer\|Thinking in Systems]] -> pages/Reading/Systems Primer.md
> 17: [[Piranesi\|Piranesi (re-read)]] -> pages/Reading/Piranesi.md
> 19: [her page](../pages/People/Ana%20Pereira.md) -> pages/People/Ana Pereira.md
> 27: [[Books of 2025]] -> archive/pages/Reading/Books of 2025.md
# Refusals: an existing target, a path outside the vault, the trash, a placeholder.
$ vault rename Errands Ideas
2> vault: error: pages/Ideas.md already exists; nothing was overwritten
? 1
$ vault move Errands ../elsewhere/
2> vault: error: cannot move to ../elsewhere/: it is outside the vault
? 1
$ vault move Errands trash/
2> vault: error: cannot move to trash/Errands.md: notes go to the trash with `vault trash`, which can restore them
? 1
$ vault rename "Evicted Idea" "Anything"
2> vault: error: pages/Evicted Idea.md is not downloaded from the sync service yet
2> hint: open the file in the sync app (or Finder) to download it, then try again
? 1
$ vault rename Errands
2> vault: error: missing NEW-TITLE
2> Usage: vault rename [options] NOTE NEW-TITLE
2> hint: `vault rename --help` shows every option
? 2
# A path given for the new title is refused: a rename names a note anew in its own folder.
$ vault rename "Vault CLI" "pages/Vault Tool.md"
2> vault: error: "pages/Vault Tool.md" cannot name a note: it is a path, and a rename names a note anew in its own folder; `vault move` moves a note to a path
? 2
