@fixture demo
# Short options take their value attached and cluster: -C1 is -C 1, -qC1 is -q -C 1.
$ vault search --exact -C1 --folder pages/Recipes "Lentil soup"
> pages/Recipes/Lentil soup.md-7- ---
> pages/Recipes/Lentil soup.md:8: # Lentil soup
> pages/Recipes/Lentil soup.md-9-
$ vault search --exact -qC1 --folder pages/Recipes "Lentil soup"
> pages/Recipes/Lentil soup.md-7- ---
> pages/Recipes/Lentil soup.md:8: # Lentil soup
> pages/Recipes/Lentil soup.md-9-
$ vault search --exact -q -C 1 --folder pages/Recipes "Lentil soup"
> pages/Recipes/Lentil soup.md-7- ---
> pages/Recipes/Lentil soup.md:8: # Lentil soup
> pages/Recipes/Lentil soup.md-9-
# A letter no option has names the letter; a cluster whose value is missing says so.
$ vault search -qx budget
2> vault: error: unknown option -x in -qx
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
$ vault search --exact -qC
2> vault: error: --context needs a value (N)
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
