import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// Plans renaming a tag in every note that has it (trash included, so that a restored note
/// carries the tag as the rest of the vault does).
public struct TagRenamer {
    public let vault: Vault
    /// Go on (with a warning for each) when notes that may hold the tag cannot be read or
    /// rewritten; otherwise such notes stop the rename, as they stop a note's rename.
    public let skipUnavailable: Bool

    public init(vault: Vault, skipUnavailable: Bool = false) {
        self.vault = vault
        self.skipUnavailable = skipUnavailable
    }

    /// Plans renaming `rename.old` (and the tags nested under it) to `rename.new`.
    ///
    /// - Throws: `VaultError.tagNotFound` when no note has the tag (saying where it is
    ///   written only inside code); `VaultError.gitOperationInProgress` during a merge;
    ///   `VaultError.tagsUnavailable` when, without `skipUnavailable`, notes that may hold the
    ///   tag are not downloaded, unreadable or not UTF-8 (a rename that left them would leave
    ///   the old tag behind, unseen).
    public func plan(_ rename: TagRename) throws -> TagRenamePlan {
        try vault.refuseDuringGitOperation()
        let scan = try vault.scan(detail: .tags)
        let holders = scan.notes.filter { note in note.tags.contains { rename.renamed($0) != nil } }
        guard !holders.isEmpty else {
            throw VaultError.tagNotFound(tag: rename.old, inCode: notesNaming(rename.old, in: scan.notes))
        }
        // A new spelling of the same tag (`#todo` as `#ToDo`) merges nothing.
        let merges = !rename.respells && scan.notes.contains { note in note.kind != .trash && note.tags.contains(where: rename.isNew) }
        var edits: [TagRenamePlan.Edit] = []
        var skipped: [VaultWarning] = []
        var unavailable: [String] = []
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        for note in holders {
            let read: (bytes: [UInt8], snapshot: FileSnapshot)
            do {
                read = try writer.read(vault.absolutePath(note.path), settling: false)
            } catch FileError.system(let error) where error.code == ENOENT {
                // Gone since the walk, perhaps renamed by another `vault`, tags and all.
                throw FileError.fileChanged(path: note.path)
            } catch FileError.system(let error) {
                skipped.append(VaultWarning(path: note.path, message: "unreadable (\(error.reason)); its tags are not rewritten"))
                unavailable.append(note.path)
                continue
            }
            guard NoteReader.isUTF8(read.bytes, complete: true) else {
                skipped.append(VaultWarning(path: note.path, message: "not UTF-8; its tags are never rewritten"))
                unavailable.append(note.path)
                continue
            }
            let rewrite = TagRewrite(read.bytes, rename, dialect: vault.dialect.forFile(note.path))
            if let reason = rewrite.leftAlone {
                skipped.append(VaultWarning(path: note.path, message: reason + "; rewrite it by hand"))
            }
            let patch = TextPatch(before: read.bytes, replacements: rewrite.replacements, beforeHash: read.snapshot.contentHash)
            guard !patch.changesNothing else { continue }
            edits.append(.init(path: note.path, snapshot: read.snapshot, patch: patch, changes: rewrite.changes))
        }
        // In a Logseq graph a tag names a page: the page's file is the user's to rename.
        if let pages = vault.logseqPages(scan.notes) {
            for note in scan.notes where pages.names(of: note.path).contains(where: { rename.renamed($0) == rename.new }) {
                skipped.append(VaultWarning(path: note.path, message: "is the page of \(TagRename.written(rename.old)) and keeps its name; `vault rename` renames it"))
            }
        }
        // A note that is not UTF-8 has no tags read from it; if its bytes name the tag, a rename
        // would leave it behind.
        let name = Array(rename.old.lowercased().utf8)
        for note in scan.notes where !note.isUTF8 && note.availability == .available {
            guard let bytes = try? writer.read(vault.absolutePath(note.path), settling: false).bytes, Self.contains(name, in: bytes) else { continue }
            if !unavailable.contains(note.path) {
                skipped.append(VaultWarning(path: note.path, message: "not UTF-8 and may hold \(TagRename.written(rename.old)); its tags are never rewritten"))
                unavailable.append(note.path)
            }
        }
        for note in scan.notes where note.availability != .available {
            skipped.append(VaultWarning(path: note.path, message: "\(note.unavailableReason ?? "not downloaded"); its tags are not read or rewritten"))
            unavailable.append(note.path)
        }
        if !skipUnavailable && !unavailable.isEmpty { throw VaultError.tagsUnavailable(paths: unavailable.sorted()) }
        return TagRenamePlan(rename: rename, edits: edits, merges: merges, skipped: skipped)
    }

    /// The notes where `#tag` is written at a word's start but read as no tag: inside code,
    /// a comment or a link. Only asked when no note has the tag, to say why.
    private func notesNaming(_ tag: String, in notes: [Note]) -> [String] {
        let needle = Array(("#" + tag).lowercased().utf8)
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        return notes.filter { note in
            guard note.availability == .available, let bytes = try? writer.read(vault.absolutePath(note.path), settling: false).bytes
            else { return false }
            return Self.contains(needle, in: bytes)
        }.map(\.path)
    }

    /// True when `needle` (lower-case) is in `bytes` in any ASCII case, not after a letter.
    private static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], index == 0 || !Self.isWordByte(bytes[index - 1]),
                zip(bytes[index..<index + needle.count], needle).allSatisfy({ ($0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0)) == $1 })
            {
                let after = index + needle.count < bytes.count ? bytes[index + needle.count] : 0x20
                if !Self.isWordByte(after) || after == UInt8(ascii: "/") { return true }
            }
            index += 1
        }
        return false
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }
}
