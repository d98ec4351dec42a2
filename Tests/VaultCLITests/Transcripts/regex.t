@fixture empty
# search --regex on PCRE2: Perl syntax, smart case, ^ and $ at each line, every match of
# a line highlighted, a match never running into the next line.
$ vault init . > /dev/null && printf 'Budget day\nthe budget, the BUDGET\nfirst\nsecond\n' > pages/Plan.md && printf '\357\273\277budget first\r\nlast budget\r\n' > pages/Windows.md
$ vault search --regex 'b.dget' --color always | sed 's/\x1b\[[0-9;]*m/|/g'
> |pages/Plan.md|:|1|: |Budget| day
> |pages/Plan.md|:|2|: the |budget|, the |BUDGET|
> |pages/Windows.md|:|1|: |budget| first
> |pages/Windows.md|:|2|: last |budget|
$ vault search --regex '^budget|budget$'
> pages/Plan.md:1: Budget day
> pages/Plan.md:2: the budget, the BUDGET
> pages/Windows.md:1: budget first
> pages/Windows.md:2: last budget
$ vault search --regex 'BUDGET'
> pages/Plan.md:2: the budget, the BUDGET
$ vault search --regex 'first\s+second'
? 1
$ vault search --regex '\bsec\w+\b' -C 1
> pages/Plan.md-3- first
> pages/Plan.md:4: second
# A note that is not UTF-8 is matched as the text shown, each bad byte as U+FFFD.
$ printf 'caf\351 budget\n' > pages/Latin.md && vault search --regex 'caf. budget'
> pages/Latin.md:1: caf� budget
2> vault: warning: pages/Latin.md: not valid UTF-8; searched as bytes, shown with U+FFFD
# A pattern that backtracks without end stops the search, naming the note (exit 1).
$ printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\n' > pages/Long.md && vault search --regex '(a+)+$'
2> vault: warning: pages/Latin.md: not valid UTF-8; searched as bytes, shown with U+FFFD
2> vault: error: the regular expression (a+)+$ backtracks too much in pages/Long.md: match limit exceeded
2> hint: nested repeats such as (a+)+ retry every split of the text; make one of them possessive (a++) or atomic (?>...)
? 1
# An invalid pattern says where it stops making sense (exit 2).
$ vault search --regex 'a{2,1}'
2> vault: error: invalid regular expression: numbers out of order in {} quantifier
2>   a{2,1}
2>        ^
2> Usage: vault search [options] QUERY...
2> hint: `vault search --help` shows every option
? 2
