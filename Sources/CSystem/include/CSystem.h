#ifndef VAULT_CSYSTEM_H
#define VAULT_CSYSTEM_H

/// Linux calls that glibc declares only under _GNU_SOURCE, which Swift's Glibc module does
/// not set. Each returns 0 on success, -1 with errno set on failure.

/// Swaps two names atomically (renameat2 with RENAME_EXCHANGE); ENOSYS or EINVAL where the
/// kernel or the file system cannot.
int vault_exchange(const char *first, const char *second);

/// Whether another open file description holds the file open for writing: 1 yes, 0 no,
/// -1 when it cannot be told (errno: EACCES for a file of another owner, EINVAL where the
/// file system has no leases). `descriptor` must be open read-only.
int vault_has_writers(int descriptor);

/// Flushes every pending write of the file system holding the open folder (syncfs).
int vault_syncfs(int descriptor);

/// The kind of the file system holding `path` (statfs's f_type, a magic number) into `kind`.
int vault_filesystem_kind(const char *path, long long *kind);

/// A pipe whose two ends close on exec (pipe2 with O_CLOEXEC), so no program started by
/// another thread of the process inherits them in the moment between pipe and fcntl.
int vault_pipe_cloexec(int descriptors[2]);

/// Opens `path`, relative to the open folder `folder`, without leaving that folder: no `..`,
/// absolute path or symbolic link on the way may lead out of it (openat2 with
/// RESOLVE_BENEATH and RESOLVE_NO_MAGICLINKS; with RESOLVE_NO_SYMLINKS too when `symlinks`
/// is 0). EXDEV for a path that would leave it, ENOSYS where the kernel has no openat2
/// (before Linux 5.6), EPERM where a sandbox forbids it. The EAGAIN that a rename racing a
/// `..` step may give is retried.
int vault_open_beneath(int folder, const char *path, int flags, int symlinks);

/// Opens a folder as a place to resolve paths from, without reading it (O_PATH): a folder
/// that may be searched but not listed can still confine reads.
int vault_open_folder(const char *path);

/// 1 when vault_open_beneath works from the open folder `folder`, 0 where the kernel or a
/// sandbox refuses openat2.
int vault_beneath_works(int folder);

/// Opens the folder `path`, relative to the open folder `folder`, as a place to name files
/// in (O_PATH), with no symbolic link on the way and without leaving `folder`.
int vault_open_folder_beneath(int folder, const char *path);

/// Swaps two names, each in its open folder, atomically (renameat2 with RENAME_EXCHANGE);
/// ENOSYS or EINVAL where the kernel or the file system cannot.
int vault_exchange_at(int first_folder, const char *first, int second_folder, const char *second);

#include <sys/xattr.h>

/// Gives the open file `descriptor` the extended attributes of the file at `path` (not
/// followed): a user's `user.*` tags, an ACL (`system.posix_acl_access`), a security
/// label. Each one that cannot be read or set (a `trusted.*` one without the privilege, a
/// file system without them) is passed over. The number set, or -1 when the attributes of
/// `path` cannot be listed.
int vault_copy_xattrs(const char *path, int descriptor);

#include <spawn.h>

/// Adds to `actions` the closing of every descriptor from `lowest` up, so a spawned child
/// holds only the descriptors it was given (posix_spawn_file_actions_addclosefrom_np).
int vault_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Adds to `actions` a change of the child's working folder (addchdir_np).
int vault_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// The number of rows of the terminal open on `descriptor`, or -1 when it is no terminal or
/// does not say (ioctl TIOCGWINSZ, which Swift cannot call: ioctl is variadic).
int vault_terminal_rows(int descriptor);

/// The process's environment (`environ`), or NULL when it has none (after `clearenv`),
/// which Swift, seeing `environ` as never NULL, cannot ask of it.
char **vault_environment(void);

/// A number of the calling thread's own, counting from 0 in the order threads first ask and
/// never given again (see `ThreadNumber`).
int vault_thread_number(void);

#endif
