internal import CSystem
import Glibc

extension LocalFileSystem {
    /// Gives an open file the owner and group of the file at `path` (not followed), when
    /// they differ: a note that root (a service, a `sudo`) rewrites stays its owner's, who
    /// could not write it any more otherwise. Where the process may not (another user, a
    /// group it is not in), the file keeps the process's own, as before.
    public func copyOwner(to descriptor: Int32, from path: String) {
        var original = stat()
        var made = stat()
        guard lstat(path, &original) == 0, fstat(descriptor, &made) == 0,
            original.st_uid != made.st_uid || original.st_gid != made.st_gid
        else { return }
        // Only root may give a file away; anyone may give their file a group they are in,
        // which is what keeps a note of a shared vault writable by the rest of its group.
        if fchown(descriptor, original.st_uid, original.st_gid) != 0 && original.st_gid != made.st_gid {
            _ = fchown(descriptor, uid_t.max, original.st_gid)
        }
    }

    /// Gives an open file the extended attributes of the file at `path` (not followed): a
    /// rewrite replaces the note by a new file, which would otherwise lose the tags a file
    /// manager keeps in `user.*` attributes and the ACL that lets others of a shared vault
    /// write it.
    public func copyExtendedAttributes(to descriptor: Int32, from path: String) {
        _ = vault_copy_xattrs(path, descriptor)
    }

    /// False when the effective user may not write the file at `path`: its mode, owner and
    /// group say no (`EACCES`), or its file system is read-only (`EROFS`). Root may write any
    /// file, as its mode is read (see `SafeWriter.isReadOnly`).
    public func mayWrite(_ path: String) -> Bool {
        faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 || (errno != EACCES && errno != EROFS)
    }

    /// Another name of the file at `path` in its folder: its siblings are looked at only when
    /// the file has more than one link, which a note almost never has.
    public func otherName(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_nlink > 1, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let (folder, name) = SafeWriter.split(path)
        let directory = folder.isEmpty ? "." : folder
        for entry in (try? entries(directory)) ?? [] where entry.kind == .file && entry.nameIsUTF8 && entry.name != name {
            var other = stat()
            if fstatat(AT_FDCWD, directory + "/" + entry.name, &other, AT_SYMLINK_NOFOLLOW) == 0, other.st_ino == info.st_ino,
                other.st_dev == info.st_dev
            {
                return folder.isEmpty ? entry.name : folder + "/" + entry.name
            }
        }
        return nil
    }

    /// See `FileSystem.keepsOwnerAccess`: a note of a vault shared through a group (each
    /// note in the group, readable and writable by it) is rewritten by any member, the new
    /// file keeping the group; any other note of another user is not.
    public func keepsOwnerAccess(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, geteuid() != 0, info.st_uid != geteuid() else { return true }
        guard info.st_mode & 0o060 == 0o060 else { return false }
        if info.st_gid == getegid() { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let found = getgroups(count, &groups)
        return found > 0 && groups.prefix(Int(found)).contains(info.st_gid)
    }
}
