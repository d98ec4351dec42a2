#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/vfs.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <sys/syscall.h>
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#endif

#include "CSystem.h"

#include <stdatomic.h>

int vault_exchange(const char *first, const char *second) {
    return vault_exchange_at(AT_FDCWD, first, AT_FDCWD, second);
}

int vault_has_writers(int descriptor) {
    // A read lease is refused (EAGAIN) while any writer has the file open, which is exactly the
    // question. While the lease is held (microseconds), an opener for writing makes the kernel
    // send SIGIO, whose default action ends the process: it is ignored unless someone chose
    // another disposition.
    struct sigaction current;
    if (sigaction(SIGIO, NULL, &current) == 0 && current.sa_handler == SIG_DFL) {
        signal(SIGIO, SIG_IGN);
    }
    if (fcntl(descriptor, F_SETLEASE, F_RDLCK) != 0) {
        if (errno == EAGAIN) return 1;
        return -1;
    }
    fcntl(descriptor, F_SETLEASE, F_UNLCK);
    return 0;
}

int vault_syncfs(int descriptor) {
    return syncfs(descriptor);
}

int vault_pipe_cloexec(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC);
}

int vault_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    int result = posix_spawn_file_actions_addclosefrom_np(actions, lowest);
    if (result != 0) { errno = result; return -1; }
    return 0;
}

int vault_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    int result = posix_spawn_file_actions_addchdir_np(actions, path);
    if (result != 0) { errno = result; return -1; }
    return 0;
}

int vault_terminal_rows(int descriptor) {
    struct winsize size;
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) { return -1; }
    return size.ws_row;
}

int vault_open_beneath(int folder, const char *path, int flags, int symlinks) {
#if defined(SYS_openat2) && defined(RESOLVE_BENEATH)
    struct open_how how = {0};
    how.flags = (unsigned long long)(unsigned int)flags;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS | (symlinks ? 0 : RESOLVE_NO_SYMLINKS);
    int result;
    int tries = 0;
    do {
        result = (int)syscall(SYS_openat2, folder, path, &how, sizeof(how));
    } while (result < 0 && (errno == EINTR || (errno == EAGAIN && ++tries < 16)));
    return result;
#else
    (void)folder; (void)path; (void)flags; (void)symlinks;
    errno = ENOSYS;
    return -1;
#endif
}

int vault_open_folder(const char *path) {
    return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

int vault_beneath_works(int folder) {
    int probe = vault_open_beneath(folder, ".", O_PATH | O_DIRECTORY | O_CLOEXEC, 1);
    if (probe < 0) { return 0; }
    close(probe);
    return 1;
}

int vault_open_folder_beneath(int folder, const char *path) {
    return vault_open_beneath(folder, path, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
}

int vault_exchange_at(int first_folder, const char *first, int second_folder, const char *second) {
#ifdef RENAME_EXCHANGE
    return renameat2(first_folder, first, second_folder, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int vault_copy_xattrs(const char *path, int descriptor) {
    ssize_t length = llistxattr(path, NULL, 0);
    if (length < 0) { return errno == ENOTSUP ? 0 : -1; }
    if (length == 0) { return 0; }
    char *names = malloc((size_t)length + 1);
    if (names == NULL) { return -1; }
    // The list may grow between the two calls: a second short read is taken as it is.
    length = llistxattr(path, names, (size_t)length);
    if (length < 0) { free(names); return -1; }
    names[length] = 0;
    int copied = 0;
    char *value = NULL;
    size_t capacity = 0;
    for (char *name = names; name < names + length; name += strlen(name) + 1) {
        ssize_t size = lgetxattr(path, name, NULL, 0);
        if (size < 0) { continue; }
        if ((size_t)size > capacity) {
            char *grown = realloc(value, (size_t)size);
            if (grown == NULL) { continue; }
            value = grown;
            capacity = (size_t)size;
        }
        size = lgetxattr(path, name, value, capacity);
        if (size < 0) { continue; }
        if (fsetxattr(descriptor, name, value, (size_t)size, 0) == 0) { copied += 1; }
    }
    free(value);
    free(names);
    return copied;
}

char **vault_environment(void) {
    return environ;
}

int vault_filesystem_kind(const char *path, long long *kind) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    *kind = (long long)info.f_type;
    return 0;
}

int vault_thread_number(void) {
    static atomic_int next = 0;
    static _Thread_local int number = -1;
    if (number < 0) number = atomic_fetch_add_explicit(&next, 1, memory_order_relaxed);
    return number;
}
