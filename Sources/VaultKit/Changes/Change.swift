import VaultSystem

/// One file a change creates, rewrites, moves or removes, with what it expects to find there
/// (DESIGN.md 7): the snapshot it read, or nothing at all for a new file. A file that is no
/// longer as expected is refused (exit 3), never overwritten.
public struct Change: Sendable, Equatable {
    /// What happens to the file.
    public enum Kind: String, Sendable, Codable {
        case create, replace, move, remove
    }

    public var kind: Kind
    /// The vault-relative path of the file (of the new file, for a create).
    public var path: String
    /// The new path of a moved file.
    public var destination: String?
    /// What was read at `path`: `.absent` for a create; nil for a move of a file whose name is
    /// enough (an attachment or a sidecar, whose bytes the plan did not read).
    public var expected: FileSnapshot?
    /// The bytes read at `path`, when they were read.
    public var before: [UInt8]?
    /// The bytes written: a new file's, a replacement's, or a moved note's at its new path
    /// (nil when it keeps its bytes, or when `patch` says them).
    public var after: [UInt8]?
    /// A rewrite held as replacements of the bytes read, in place of `before` and `after`:
    /// they are made from the file when it is written (see `TextPatch`).
    public var patch: TextPatch?
    /// The permissions of a new file.
    public var permissions: UInt32 = 0o644

    /// A new file at `path`, which must be free (a no-overwrite create).
    public static func create(_ path: String, bytes: [UInt8], permissions: UInt32 = 0o644) -> Change {
        Change(kind: .create, path: path, expected: .absent, before: nil, after: bytes, permissions: permissions)
    }

    /// New bytes for a file that must still be as it was read.
    public static func replace(_ path: String, expected: FileSnapshot, before: [UInt8], after: [UInt8]) -> Change {
        Change(kind: .replace, path: path, expected: expected, before: before, after: after)
    }

    /// New bytes for a file that must still be as it was read, held as a patch of its bytes.
    public static func replace(_ path: String, expected: FileSnapshot, patch: TextPatch) -> Change {
        Change(kind: .replace, path: path, expected: expected, before: nil, after: nil, patch: patch)
    }

    /// A note that takes a new name rewritten, its new bytes held as a patch of its bytes.
    public static func move(_ path: String, to destination: String, expected: FileSnapshot, patch: TextPatch) -> Change {
        Change(kind: .move, path: path, destination: destination, expected: expected, before: nil, after: nil, patch: patch)
    }

    /// A file that takes a new name: a note as it was read (with `after`, rewritten at its
    /// new name), or an attachment or sidecar with no snapshot.
    public static func move(_ path: String, to destination: String, expected: FileSnapshot? = nil, before: [UInt8]? = nil, after: [UInt8]? = nil)
        -> Change
    {
        Change(kind: .move, path: path, destination: destination, expected: expected, before: before, after: after)
    }

    /// A file deleted, which must still be as it was read.
    public static func remove(_ path: String, expected: FileSnapshot, before: [UInt8]) -> Change {
        Change(kind: .remove, path: path, expected: expected, before: before)
    }

    /// Where the file is once the change is made.
    public var finalPath: String { destination ?? path }

    /// True when the change would leave the file exactly as it is (a replace with the same
    /// bytes): such a file is never written, since a sync tool would upload it for nothing.
    public var changesNothing: Bool { kind == .replace && (patch.map(\.changesNothing) ?? (before == after)) }

    /// True when the file's bytes change: it has new bytes or a patch.
    public var rewrites: Bool { after != nil || patch != nil }

    /// The change with its bytes held, read from the file for a patch: for a diff, which
    /// shows them.
    ///
    /// - Throws: `FileError.fileChanged` when the file no longer holds what the patch was
    ///   made from.
    public func holdingBytes(_ vault: Vault) throws -> Change {
        guard let patch else { return self }
        let bytes: [UInt8]
        do { bytes = try vault.fileSystem.readFile(vault.absolutePath(path)) } catch { throw SafeWriter.wrap(error) }
        guard let after = patch.applied(to: bytes) else { throw FileError.fileChanged(path: path) }
        var held = self
        (held.before, held.after, held.patch) = (bytes, after, nil)
        return held
    }

    /// The change as a diff `git apply` takes: a new file, a rewrite, a rename (with the moved
    /// note's rewrite, if any) or a deletion.
    public var diff: [UInt8] {
        precondition(patch == nil, "a patch is shown once its bytes are held (holdingBytes)")
        switch kind {
        case .create: return UnifiedDiff.file(path: path, old: nil, new: after, mode: permissions)
        case .replace: return UnifiedDiff.file(path: path, old: before, new: after)
        case .move:
            // Without its text read, a moved file shows as a rename alone.
            let old = before ?? after ?? []
            return UnifiedDiff.file(path: path, newPath: finalPath, old: old, new: after ?? old)
        case .remove: return UnifiedDiff.file(path: path, old: before, new: nil, mode: expected?.status?.permissions ?? 0o644)
        }
    }
}
