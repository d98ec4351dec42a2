@fixture demo
# The first run reads every note into the cache, kept outside the vault. Notes changed within
# two seconds of being read are read again the next time (they were all copied just now).
# The file's size depends on the copy's inode numbers, so only its being there is shown.
$ vault list --include-trash > /dev/null && vault cache status | grep -v "last refresh" | sed 's/^size: [1-9][0-9]* bytes$/size: (some) bytes/'
> cache: <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts
> size: (some) bytes
> notes: 39
> last run: 0 hits, 39 misses
$ vault cache status --json | grep notes
>   "notes": 39,
# Clearing costs only speed; a rebuild reads every note.
$ vault cache clear
> cleared <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts
$ vault cache status | grep -v "last refresh"
> cache: <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts
> size: 0 bytes
> notes: 0
$ vault cache rebuild
> rebuilt <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts: 39 notes read
# A file another build of vault wrote (its header names another program) holds no record
# this build reads: the status says so rather than "0 notes, never", and the next run rewrites it.
$ printf 'OTHERBLD' | dd of=../.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts bs=1 seek=24 conv=notrunc 2> /dev/null && vault cache status | grep -v "^size\|^last run"
> cache: <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts
> notes: none this build reads (another version or build of vault wrote the file; the next command reads every note and writes it anew)
> last refresh: unknown
$ vault cache status --json | grep otherBuild
>   "otherBuild": true,
$ vault list --include-trash > /dev/null && vault cache status | grep notes
> notes: 39
$ vault --no-cache tags | head -2
> #project/vault	6
> #reading	4
$ vault cache frobnicate
2> vault: error: unknown cache action "frobnicate": give status, clear or rebuild
2> Usage: vault cache [options] status|clear|rebuild
2> hint: `vault cache --help` shows every option
? 2
# A relative XDG_CACHE_HOME is ignored, as the XDG rules say: the cache stays where it was.
$ XDG_CACHE_HOME=relative/cache vault list --folder journals | head -1
> journals/2026-11-17.md	Tuesday 17 November
2> vault: warning: XDG_CACHE_HOME is not an absolute path (relative/cache); as the XDG rules ask, it is ignored
# A cache folder that is a file, or inside the vault, means no cache; the answers stay.
$ printf x > not-a-folder && XDG_CACHE_HOME=$PWD/not-a-folder vault list --folder journals | head -1
> journals/2026-11-17.md	Tuesday 17 November
2> vault: warning: the cache folder <tmp>/demo/not-a-folder is not a folder; working without the cache
# `cache status` says why there is none once, in its error, under `--no-cache` too.
$ XDG_CACHE_HOME=$PWD/not-a-folder vault cache status
2> vault: error: this vault has no cache: the cache folder not-a-folder is not a folder; working without the cache
2> hint: set XDG_CACHE_HOME (or HOME) to a folder outside the vault
? 1
$ XDG_CACHE_HOME=$PWD/not-a-folder vault --no-cache cache status
2> vault: error: this vault has no cache: the cache folder not-a-folder is not a folder; working without the cache
2> hint: set XDG_CACHE_HOME (or HOME) to a folder outside the vault
? 1
$ XDG_CACHE_HOME=relative/cache vault cache status | head -1
> cache: <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts
2> vault: warning: XDG_CACHE_HOME is not an absolute path (relative/cache); as the XDG rules ask, it is ignored
$ XDG_CACHE_HOME=$PWD/.cache vault list --folder journals | head -1
> journals/2026-11-17.md	Tuesday 17 November
$ XDG_CACHE_HOME=$PWD/.cache vault cache status
2> vault: error: this vault has no cache: the cache folder .cache is inside the vault, where no cache is kept
2> hint: set XDG_CACHE_HOME (or HOME) to a folder outside the vault
? 1
# A copied folder keeps its vault.json, and so its id: the copy gets a cache of its own.
$ cp -r . ../copy && vault --vault ../copy list --folder journals | head -1
> journals/2026-11-17.md	Tuesday 17 November
2> vault: warning: this vault and the one at <tmp>/demo have the same id (6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10) in .zennotes/vault.json, as a copied folder does; their caches are kept apart
$ vault --vault ../copy list --folder journals | head -1
> journals/2026-11-17.md	Tuesday 17 November
# A folder in the place of the cache's file: the save says it cannot write there, the answers
# come from the files, and `clear` removes the folder when it is empty, never its files.
$ C=../.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10 && vault cache clear > /dev/null && mkdir $C/facts && vault list --folder journals 2>&1 | sed 's/(rename .*: Is a directory)/(rename: Is a directory)/' | tail -1
> vault: warning: cannot write the cache in <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10 (rename: Is a directory); the answers above come from the files
$ touch ../.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts/kept && vault cache clear
2> vault: error: cannot clear the cache: <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts is a folder that holds files, not a file of the cache; remove it yourself
? 1
$ rm ../.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts/kept && vault cache clear && vault list --folder journals | head -1
> cleared <tmp>/.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts
> journals/2026-11-17.md	Tuesday 17 November
$ test -f ../.cache/vault/6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10/facts && echo "the cache is a file again"
> the cache is a file again
