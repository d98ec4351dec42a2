import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// One thing about a vault's health that needs a person's attention, and how to fix it.
public struct HealthFinding: Sendable, Codable, Equatable {
    /// What kind of problem, a stable word for scripts.
    public enum Kind: String, Sendable, Codable {
        case settings, unfinishedChange, placeholder, unreadable, notUTF8, conflictCopy, leftoverFile,
            nameCollision, metadataNotSynced, skippedFile, mergeConflict, gitOperation, notUTF8Name, secondName, orphanedSidecar
    }

    public var kind: Kind
    /// The vault-relative path concerned, when there is one.
    public var path: String?
    public var message: String
    /// The command (or step) that fixes it.
    public var fix: String
}

/// What `VaultDoctor.fix` did, and what it could not do, one line each.
public struct FixReport: Sendable, Codable, Equatable {
    public var done: [String] = []
    public var problems: [String] = []

    public init() {}
}

/// `vault doctor`: one report of everything about a vault that sync tools, crashes or other
/// programs can leave wrong (DESIGN.md 7, 8), each finding with its fix.
public struct VaultDoctor {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The finding for a vault whose settings cannot be read, so it cannot be opened as usual.
    public static func settingsFinding(_ error: VaultError) -> HealthFinding? {
        switch error {
        case .settingsNotJSON, .invalidSystemFolder:
            return HealthFinding(
                kind: .settings, path: ".zennotes/vault.json", message: error.description,
                fix: "edit .zennotes/vault.json by hand (vault never rewrites a settings file it cannot read)")
        default:
            return nil
        }
    }

    /// Examines the vault, reading every note's bytes (not parsing them); changes nothing.
    public func examine() throws -> [HealthFinding] {
        var findings = unfinishedChanges()
        let workTree = vault.gitWorkTree
        if let (operation, stateFile) = workTree?.operationInProgress(fileSystem: vault.fileSystem) {
            findings.append(
                HealthFinding(
                    kind: .gitOperation, path: stateFile,
                    message: "a git \(operation.rawValue) is in progress: rename, move, archive, conflicts resolve, trash --empty and doctor --fix wait for it",
                    fix: operation.finishCommands))
        }
        let scan = try vault.scan(detail: .paths)
        var files: [[UInt64]: [String]] = [:]
        for note in scan.notes {
            if let finding = try examine(note, inGit: workTree != nil, files: &files) { findings.append(finding) }
        }
        findings += scan.conflictCopies.map(Self.finding)
        findings += vault.leftoverFiles(scan).map(Self.finding)
        findings += secondNames(files)
        findings += Self.collisions(scan, layout: vault.layout)
        findings += orphanedSidecars(scan)
        let unlisted = Set(scan.unlistedFolders.map(\.path))
        findings += scan.unlistedFolders.map {
            HealthFinding(
                kind: .unreadable, path: $0.path, message: $0.message + "; a rename stops on it, since its notes may link to the note",
                fix: "make it readable (chmod u+rx \(Self.quoted($0.path))), or give it a UTF-8 name")
        }
        findings += scan.skipped.filter { !unlisted.contains($0.path) }.map {
            HealthFinding(kind: .skippedFile, path: $0.path, message: $0.message, fix: "remove or correct the link or file")
        }
        if vault.isInICloud && vault.fileSystem.exists(vault.metadataFolder) {
            findings.append(
                HealthFinding(
                    kind: .metadataNotSynced, path: ".zennotes",
                    message: "the vault is in iCloud Drive, which is not relied on to sync dot-folders: settings, comments and templates may stay on this Mac",
                    fix: "keep the vault in a folder that syncs .zennotes/ (Syncthing, Dropbox, git), or copy .zennotes/ by hand"))
        }
        return findings
    }

    /// What is wrong with one note's file, if anything: not downloaded, unreadable, not UTF-8,
    /// or (in a git work tree) holding merge conflict markers.
    ///
    /// - Parameter files: the notes read so far by file (device and inode), for `secondNames`.
    private func examine(_ note: Note, inGit: Bool, files: inout [[UInt64]: [String]]) throws -> HealthFinding? {
        let path = note.path
        if note.availability == .placeholder { return Self.placeholderFinding(path) }
        if note.availability == .unreadable, note.unavailableReason == VaultScanner.undecodableNameReason {
            return HealthFinding(
                kind: .notUTF8Name, path: path,
                message: "\(VaultScanner.undecodableNameReason); it is not read or searched, and a rename stops on it",
                fix: "give it a UTF-8 name (convmv -f WINDOWS-1252 -t UTF-8 --notest on the file, or a file manager)")
        }
        let bytes: [UInt8]
        do {
            let contents = try vault.fileSystem.readPrefix(vault.absolutePath(path), limit: Int.max)
            bytes = contents.bytes
            if note.kind != .trash { files[[contents.status.device, contents.status.inode], default: []].append(path) }
        } catch let error as SystemError where error.code == ENOENT {
            return nil  // deleted since the walk
        } catch let error as SystemError {
            return HealthFinding(
                kind: .unreadable, path: path, message: "cannot be read: \(error.reason)",
                fix: "make it readable (chmod u+r \(Self.quoted(path))) or let the sync app finish with it")
        }
        guard NoteReader.isUTF8(bytes, complete: true) else {
            return HealthFinding(
                kind: .notUTF8, path: path, message: "not valid UTF-8; vault searches it as bytes and never rewrites it",
                fix: "save it as UTF-8 (e.g. iconv -f WINDOWS-1252 -t UTF-8 \(Self.quoted(path)) > converted.md, then check and replace)")
        }
        let sections = inGit && note.kind != .trash ? MergeConflict.sections(in: bytes) : []
        return Self.mergeConflictFinding(path, sections: sections)
    }

    /// The finding for a note that is an iCloud placeholder: not downloaded, so not read.
    public static func placeholderFinding(_ path: String) -> HealthFinding {
        HealthFinding(
            kind: .placeholder, path: path, message: "not downloaded from iCloud; vault cannot read it or rename links in it",
            fix: "download it: open it in Finder or Files (on a Mac: brctl download \(quoted(path)))")
    }

    /// The finding for a conflict copy a sync tool left beside its original.
    public static func finding(_ copy: ConflictCopy) -> HealthFinding {
        HealthFinding(
            kind: .conflictCopy, path: copy.path, message: "a \(copy.tool.rawValue) conflict copy of \(copy.originalPath)",
            fix: "vault conflicts --diff, then vault conflicts resolve \(quoted(copy.path)) --keep original|copy|both")
    }

    /// The finding for a note holding git's merge conflict markers; nil when `sections` is empty.
    public static func mergeConflictFinding(_ path: String, sections: [MergeConflict.Section]) -> HealthFinding? {
        guard let first = sections.first else { return nil }
        let count = sections.count == 1 ? "1 conflicting section" : "\(sections.count) conflicting sections"
        return HealthFinding(
            kind: .mergeConflict, path: path,
            message: "holds git merge conflict markers (\(count), from line \(first.line)): both sides at once, and its links may be wrong",
            fix: "keep one side of each section and delete the <<<<<<< ======= >>>>>>> lines (vault conflicts shows both), then git add \(quoted(path))")
    }

    /// Fixes what needs no choice: finishes interrupted changes, removes leftover files that
    /// hold nothing anyone saved, and makes unfinished new notes notes again (they may be
    /// incomplete; nothing else holds their text). Returns what it did and what it could not.
    ///
    /// - Parameter abandoning: give up on interrupted changes that cannot be finished, keeping
    ///   every file as it is, instead of stopping at them.
    ///
    /// - Throws: `VaultError.gitOperationInProgress` while git is merging: finishing a rename
    ///   rewrites many notes.
    public func fix(abandoning: Bool = false) throws -> FixReport {
        try vault.refuseDuringGitOperation()
        // One lock for all of it: a live writer's temporary file is never taken for a leftover.
        return try ChangeExecutor(vault: vault).whileLocked(recovering: false) { try fix(abandoning: abandoning, executor: $0) }
    }

    private func fix(abandoning: Bool, executor: ChangeExecutor) throws -> FixReport {
        let recovered = try executor.recoverLocked(abandoningFailures: abandoning)
        var report = FixReport()
        report.done = recovered.reports.map { $0.recoveryLine + $0.conflicts.map { "\n  \($0)" }.joined() }
        report.done += recovered.abandoned.map { "gave up on the interrupted change \($0.path) (\($0.message)); every file kept as it is" }
        for stray in executor.strayJournalFiles() {
            let path = vault.metadataFolder + "/" + IntentJournal.folder + "/" + stray
            let what = TakeBackRecord.isFileName(stray) ? TakeBackRecord.strayDescription : "a copy of a journal"
            if (try? vault.fileSystem.removeFile(path)) != nil { report.done.append("removed .zennotes/journal/\(stray), \(what)") }
        }
        let leftovers = vault.leftoverFiles(try vault.scan(detail: .paths))
        report.done += vault.removeDisposable(leftovers.map(\.path)).map { "removed \($0.path)" }
        // A rename's middle name belongs to its journal while one waits; alone, it is a note.
        let journalsLeft = !executor.pendingJournals().isEmpty
        for leftover in leftovers where leftover.state.isKeptAsCopy {
            do {
                report.done.append("kept \(leftover.path), \(Self.whatIsKept(leftover)), as \(try vault.keepSetAside(leftover))")
            } catch let error as any UserError {
                report.problems.append(error.description)
            }
        }
        for leftover in leftovers where leftover.state == .unfinishedNewNote || leftover.state == .renameInProgress && !journalsLeft {
            do {
                report.done.append("restored \(try vault.restoreUnfinishedNote(leftover, executor: executor)) from \(leftover.path); it may be incomplete")
            } catch let error as any UserError {
                report.problems.append(error.description)
            }
        }
        return report
    }

    /// How two names that collide differ, said so that two names that look alike on screen
    /// (`Café` composed and decomposed) are told apart.
    static func difference(_ one: String, _ other: String) -> String {
        // Swift compares strings as canonically equivalent: equal, they differ only in form.
        one == other ? "Unicode form (one writes an accented letter as one character, the other as a letter and an accent)" : "case or Unicode form"
    }

    /// A path quoted for a POSIX shell, so a fix can be pasted as it is.
    static func quoted(_ path: String) -> String {
        "'" + path.replacing("'", with: "'\\''") + "'"
    }

    private func unfinishedChanges() -> [HealthFinding] {
        let executor = ChangeExecutor(vault: vault)
        return executor.pendingJournals().map { name in
            // Said by what the change was (`rollover into 2026-12-01`), where the journal says.
            let journal = (try? vault.fileSystem.readFile(vault.metadataFolder + "/" + IntentJournal.folder + "/" + name)).flatMap { try? IntentJournal.decode($0) }
            let what = journal.map { "a change (\($0.summary))" } ?? "a change"
            return HealthFinding(
                kind: .unfinishedChange, path: ".zennotes/journal/" + name,
                message: "\(what) was interrupted; until it is finished, some files may be as before it and some as after",
                fix: "vault doctor --fix (and --abandon if it cannot be finished)")
        }
            + executor.strayJournalFiles().map {
                HealthFinding(
                    kind: .leftoverFile, path: ".zennotes/journal/" + $0,
                    message: TakeBackRecord.isFileName($0)
                        ? TakeBackRecord.strayDescription + "; nothing is left to carry out"
                        : "not a journal vault named (a sync tool's copy of one?); never carried out, since that could undo later changes",
                    fix: "vault doctor --fix")
            }
    }

    /// What a leftover kept as a conflict copy is, for the line that says it was kept.
    static func whatIsKept(_ leftover: LeftoverFile) -> String {
        leftover.state == .setAside ? "an earlier version of \(leftover.target)" : "a file whose text is in no note"
    }

    private static func finding(_ leftover: LeftoverFile) -> HealthFinding {
        let path = leftover.path
        switch leftover.state {
        case .secondName, .abandonedReplacement, .abandonedMetadata:
            return HealthFinding(
                kind: .leftoverFile, path: path,
                message: leftover.state == .abandonedMetadata
                    ? "vault's own write of its metadata, interrupted; nothing of a note's"
                    : "a temporary file an interrupted write left; \(leftover.target) holds what was last saved",
                fix: "vault doctor --fix")
        case .unfinishedNewNote:
            return HealthFinding(
                kind: .leftoverFile, path: path,
                message: "the text of a note whose writing was interrupted (it may be incomplete); meant for \(leftover.target)",
                fix: "vault doctor --fix makes it a note beside \(leftover.target)")
        case .renameInProgress:
            return HealthFinding(
                kind: .leftoverFile, path: path, message: "a note in the middle of a case-only rename to \(leftover.target)",
                fix: "vault doctor --fix finishes the rename, or makes it a note again")
        case .unknownText:
            return HealthFinding(
                kind: .leftoverFile, path: path,
                message: "named like vault's temporary files, but its text is not \(leftover.target)'s, and nothing says it is saved anywhere else",
                fix: "vault doctor --fix keeps it as a conflict copy beside \(leftover.target)")
        case .setAside:
            return HealthFinding(
                kind: .leftoverFile, path: path,
                message: "an earlier version of \(leftover.target), set aside by a write that was interrupted; \(leftover.target) holds the newer text",
                fix: "vault doctor --fix keeps it as a conflict copy beside \(leftover.target)")
        }
    }

    /// Notes that are one file under two names (hard links): what a rename that could not
    /// remove the old name leaves, so that links to either still resolve. Edits under one
    /// name show under the other, but a sync tool uploads two notes.
    ///
    /// - Parameter files: the notes outside the trash by the file they were read from.
    private func secondNames(_ files: [[UInt64]: [String]]) -> [HealthFinding] {
        // The two names of a move an unfinished change has begun are that change's, reported with it.
        let executor = ChangeExecutor(vault: vault)
        let pending = Set(executor.pendingJournals().flatMap { name -> [String] in
            let path = vault.metadataFolder + "/" + IntentJournal.folder + "/" + name
            guard let bytes = try? vault.fileSystem.readFile(path), let journal = try? IntentJournal.decode(bytes) else { return [] }
            return journal.moves.flatMap { [$0.from, $0.to] }
        })
        // A note that is a symbolic link reads as its target; it is a link, not a second name.
        let names = files.values.lazy.filter { $0.count > 1 }.map { paths in
            paths.filter { path in
                !pending.contains(path) && ((try? self.vault.fileSystem.linkStatus(self.vault.absolutePath(path))) ?? nil)?.kind == .file
            }
        }
        return names.filter { $0.count > 1 }.map { paths in
            let sorted = paths.sorted()
            let others = sorted.dropFirst().joined(separator: ", ")
            return HealthFinding(
                kind: .secondName, path: sorted[0],
                message: "is the same file as \(others): a second name, as a rename that could not finish leaves it; links to either resolve",
                fix: "point the links that `vault backlinks` lists for one name to the other, then remove that name "
                    + "(rm \(Self.quoted(sorted[0])); the text stays under the other)")
        }.sorted { ($0.path ?? "") < ($1.path ?? "") }
    }

    /// Notes in one folder whose names differ only in case or Unicode form: two files here,
    /// one file (or a conflict) on a Mac, Windows or a phone once synced. Folders too: two
    /// folders there are one, holding the notes of both.
    private static func collisions(_ scan: VaultScan, layout: VaultLayout) -> [HealthFinding] {
        let groups = Dictionary(grouping: scan.notes.map(\.path), by: Naming.collisionKey)
        let notes = groups.values.filter { $0.count > 1 }.flatMap { paths in
            paths.sorted().dropFirst().map { path in
                HealthFinding(
                    kind: .nameCollision, path: path,
                    message: "differs from \(paths.sorted()[0]) only in \(Self.difference(path, paths.sorted()[0])); "
                        + "they collide on macOS, Windows and phones",
                    fix: "vault rename \(Self.quoted(path)) 'ANOTHER TITLE'")
            }
        }
        let twins = folderTwins(scan, layout: layout)
        return (notes + twins).sorted { ($0.path ?? "") < ($1.path ?? "") }
    }
}
