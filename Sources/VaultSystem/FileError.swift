import Glibc

/// What can go wrong reading or writing one file through the safe writer, each case saying
/// what and where (DESIGN.md 7).
public enum FileError: UserError, Equatable, Sendable {
    /// The file is a symbolic link; writing would replace the link, not its target.
    case symbolicLink(path: String)
    /// The file is not a regular file (a fifo, socket, device or folder): never opened for reading.
    case notRegularFile(path: String, kind: String)
    /// The file or its folder is read-only; `vault` does not override that.
    case readOnly(path: String)
    /// The file belongs to another user and is not shared through a group this process is in:
    /// a rewrite makes a new file, which would be this process's, and could lock the owner out.
    case otherOwner(path: String)
    /// The file has a second name in its folder (a hard link, as a rename that could not
    /// finish leaves one): a rewrite would give one name new text and leave the other old.
    case secondName(path: String, other: String)
    /// A file changed between the moment it was read and the moment it would be written.
    case fileChanged(path: String)
    /// Another program kept writing the note (it held it open for writing, or it changed
    /// within the settle time) for longer than the safe writer waits.
    case noteBusy(path: String)
    /// Two saves by other programs crossed a write: the newest is in place, the other is kept
    /// as `copy`; the write itself was not made.
    case changedKeptCopy(path: String, copy: String)
    /// The write was made, and another program then saved over the new file (it opened the
    /// note after the write): that save is in place, and may or may not keep the write's
    /// change; the version the write replaced had changed too and is kept as `copy`.
    case savedOverKeptCopy(path: String, copy: String)
    /// A new file would replace an existing one.
    case fileExists(path: String)
    /// Another `vault` process holds the write lock.
    case lockBusy(path: String)
    /// Writing a file failed (disk full, I/O error); the file was left as it was.
    case writeFailed(path: String, reason: String, code: Int32)
    /// A system call failed.
    case system(SystemError)

    /// The exit code a command ends with when this error stops it (DESIGN.md 9).
    public var exitCode: Int32 {
        switch self {
        case .fileChanged, .noteBusy, .changedKeptCopy, .savedOverKeptCopy: return 3
        default: return 1
        }
    }

    public var description: String {
        switch self {
        case .symbolicLink, .readOnly, .fileChanged, .noteBusy, .secondName, .otherOwner:
            return problem + "; nothing was written"
        case .notRegularFile:
            return problem + "; nothing was read or written"
        case .changedKeptCopy(let path, let copy):
            return "\(path) was saved by other programs while vault wrote it: the newest save is in place and the one before it is kept as \(copy); vault's change was not made"
        case .savedOverKeptCopy(let path, let copy):
            return "vault wrote \(path), and another program then saved it over vault's text: that save is in place (read the note to see whether it kept vault's change); the version vault replaced had changed too and is kept as \(copy)"
        case .fileExists(let path):
            return "\(path) already exists; nothing was overwritten"
        case .lockBusy(let path):
            return "another vault process is writing to this vault (lock \(path))"
        case .writeFailed:
            return problem + "; nothing was changed"
        case .system(let error):
            return error.description
        }
    }

    public var problem: String {
        switch self {
        case .symbolicLink(let path): return "\(path) is a symbolic link; vault does not write through links"
        case .notRegularFile(let path, let kind): return "\(path) is \(kind), not a regular file; vault reads only regular files"
        case .readOnly(let path): return "\(path) is read-only"
        case .otherOwner(let path):
            return "\(path) belongs to another user, and vault writes a note's new text to a new file, which would be yours and could shut its owner out"
        case .secondName(let path, let other):
            return "\(path) is the same file as \(other) (a second name); a rewrite would split it into two notes"
        case .fileChanged(let path): return "\(path) changed since it was read"
        case .noteBusy(let path): return "\(path) is being written by another program"
        case .writeFailed(let path, let reason, _): return "cannot write \(path): \(reason)"
        default: return description
        }
    }

    public var hint: String? {
        switch self {
        case .writeFailed(_, _, let code) where code == ENOSPC || code == EDQUOT:
            return "free some disk space and run the command again; nothing was lost"
        case .writeFailed:
            return "the disk or the sync service reported an error; run the command again, and `vault doctor` if it persists"
        case .symbolicLink:
            return "edit the file the link points to by its own path"
        case .notRegularFile:
            return "remove it or give it another name; a note is a regular file"
        case .readOnly:
            return "make it writable (chmod u+w) if the change is meant, then try again"
        case .otherOwner:
            return "let its owner make the change, or share the vault through a group (the same group on every note, with g+rw)"
        case .secondName:
            return "remove the name you do not want (the text stays under the other), then try again; `vault doctor` lists second names"
        case .fileChanged:
            return "another program edited the file; run the command again to work on the new version"
        case .lockBusy:
            return "wait for the other command to finish, then try again"
        case .noteBusy:
            return "let the other program finish saving (or close it), then run the command again"
        case .changedKeptCopy:
            return "`vault conflicts` shows both versions; `vault conflicts resolve` keeps the one you want"
        case .savedOverKeptCopy:
            return "read the note before making the change again; `vault conflicts` shows both versions"
        case .fileExists, .system:
            return nil
        }
    }

    /// The same error told about another path (the vault-relative one a person knows).
    public func naming(_ rename: (String) -> String) -> FileError {
        switch self {
        case .symbolicLink(let path): return .symbolicLink(path: rename(path))
        case .notRegularFile(let path, let kind): return .notRegularFile(path: rename(path), kind: kind)
        case .readOnly(let path): return .readOnly(path: rename(path))
        case .secondName(let path, let other): return .secondName(path: rename(path), other: rename(other))
        case .otherOwner(let path): return .otherOwner(path: rename(path))
        case .fileChanged(let path): return .fileChanged(path: rename(path))
        case .noteBusy(let path): return .noteBusy(path: rename(path))
        case .changedKeptCopy(let path, let copy): return .changedKeptCopy(path: rename(path), copy: rename(copy))
        case .savedOverKeptCopy(let path, let copy): return .savedOverKeptCopy(path: rename(path), copy: rename(copy))
        case .fileExists(let path): return .fileExists(path: rename(path))
        case .lockBusy(let path): return .lockBusy(path: rename(path))
        case .writeFailed(let path, let reason, let code): return .writeFailed(path: rename(path), reason: reason, code: code)
        case .system: return self
        }
    }
}
