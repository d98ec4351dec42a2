import Foundation
import VaultMarkdown
import VaultSystem

/// Walks a vault's folders and reads its notes' metadata, in parallel across the cores.
struct VaultScanner {
    let root: String
    let layout: VaultLayout
    let fileSystem: any FileSystem
    let iCloud: Bool
    var detail: NoteReader.Detail = .full
    /// The facts of notes read before, kept between runs; nil to read every note.
    var cache: FactsCache?
    /// Whose rules the notes are written by.
    var dialect: NoteDialect = .markdown
    var progress: (@Sendable (Int, Int) -> Void)?

    /// A note file found by the walk, before it is read.
    fileprivate struct Found: Sendable {
        var path: String
        var placeholderFile: String?
        /// True when the file name is not UTF-8: `path` is escaped and opens nothing.
        var undecodable = false
        /// The file's status from the walk, when a cache is to be checked against it.
        var status: FileStatus?
        /// The kind of its top-level folder, found once for the folder it is in.
        var kind: FolderKind = .other
    }

    /// Why a note whose file name is not UTF-8 is not read.
    static let undecodableNameReason = "its file name is not valid UTF-8 (shown with \\x escapes), so vault cannot open it"

    /// What the walk of the folders found, before any note is read.
    struct Walk: Sendable {
        /// The note files, sorted by path.
        fileprivate var found: [Found]
        fileprivate var conflicts: [(path: String, match: ConflictCopies.Match)]
        var warnings: [VaultWarning]
        var assets: [String]
        var temporaryFiles: [String]
        var skipped: [VaultWarning]
        var unlisted: [VaultWarning]
        var count: Int { found.count }
    }

    func scan() throws -> VaultScan {
        let walk = try walk()
        let notes = readAll(walk.found)
        return finish(walk, notes: notes, warnings: notes.flatMap(Self.warnings(of:)))
    }

    /// Walks the folders, then reads the notes in path order and hands each to `deliver` as
    /// soon as it and those before it are read; the scan returned holds everything else.
    func stream(_ deliver: (Note) -> Bool) throws -> VaultScan {
        let walk = try walk()
        var warnings: [VaultWarning] = []
        ParallelMap.stream(walk.count, state: {}, progress: progress) { _, index in
            read(walk.found[index])
        } deliver: { _, note in
            guard let note else { return true }
            warnings += Self.warnings(of: note)
            return deliver(note)
        }
        return finish(walk, notes: [], warnings: warnings)
    }

    /// What a person should know about a note once it is read.
    static func warnings(of note: Note) -> [VaultWarning] {
        var warnings: [VaultWarning] = []
        if !note.isUTF8 {
            warnings.append(VaultWarning(path: note.path, message: "not valid UTF-8; searched as bytes, never rewritten"))
        }
        for issue in note.frontmatterIssues {
            warnings.append(VaultWarning(path: note.path, message: "frontmatter \(issue); the rest of the note is read as usual"))
        }
        if note.availability == .unreadable {
            warnings.append(VaultWarning(path: note.path, message: "unavailable: \(note.unavailableReason ?? "cannot be read")"))
        }
        return warnings
    }

    func walk() throws -> Walk {
        guard let rootStatus = try? fileSystem.status(root), rootStatus.kind == .directory else {
            throw VaultError.vaultFolderMissing(path: root)
        }
        var found: [Found] = []
        var conflicts: [(path: String, match: ConflictCopies.Match)] = []
        var warnings: [VaultWarning] = []
        var assets: [String] = []
        var temporaryFiles: [String] = []
        var skipped: [VaultWarning] = []
        var unlisted: [VaultWarning] = []
        var visited: Set<[UInt64]> = [[rootStatus.device, rootStatus.inode]]
        // Resolved only when a link is met: most vaults have none.
        lazy var realRoot = fileSystem.resolvedPath(root)
        var pending: [String] = [""]
        var isRoot = true
        // The notes of each folder, to be checked against the cache once every folder is listed.
        var toCheck: [FolderNotes] = []
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? root : root + "/" + relative
            let entries: [DirectoryEntry]
            do {
                entries = try fileSystem.entries(absolute)
            } catch let error as SystemError {
                if isRoot { throw VaultError.vaultUnreadable(path: root, reason: error.reason) }
                unlisted.append(VaultWarning(path: relative, message: "folder skipped: \(error.reason)"))
                continue
            }
            isRoot = false
            let names = Set(entries.map(\.name))
            let firstFound = found.count
            let folderKind = relative.isEmpty ? FolderKind.other : layout.kind(of: relative + "/")
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let name = entry.name
                let path = relative.isEmpty ? name : relative + "/" + name
                if SyncArtifacts.isIgnored(name) {
                    if entry.kind == .file && SafeWriter.isTemporaryName(name) { temporaryFiles.append(path) }
                    continue
                }
                if !entry.nameIsUTF8 {
                    if entry.kind == .directory {
                        unlisted.append(VaultWarning(path: path, message: "folder skipped: its name is not valid UTF-8 (shown with \\x escapes)"))
                    } else if NoteFiles.isNoteName(name, org: dialect.isLogseq) {
                        found.append(Found(path: path, placeholderFile: nil, undecodable: true))
                    } else {
                        skipped.append(VaultWarning(path: path, message: "a file whose name is not valid UTF-8 (shown with \\x escapes); skipped"))
                    }
                    continue
                }
                var kind = entry.kind
                if kind == .symlink {
                    guard let target = try? fileSystem.status(absolute + "/" + name) else {
                        skipped.append(VaultWarning(path: path, message: "a symlink to nothing; skipped"))
                        continue
                    }
                    // A link out of the vault would let a shared or synced vault show or rewrite
                    // any file of this machine (`note.md -> ~/.ssh/config`, `notes -> ~`).
                    let resolved = fileSystem.resolvedPath(absolute + "/" + name)
                    if !isInside(resolved, base: realRoot) {
                        let what = target.kind == .directory ? "folder" : "file"
                        skipped.append(VaultWarning(path: path, message: "a symlink to a \(what) outside the vault; skipped"))
                        continue
                    }
                    // A folder link inside the vault would list notes twice, or under a second
                    // path (a link in trash/ to a live folder would have them emptied with it).
                    if target.kind == .directory {
                        // No folder link is followed, so the folder walked is a real path.
                        let here = (realRoot ?? root) + (relative.isEmpty ? "" : "/" + relative) + "/"
                        let loop = resolved.map { here.hasPrefix($0 + "/") } ?? false
                        skipped.append(
                            VaultWarning(
                                path: path,
                                message: loop ? "a symlink loop; skipped" : "a symlink to a folder of the vault; skipped, its notes are listed where they are"))
                        continue
                    }
                    kind = target.kind
                } else if kind == .directory, let status = try? fileSystem.status(absolute + "/" + name) {
                    if !visited.insert([status.device, status.inode]).inserted { continue }
                }
                if kind == .directory {
                    if NoteFiles.isNoteName(name, org: dialect.isLogseq) {
                        warnings.append(VaultWarning(path: path, message: "a folder named like a note; its notes are listed, it is not read as one"))
                    }
                    pending.append(path)
                } else if kind != .file && NoteFiles.isNoteName(name, org: dialect.isLogseq) {
                    // A fifo would hang the read, a device may act on it: only regular files are read.
                    skipped.append(VaultWarning(path: path, message: "\(fileKindName(absolute + "/" + name)), not a regular file; skipped"))
                } else if let noteName = Placeholders.noteName(forPlaceholder: name) {
                    if !names.contains(noteName) {
                        found.append(Found(path: relative.isEmpty ? noteName : relative + "/" + noteName, placeholderFile: path))
                    }
                } else if NoteFiles.isNoteName(name, org: dialect.isLogseq) {
                    // A copy set aside in the trash is a trashed note, so that `vault restore` finds it.
                    if let match = ConflictCopies.match(name, siblings: names, iCloud: iCloud), folderKind != .trash {
                        conflicts.append((path, match))
                    } else {
                        found.append(Found(path: path, placeholderFile: nil))
                    }
                } else if kind == .file {
                    assets.append(path)
                }
            }
            for index in firstFound..<found.count { found[index].kind = folderKind }
            if cache != nil && found.count > firstFound {
                toCheck += FolderNotes.parts(folder: absolute, found: found, from: firstFound)
            }
        }
        checkStatuses(of: &found, toCheck)
        skipped = unlisted + skipped
        warnings += skipped
        // Read in path order, the notes come out sorted.
        found.sort { $0.path < $1.path }
        cache?.noteWalk(found.lazy.filter { !$0.undecodable }.map(\.path))
        return Walk(
            found: found, conflicts: conflicts, warnings: warnings, assets: assets, temporaryFiles: temporaryFiles,
            skipped: skipped, unlisted: unlisted)
    }

    /// Notes of one folder, at most `FolderNotes.limit` of them, whose statuses are taken
    /// together through one descriptor of the folder.
    private struct FolderNotes: Sendable {
        static let limit = 512
        var folder: String
        var first: Int
        var names: [String]

        /// The notes found in `folder` from index `first` on, cut so that a folder of many
        /// notes is checked by every core.
        static func parts(folder: String, found: [Found], from first: Int) -> [FolderNotes] {
            stride(from: first, to: found.count, by: limit).map { start in
                FolderNotes(folder: folder, first: start, names: found[start..<min(start + limit, found.count)].map { $0.path.fileName })
            }
        }
    }

    /// Takes the status of every note listed, in parallel: one `stat` a note is most of a warm
    /// walk, and the listing of the folders needed none of them.
    private func checkStatuses(of found: inout [Found], _ parts: [FolderNotes]) {
        let fileSystem = fileSystem
        let statuses = ParallelMap.map(parts.count, minimumPerWorker: 4) { fileSystem.statuses(in: parts[$0].folder, names: parts[$0].names) }
        for (part, statuses) in zip(parts, statuses) {
            for (offset, status) in statuses.enumerated() where found[part.first + offset].placeholderFile == nil {
                found[part.first + offset].status = status
            }
        }
    }

    /// The scan of `walk`, its notes read (sorted by path) and what they warned of.
    private func finish(_ walk: Walk, notes: [Note], warnings noteWarnings: [VaultWarning]) -> VaultScan {
        let copies = walk.conflicts.map { entry -> ConflictCopy in
            let folder = entry.path.lastIndex(of: "/").map { String(entry.path[..<$0]) + "/" } ?? ""
            let status = (try? fileSystem.status(root + "/" + entry.path)) ?? nil
            return ConflictCopy(
                path: entry.path, originalPath: folder + entry.match.originalName, tool: entry.match.tool,
                size: status?.size ?? 0, modified: status?.modified ?? Date(timeIntervalSince1970: 0))
        }.sorted { $0.path < $1.path }
        return VaultScan(
            notes: notes, conflictCopies: copies, assets: walk.assets.sorted(), warnings: walk.warnings + noteWarnings,
            skipped: walk.skipped, temporaryFiles: walk.temporaryFiles, unlistedFolders: walk.unlisted)
    }

    /// True for a resolved path inside `base`, the vault folder resolved (it may be reached
    /// through a symlink).
    private func isInside(_ resolved: String?, base: String?) -> Bool {
        guard let resolved, let base else { return false }
        return resolved.hasPrefix(base == "/" ? "/" : base + "/")
    }

    /// Reads every note's metadata, in parallel.
    private func readAll(_ found: [Found]) -> [Note] {
        // A note that vanished is read as one without a path, and left out in place: an
        // array of optional notes copied into one of notes held both at once at the walk's
        // end (14 MB each at 100,000 notes), the highest point of a first run.
        var notes = ParallelMap.map(found.count, progress: progress) { read(found[$0]) ?? Self.vanished }
        notes.removeAll { $0.path.isEmpty }
        return notes
    }

    /// What `readAll` holds in the place of a note that vanished: no note has an empty path.
    private static let vanished = NoteReader.skeleton(
        path: "", kind: .page, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0), availability: .unreadable)

    /// Nil when the file vanished between the listing and the read: it is gone, not empty.
    private func read(_ item: Found) -> Note? {
        let kind = item.kind
        let absolute = root + "/" + item.path
        if item.undecodable {
            var note = NoteReader.skeleton(
                path: item.path, kind: kind, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0), availability: .unreadable)
            note.unavailableReason = Self.undecodableNameReason
            return note
        }
        if let placeholder = item.placeholderFile {
            let status = ((try? fileSystem.status(root + "/" + placeholder)) ?? nil) ?? FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0)
            return NoteReader.skeleton(path: item.path, kind: kind, status: status, availability: .placeholder)
        }
        do {
            if detail == .paths {
                return NoteReader.skeleton(
                    path: item.path, kind: kind, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0),
                    availability: .available)
            }
            let reading = try CachedReader(fileSystem: fileSystem, cache: cache, dialect: dialect).read(
                path: item.path, absolute: absolute, wanted: NoteReader.parts(for: detail), summary: detail == .summary,
                status: item.status)
            return NoteReader.note(path: item.path, kind: kind, status: reading.status, facts: reading.facts)
        } catch let error as SystemError where error.code == ENOENT {
            return nil
        } catch {
            var note = NoteReader.skeleton(
                path: item.path, kind: kind, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0),
                availability: .unreadable)
            note.unavailableReason = (error as? SystemError)?.reason ?? "\(error)"
            // Made a fifo or a folder since the listing: said as such, and never read.
            if let status = try? fileSystem.status(absolute), status.kind != .file {
                note.unavailableReason = fileKindName(absolute) + ", not a regular file"
            }
            return note
        }
    }
}
