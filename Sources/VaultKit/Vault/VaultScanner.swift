import FoundationEssentials
import Glibc
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
    /// Which notes `stream` reads, by path and folder kind; all when nil.
    var selecting: PathSelection?
    /// Asked of a note's texts (its path without extension, its title, its aliases) before
    /// `stream` makes it: a note none of whose texts it takes is passed over, unmade, when
    /// its record tells so (see `FactsCache.mayAdmit`); every note is made when nil.
    var admits: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)?

    /// A note file found by the walk, before it is read.
    struct Found: Sendable {
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
        var found: [Found]
        var conflicts: [(path: String, match: ConflictCopies.Match)]
        var warnings: [VaultWarning]
        var assets: [String]
        var temporaryFiles: [String]
        var skipped: [VaultWarning]
        var unlisted: [VaultWarning]
        /// Every folder the walk entered (empty ones too), but the vault's own.
        var folders: [String] = []
        var count: Int { found.count }
    }

    func scan() throws -> VaultScan {
        let walk = try walk()
        completeRecords(of: walk)
        let notes = readAll(walk.found)
        return finish(walk, notes: notes, warnings: notes.flatMap(Self.warnings(of:)))
    }

    /// Walks the folders, then reads the notes in path order and hands what `make` made of
    /// each, on the worker that read it, to `deliver` as soon as it and those before it are
    /// done (the notes' work spreads over the cores; `deliver` is called by one at a time);
    /// the scan returned holds everything else.
    ///
    /// The notes stay on the workers: only their warnings and what was made of them travel
    /// to `deliver`, since carrying each note through the ordering and destroying it there
    /// cost 2,000 instructions a note on the one thread that delivers. Each worker keeps a
    /// `State` of its own (`state` makes it), which `make` may use from note to note.
    func stream<State, Made: Sendable>(
        state: @Sendable () -> State, making make: @Sendable (inout State, Note) -> Made, _ deliver: (Made) -> Bool
    ) throws -> VaultScan {
        let walk = try walk()
        completeRecords(of: walk)
        var warnings: [VaultWarning] = []
        walk.found.withUnsafeBufferPointer { found in
            // Each note the walk found is borrowed, not copied (its path and placeholder
            // taken and let go) for each of the two uses below; the walk outlives the workers.
            nonisolated(unsafe) let found = found
            ParallelMap.stream(walk.count, state: state, progress: progress) { state, index -> (warnings: [VaultWarning], made: Made)? in
                guard selects(found[index]), !passesOver(found[index]), let note = read(found[index]) else { return nil }
                return (Self.warnings(of: note), make(&state, note))
            } deliver: { _, read in
                switch consume read {
                case .none: return true
                case .some(let (noteWarnings, made)):
                    if !noteWarnings.isEmpty { warnings += noteWarnings }
                    return deliver(made)
                }
            }
        }
        return finish(walk, notes: [], warnings: warnings)
    }

    /// True when `admits` takes none of the note's texts, as its path and its record show.
    private func passesOver(_ item: Found) -> Bool {
        guard let admits, let cache, detail != .paths, let status = item.status, status.kind == .file, item.placeholderFile == nil,
            !item.undecodable
        else { return false }
        let pathTaken = item.path.utf8.withContiguousStorageIfAvailable { bytes in
            admits(UnsafeBufferPointer(rebasing: bytes[..<(bytes.lastIndex(of: UInt8(ascii: ".")) ?? bytes.count)]))
        }
        guard pathTaken == false else { return false }
        let wanted = NoteReader.parts(for: detail)
        return cache.mayAdmit(item.path, status: status, wanted: wanted, summary: detail == .summary, accepting: admits) == false
    }

    /// Reads into the cache first, when most of the notes to be read have records short of
    /// what is asked (see `CacheFill.beforeRereading`).
    private func completeRecords(of walk: Walk) {
        guard let cache, detail == .tags || detail == .full else { return }
        let fill = CacheFill(cache: cache, fileSystem: fileSystem, dialect: dialect, root: root)
        fill.beforeRereading(count: walk.count, parts: NoteReader.parts(for: detail), progress: progress) { position in
            let item = walk.found[position]
            guard !item.undecodable, item.placeholderFile == nil, let status = item.status, selects(item) else { return nil }
            return (item.path, status)
        }
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
            skipped: walk.skipped, temporaryFiles: walk.temporaryFiles, unlistedFolders: walk.unlisted, folders: walk.folders)
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
                // What is made from a walk of paths (every task) takes the records it finds
                // valid without a second `stat` of each note.
                if let status = item.status { cache?.markWalked(item.path, status: status) }
                return NoteReader.skeleton(
                    path: item.path, kind: kind, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0),
                    availability: .available)
            }
            // A record valid for the status the walk took is the note, made from it in place:
            // the reader's answer wrapped it, and its facts, in two values made and let go for
            // each of 100,000 notes of a warm walk.
            let wanted = NoteReader.parts(for: detail)
            var missed = false
            if let cache, let status = item.status {
                if var record = CachedReader.servingRecord(in: cache, path: item.path, status: status, wanted: wanted, summary: detail == .summary) {
                    record.facts.restrict(to: wanted)
                    return NoteReader.note(path: item.path, kind: kind, status: status, facts: record.facts)
                }
                missed = true
            }
            let reading = try CachedReader(fileSystem: fileSystem, cache: cache, dialect: dialect).read(
                path: item.path, absolute: String(path: root, item.path), wanted: wanted, summary: detail == .summary,
                status: item.status, missed: missed)
            return NoteReader.note(path: item.path, kind: kind, status: reading.status, facts: reading.facts)
        } catch let error as SystemError where error.code == ENOENT {
            return nil
        } catch {
            var note = NoteReader.skeleton(
                path: item.path, kind: kind, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0),
                availability: .unreadable)
            note.unavailableReason = (error as? SystemError)?.reason ?? "\(error)"
            // Made a fifo or a folder since the listing: said as such, and never read.
            let absolute = String(path: root, item.path)
            if let status = try? fileSystem.status(absolute), status.kind != .file {
                note.unavailableReason = fileKindName(absolute) + ", not a regular file"
            }
            return note
        }
    }
}
