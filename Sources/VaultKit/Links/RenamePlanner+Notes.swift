import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// The planning of one note of a rename or move, which the notes' planning does for every
/// note at once across the cores.
extension RenamePlanner {
    /// What every note's planning reads and none changes.
    struct NoteContext: Sendable {
        let before: LinkIndex
        let after: LinkIndex
        let moves: [String: String]
        let needles: LinkNeedles
        let retitles: [String: (note: Note, title: String)]
        /// The title headings the change rewrites, by the note's new path.
        let headings: [String: RetitledHeading]
        /// True in a git work tree, where conflict markers are git's.
        let inGit: Bool
        /// The folder a folder move moves.
        let folder: FolderMove?
        /// What `needles` said of each link shape of the cache, kept across the notes asked
        /// whether the moves may change them (`unaffected`).
        let answers = LinkTargetAnswers()
    }

    /// What planning one note gave, when it gave anything.
    final class NoteOutcome: Sendable {
        let path: String
        /// The hash of a moved note's bytes as read.
        let movedHash: UInt64?
        /// Why its links are not rewritten, when they cannot be.
        let unavailable: VaultWarning?
        let conflicted: VaultWarning?
        let edit: FileEdit?
        let newlyResolving: [LinkReport]

        init(
            _ path: String, movedHash: UInt64? = nil, unavailable: VaultWarning? = nil, conflicted: VaultWarning? = nil,
            edit: FileEdit? = nil, newlyResolving: [LinkReport] = []
        ) {
            self.path = path
            self.movedHash = movedHash
            self.unavailable = unavailable
            self.conflicted = conflicted
            self.edit = edit
            self.newlyResolving = newlyResolving
        }
    }

    /// Plans `note`, one the cache could not show `unaffected`: nil when it keeps every link
    /// as it is and is not moved.
    ///
    /// Notes in the trash are never link targets, but their own links are kept right, so
    /// that a restored note's links resolve (DESIGN.md 4).
    func planNote(_ note: Note, _ context: NoteContext) throws -> NoteOutcome? {
        let moves = context.moves
        let moved = moves[note.path] != nil
        func warning(_ message: String) -> VaultWarning { VaultWarning(path: note.path, message: message) }
        if note.availability == .placeholder {
            return NoteOutcome(note.path, unavailable: warning("not downloaded; links in it are not rewritten"))
        }
        if note.availability == .unreadable {
            return NoteOutcome(note.path, unavailable: warning("\(note.unavailableReason ?? "unreadable"); links in it are not rewritten"))
        }
        let read: (bytes: [UInt8], snapshot: FileSnapshot)
        do {
            read = try SafeWriter(fileSystem: vault.fileSystem).read(vault.absolutePath(note.path), settling: false)
        } catch FileError.system(let error) where error.code == ENOENT {
            // Gone since the walk: perhaps renamed by another `vault` (its text, links and
            // all, under a name the walk did not see), perhaps deleted. Planned without it,
            // the change could leave a link of that text pointing at an old name.
            throw FileError.fileChanged(path: note.path)
        } catch FileError.system(let error) {
            return NoteOutcome(note.path, unavailable: warning("unreadable (\(error.reason)); links in it are not rewritten"))
        }
        let movedHash = moved ? read.snapshot.contentHash : nil
        guard moved || context.needles.mayMatch(read.bytes) else { return nil }
        guard NoteReader.isUTF8(read.bytes, complete: true) else {
            // It names a moved file somewhere, and vault never rewrites what it cannot decode.
            return NoteOutcome(note.path, movedHash: movedHash, unavailable: warning("not UTF-8; its links are never rewritten"))
        }
        let result = try rewrite(note, read.bytes, before: context.before, after: context.after, moves: moves, retitle: context.retitles[note.path], headings: context.headings,
            folder: context.folder)
        // Both sides of a merge at once: a link rewritten in one may be lost with it.
        if context.inGit && result.bytes != read.bytes && !MergeConflict.sections(in: read.bytes).isEmpty {
            return NoteOutcome(note.path, movedHash: movedHash, conflicted: warning("holds merge conflict markers; links in it are not rewritten"))
        }
        let edit =
            result.bytes == read.bytes
            ? nil
            : FileEdit(
                source: note.path, path: moves[note.path] ?? note.path, snapshot: read.snapshot,
                patch: TextPatch(
                    before: read.bytes, replacements: result.replacements, after: result.bytes, beforeHash: read.snapshot.contentHash),
                changes: result.changes)
        return NoteOutcome(note.path, movedHash: movedHash, edit: edit, newlyResolving: result.newlyResolving)
    }
}
