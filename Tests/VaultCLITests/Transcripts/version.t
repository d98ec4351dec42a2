@fixture demo
# --version works anywhere on the command line, as in git and ripgrep; after -- it is text.
$ vault --version
> vault 0.1.0
$ vault list --version
> vault 0.1.0
$ vault search budget --folder pages --version
> vault 0.1.0
$ vault -V
> vault 0.1.0
$ vault capture --dry-run -- --version | grep '^+++'
> +++ b/quick/version.md
