@fixture demo
# Commands that read write nothing: no lock file, no cache, no note touched.
$ ls -lRA --time-style=full-iso . > ../before && echo listed
> listed
$ vault list > /dev/null && vault list --json > /dev/null && vault info > /dev/null && vault tags > /dev/null && vault show Errands > /dev/null && vault show Errands --json > /dev/null && echo ran
> ran
$ ls -lRA --time-style=full-iso . > ../after && diff ../before ../after && echo nothing changed
> nothing changed
