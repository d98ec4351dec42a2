import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Moves notes through the inbox, archive and trash and back (DESIGN.md 2, 7): the original
/// subpath is kept (`pages/a/b.md` <-> `archive/pages/a/b.md`), comment sidecars follow,
/// and a name taken at the destination gets the `T 2` rule.
public struct NoteLifecycle {
    /// Where a note goes.
    public enum Action: String, Sendable, CaseIterable {
        case archive, unarchive, trash, restore
    }

    /// What an action will do, or did.
    public struct Outcome: Sendable {
        public var plan: RenamePlan
        /// True when the natural destination was taken and the note got a `T 2` name.
        public var renamed: Bool
        /// Links to the note: for trash, those that now dangle; for restore, those healed.
        public var links: Int
        /// What carrying it out met on the way (files left alone, leftovers removed); nil
        /// while it is only planned.
        public var report: ChangeReport?
        /// What went wrong keeping the trash record (the move itself was done), if anything.
        public var recordProblem: String?
    }

    public let vault: Vault
    /// Archive and unarchive even when some notes cannot be read (see `RenamePlanner`).
    public var skipUnavailable: Bool

    public init(vault: Vault, skipUnavailable: Bool = false) {
        self.vault = vault
        self.skipUnavailable = skipUnavailable
    }

    /// Plans an action on the note `name` names; for a restore, `name` is the note's path in
    /// the trash, its original path or its title.
    public func plan(_ action: Action, _ name: String) throws -> Outcome {
        let scan = try vault.scan(detail: .summary)
        let record = action == .restore ? try? vault.readTrashRecord().record : nil
        let note = action == .restore
            ? try TrashLookup(vault: vault, scan: scan, record: record ?? TrashRecord()).note(named: name)
            : try NoteLookup(notes: scan.notes, in: vault).note(named: name)
        if note.availability == .placeholder { throw VaultError.noteNotDownloaded(path: note.path) }
        let archive = vault.layout.folder(for: .archive) ?? "archive"
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        let target: String
        switch action {
        case .archive:
            guard note.kind != .archive && note.kind != .trash else {
                throw VaultError.wrongPlace(path: note.path, reason: "is already in \(note.kind == .trash ? trash : archive)/")
            }
            target = archive + "/" + note.path
        case .trash:
            guard note.kind != .trash else { throw VaultError.wrongPlace(path: note.path, reason: "is already in \(trash)/") }
            // Left behind, a Dropbox copy would become a note of its own and a Syncthing one
            // a copy of nothing: the sync conflict is settled first.
            let copies = scan.conflictCopies.filter { $0.originalPath == note.path }.map(\.path).sorted()
            if !copies.isEmpty { throw VaultError.hasConflictCopies(path: note.path, copies: copies) }
            target = trash + "/" + note.path
        case .unarchive, .restore:
            let from = action == .unarchive ? archive : trash
            guard note.path.hasPrefix(from + "/"), note.path.split(separator: "/").count > 2 || action == .restore else {
                throw VaultError.wrongPlace(path: note.path, reason: "is not in \(from)/")
            }
            // Back where the record says it came from (a `T 2` in the trash came from `T`).
            target = action == .restore
                ? TrashBin.origin(of: note.path, recorded: record?.entry(for: note.path)?.from, vault: vault)
                : String(note.path.dropFirst(from.count + 1))
        }
        let destination = freePath(target, scan: scan)
        let moves = [note.path: destination]
        var plan: RenamePlan
        if action == .archive || action == .unarchive {
            plan = try RenamePlanner(vault: vault, skipUnavailable: skipUnavailable).plan(moves, scan: scan, retitle: nil)
        } else {
            // The trash keeps links as they are: they dangle while the note is there and
            // resolve again when it is restored. Refused now, not halfway through the change.
            try vault.checkWritable(replacing: [], writingIn: [LinkIndex.folder(of: note.path), LinkIndex.folder(of: destination)])
            try RenamePlanner(vault: vault).refuseFolderTwins(moves, vacated: nil)
            plan = RenamePlan(
                moves: [FileMove(from: note.path, to: destination)], edits: [],
                sidecarMoves: try RenamePlanner.sidecarMoves(moves, vault: vault), skipped: [], newlyResolving: [],
                emptiedFolders: [])
            plan.favoritesEdit = Favorites.edit(following: moves, vault: vault)
        }
        // In a folder that is not a vault, an archive or trash that `vault` made and emptied goes too.
        let made = vault.settings == nil ? Set([archive, trash]) : []
        plan.emptiedFolders = Self.emptiedFolders(moves, sidecars: plan.sidecarMoves, scan: scan, layout: vault.layout, removable: made)
        plan.temporaryFiles = scan.temporaryFiles
        let index = vault.linkIndex(scan)
        let links =
            action == .trash
            ? LinkGraph.build(
                vault: vault, scan: scan, index: index, needles: LinkNeedles(paths: [note.path], index: index),
                keep: LinkGraph.links(to: note.path)
            ).edges.count : 0
        var outcome = Outcome(plan: plan, renamed: destination != target, links: links)
        if action == .trash || action == .restore { planRecord(action, FileMove(from: note.path, to: destination), into: &outcome) }
        return outcome
    }

    /// Carries out a planned action; for a restore, counts the links it healed. A trash and a
    /// restore are written down in (and struck from) `.zennotes/trash.json` by the plan itself.
    ///
    /// - Parameter executor: the executor that makes the move (a test's, that stops at a
    ///   step); one of the vault's own when nil.
    public func apply(_ outcome: Outcome, action: Action, executor: ChangeExecutor? = nil) throws -> Outcome {
        let report = try (executor ?? ChangeExecutor(vault: vault)).apply(outcome.plan, summary: "\(action.rawValue) \(outcome.plan.moves[0].from)")
        var result = outcome
        result.report = report
        guard action == .restore, let path = outcome.plan.moves.first?.to else { return result }
        let scan = try vault.scan(detail: .paths)
        let index = vault.linkIndex(scan)
        result.links = LinkGraph.build(
            vault: vault, scan: scan, index: index, needles: LinkNeedles(paths: [path], index: index), keep: LinkGraph.links(to: path)
        ).edges.count
        return result
    }

    /// Plans the trash record's change for a trash or restore, made with the move in one
    /// journaled change: a kill between them left the note in the trash unrecorded. A record
    /// that cannot be read costs only the exact age and origin (the note's file and its path
    /// in the trash tell them), and is said.
    private func planRecord(_ action: Action, _ move: FileMove, into outcome: inout Outcome) {
        let now = vault.clock.now()
        // The move keeps the file: its inode now is the one it has in the trash.
        let inode = ((try? vault.fileSystem.status(vault.absolutePath(move.from))) ?? nil)?.inode
        do {
            outcome.plan.trashRecordEdit = try vault.trashRecordChange { record in
                if action == .trash {
                    record.record(move.to, from: move.from, at: now, inode: inode)
                } else {
                    record.remove([move.from])
                }
            }
        } catch let error as any UserError {
            if action == .trash { outcome.recordProblem = "the time it was trashed was not recorded: \(error.description)" }
        } catch {
            outcome.recordProblem = "\(error)"
        }
    }

    /// `path`, or `T 2`, `T 3` … beside it when a file already has that name.
    func freePath(_ path: String, scan: VaultScan) -> String {
        let taken = Set((scan.notes.map(\.path) + scan.assets + scan.conflictCopies.map(\.path)).map(Naming.collisionKey))
        let folder = LinkIndex.folder(of: path)
        let ext = NoteFiles.fileExtension(path)
        let stem = NoteFiles.stem(path.fileName)
        let free = Naming.availableStem(stem, ext: ext, iCloud: vault.isInICloud) { name in
            let candidate = folder.isEmpty ? name : folder + "/" + name
            return taken.contains(Naming.collisionKey(candidate)) || vault.fileSystem.exists(vault.absolutePath(candidate))
        }
        return (folder.isEmpty ? "" : folder + "/") + free + ext
    }

    /// The folders a move leaves empty, deepest first, never a system folder but those named
    /// `removable`; with the folders of `.zennotes/comments/` that `sidecars` move out of.
    static func emptiedFolders(
        _ moves: [String: String], sidecars: [FileMove] = [], scan: VaultScan, layout: VaultLayout, removable: Set<String> = []
    ) -> [String] {
        // Asked of the scan's files where they are: an array of every path (5 MB at 100,000
        // notes) stood at the highest point of a rename.
        // Conflict copies that follow their notes leave with them.
        let following = Set(sidecars.map(\.from))
        func keepsFiles(_ folder: String) -> Bool {
            // By bytes: to Swift a composed and a decomposed `Café/` are one prefix.
            let prefix = Array((folder + "/").utf8)
            func stays(_ path: String) -> Bool { path.utf8.starts(with: prefix) && moves[path] == nil }
            return scan.notes.contains { stays($0.path) } || scan.assets.contains(where: stays)
                || scan.conflictCopies.contains { stays($0.path) && !following.contains($0.path) }
        }
        let removableKeys = Set(removable.map(Naming.collisionKey))
        let systemNames = (VaultLayout.systemKinds.compactMap { layout.folder(for: $0) } + VaultLayout.assetFolders)
            .filter { !removableKeys.contains(Naming.collisionKey($0)) }
        let system = Set(systemNames.map(Naming.collisionKey))
        let walked = Set(scan.folders.map(PathBytes.init))
        // A name that is a system folder's but for case or Unicode form is that folder on a
        // disk that does not tell them apart; beside the system folder itself (`Pages` beside
        // `pages`, both walked), it is a folder of its own, and goes when emptied.
        func isSystem(_ folder: String) -> Bool {
            let key = Naming.collisionKey(folder)
            guard system.contains(key) else { return false }
            return !systemNames.contains { name in
                Naming.collisionKey(name) == key && !name.utf8.elementsEqual(folder.utf8) && walked.contains(PathBytes(name))
            }
        }
        var folders = Set<String>()
        for from in moves.keys {
            var folder = LinkIndex.folder(of: from)
            while !folder.isEmpty && !isSystem(folder) {
                folders.insert(folder)
                folder = LinkIndex.folder(of: folder)
            }
        }
        // The sidecars' folders are not in the scan: each is removed only if it is empty.
        return (folders.filter { !keepsFiles($0) } + Comments.foldersLeft(by: sidecars)).sorted { $0.count > $1.count }
    }
}
