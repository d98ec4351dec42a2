import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A file that changes place: a note, an attachment or a sidecar.
public struct FileMove: Sendable, Equatable, Codable {
    /// Vault-relative paths.
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The folders inside `folder` that `moves` take files out of, every one up to `folder`
    /// (not itself): the change removes each that it leaves empty.
    static func folders(leftBy moves: [FileMove], inside folder: String) -> [String] {
        var folders = Set<String>()
        for move in moves {
            var parent = LinkIndex.folder(of: move.from)
            while parent.hasPrefix(folder + "/") && folders.insert(parent).inserted { parent = LinkIndex.folder(of: parent) }
        }
        return Array(folders)
    }
}

/// One link rewritten, for the plan's report and diff.
public struct LinkChange: Sendable, Equatable, Codable {
    public var line: Int
    public var before: String
    public var after: String
}

/// A file whose bytes change: read at `source`, written at `path` (they differ for a moved
/// note whose own links or heading change).
public struct FileEdit: Sendable {
    public var source: String
    public var path: String
    /// What was read when the plan was made; the write is refused if the file changed since.
    public var snapshot: FileSnapshot
    /// The new bytes as replacements of the bytes read; they are made again from the file
    /// when it is written (see `TextPatch`).
    public var patch: TextPatch
    public var changes: [LinkChange]

    public init(source: String, path: String, snapshot: FileSnapshot, patch: TextPatch, changes: [LinkChange]) {
        self.source = source
        self.path = path
        self.snapshot = snapshot
        self.patch = patch
        self.changes = changes
    }

    /// The byte ranges of the bytes read that are replaced, in order, and their new text:
    /// what an editor applies to an open document.
    public var replacements: [TextReplacement] { patch.replacements }
}

/// Everything a rename or move will do, computed before anything is touched, so it can be
/// shown (`--dry-run`), checked by tests, and applied through the intent journal.
public struct RenamePlan: Sendable {
    /// Notes and attachments that change place.
    public var moves: [FileMove]
    /// Files whose bytes change.
    public var edits: [FileEdit]
    /// Files that follow their notes: comment sidecars, and conflict copies a sync tool made.
    public var sidecarMoves: [FileMove]
    /// Notes that may hold links to the moved files but cannot be rewritten (not UTF-8, not
    /// downloaded, unreadable).
    public var skipped: [VaultWarning]
    /// Links that dangled before and will resolve to a moved file under its new name.
    public var newlyResolving: [LinkReport]
    /// Folders left empty by a folder move, removed after the move.
    public var emptiedFolders: [String]
    /// Temporary files an interrupted write left, seen by the plan's walk; applying the plan
    /// removes those that hold nothing anyone saved (see `LeftoverFile`).
    public var temporaryFiles: [String] = []
    /// The content hash of each moved note as read for the plan, by old path.
    public var movedHashes: [String: UInt64] = [:]
    /// The favorites in `vault.json` that follow moved notes, if any favorite moves.
    /// The folder a folder move moves, as spelled on disk; nil for a move of files.
    public var movedFolder: String?
    public var favoritesEdit: Change?
    /// The trash record's entry for a note trashed or restored, made in the same change as
    /// the move, so that a kill between the two leaves neither half.
    public var trashRecordEdit: Change?

    /// The number of links rewritten.
    public var linkCount: Int { edits.reduce(0) { $0 + $1.changes.count } }

    /// The notes `fresh`, the same change planned again, rewrites that this plan does not,
    /// or rewrites otherwise; empty when both make the same change. A plan kept while its
    /// caller decides is checked so before it is made: a note that came to link to the moved
    /// note since would be left dangling.
    public func notesChanged(in fresh: RenamePlan) -> [String] {
        guard fresh.moves == moves, fresh.sidecarMoves == sidecarMoves else { return fresh.edits.map(\.path) + edits.map(\.path) }
        let mine = Dictionary(edits.map { ($0.source, $0) }, uniquingKeysWith: { a, _ in a })
        var changed = fresh.edits.filter { edit in
            guard let kept = mine[edit.source] else { return true }
            return kept.path != edit.path || kept.changes != edit.changes
        }.map(\.path)
        let freshSources = Set(fresh.edits.map(\.source))
        changed += edits.filter { !freshSources.contains($0.source) }.map(\.path)
        return changed.sorted()
    }

    /// The plan as changes for the executor: each move (with the moved note's rewrite, if
    /// any), the sidecars that follow, then the rewrites of linking notes, each expecting the
    /// file as the plan read it.
    public func changePlan(summary: String) -> ChangePlan {
        var edits = Dictionary(edits.map { ($0.source, $0) }, uniquingKeysWith: { a, _ in a })
        var changes: [Change] = []
        for move in moves {
            if let edit = edits[move.from], edit.path == move.to {
                changes.append(.move(move.from, to: move.to, expected: edit.snapshot, patch: edit.patch))
                edits[move.from] = nil
            } else {
                changes.append(.move(move.from, to: move.to))
            }
        }
        changes += sidecarMoves.map { Change.move($0.from, to: $0.to) }
        for edit in self.edits where edits[edit.source] != nil {
            changes.append(.replace(edit.path, expected: edit.snapshot, patch: edit.patch))
        }
        if let favoritesEdit { changes.append(favoritesEdit) }
        if let trashRecordEdit { changes.append(trashRecordEdit) }
        var plan = ChangePlan(changes, summary: summary)
        plan.emptiedFolders = emptiedFolders
        plan.temporaryFiles = temporaryFiles
        plan.movedHashes = movedHashes
        return plan
    }

    /// What the intent journal says the change is: `move A -> B`, or how many files move.
    public var summary: String { summary(verb: "move") }

    /// The summary with the command's own word (`rename A -> B`), as `vault doctor` repeats
    /// it for a change a kill interrupted.
    public func summary(verb: String) -> String {
        let moved = moves.map { "\($0.from) -> \($0.to)" }.joined(separator: ", ")
        return (moves.count == 1 ? verb + " " : "\(verb) \(moves.count) files: ") + moved
    }

    /// The plan as a unified diff (see `ChangePlan.diff`), each rewritten file read again
    /// for its bytes.
    ///
    /// - Throws: `FileError.fileChanged` when a file is no longer as the plan read it.
    public func diff(reading vault: Vault) throws -> String {
        var diff: [UInt8] = []
        try writeDiff(reading: vault) { diff += $0 }
        return String(decoding: diff, as: UTF8.self)
    }

    /// Hands the plan's diff to `write` a file at a time (see `ChangePlan.writeDiff`).
    ///
    /// - Throws: `FileError.fileChanged` when a file is no longer as the plan read it, and
    ///   what `write` throws.
    public func writeDiff(reading vault: Vault, to write: ([UInt8]) throws -> Void) throws {
        try changePlan(summary: "").writeDiff(reading: vault, to: write)
    }
}
