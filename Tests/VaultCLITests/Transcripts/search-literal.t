@fixture empty
# A line that holds the query as written ranks before one whose letters are only scattered,
# even where fzf's score of the scattered one (each letter at the start of a word) is higher.
$ printf '# Words\n\nPick Lunch And Nap\nan explanation of it\nPLANS for the year\n' > Words.md
$ vault --vault . search plan
> Words.md:5: PLANS for the year
> Words.md:4: an explanation of it
> Words.md:3: Pick Lunch And Nap
$ vault --vault . search --json plan | grep '"score"'
>       "score": 114,
>       "score": 76,
>       "score": 101,
