import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A handle on a vault folder: where it is, its settings and layout. Every question is
/// answered from the files, or from `cache` for the notes whose files are unchanged.
public struct Vault: Sendable {
    /// The absolute path of the vault folder, as it was reached (a symlink is kept as given).
    public let root: String
    /// The settings from `.zennotes/vault.json`, nil when the vault has none.
    public let settings: VaultSettings?
    /// The folder layout in force.
    public let layout: VaultLayout
    /// The file system the vault is read and written through.
    public let fileSystem: any FileSystem
    /// The settings of a Logseq graph (a folder holding `logseq/config.edn`), nil elsewhere:
    /// page names, journal names and tasks are then read as Logseq reads them.
    public let logseq: LogseqConfig?
    /// The settings of an Obsidian vault (a folder holding `.obsidian/`), nil elsewhere: its
    /// daily notes, its folder of new notes and its template folder are then Obsidian's.
    public let obsidian: ObsidianSettings?
    /// Where the journals are and how they are named.
    public let journalNaming: JournalNaming
    /// The settings files that moved system folders from where the standard layout puts
    /// them, in the order they were read; empty for the standard layout.
    public let layoutSources: [String]
    /// Where the time comes from (when a note was trashed, how old the trash is, a capture's
    /// time): the machine's clock unless a test or `VAULT_NOW` sets another.
    public var clock: VaultClock = .system
    /// The time zone of the times written into notes (a Logseq clock entry): the machine's
    /// local time unless a test sets another.
    public var zone: WallTime.Zone = .local
    /// The facts of notes read by earlier runs, used while their files are unchanged; nil
    /// (the default) to read every note afresh.
    public var cache: FactsCache?

    /// The folder of `vault`'s sidecars.
    public var metadataFolder: String { root + "/.zennotes" }
    /// The settings file.
    public var settingsPath: String { metadataFolder + "/vault.json" }

    /// Opens the folder at `root` as a vault; any folder works, with or without `.zennotes/`.
    ///
    /// - Throws: `VaultError.vaultFolderMissing`, or a settings error for a bad `vault.json`.
    public init(root: String, fileSystem given: any FileSystem = LocalFileSystem()) throws {
        let absolute = Self.absolute(root)
        guard let status = try? given.status(absolute), status.kind == .directory else {
            throw VaultError.vaultFolderMissing(path: root)
        }
        self.root = absolute
        // The vault's files are read beneath its folder, its settings too: a link out of it,
        // or one swapped in after a walk checked it, cannot lead a read out.
        let fileSystem = (given as? LocalFileSystem)?.confined(to: absolute) ?? given
        self.fileSystem = fileSystem
        var logseq = Self.logseqConfig(at: absolute, fileSystem: fileSystem)
        let settingsPath = absolute + "/.zennotes/vault.json"
        var layout: VaultLayout
        if fileSystem.exists(settingsPath) {
            let settings = try Self.readSettings(settingsPath, fileSystem: fileSystem)
            self.settings = settings
            layout = try settings.layout()
        } else {
            settings = nil
            if logseq != nil { layout = Self.layout(of: &logseq!) } else { layout = .standard }
        }
        var sources = layout.isRemapped ? [settings != nil ? ".zennotes/vault.json" : "logseq/config.edn"] : []
        var obsidian = ObsidianSettings(root: absolute, fileSystem: fileSystem)
        if obsidian != nil {
            let journals = layout.folder(for: .journal)
            layout = Self.layout(layout, journalsOf: &obsidian!)
            if layout.folder(for: .journal) != journals { sources.append(".obsidian/daily-notes.json") }
        }
        self.logseq = logseq
        self.obsidian = obsidian
        self.layout = layout
        layoutSources = sources
        journalNaming = Self.journalNaming(layout: layout, logseq: logseq, obsidian: obsidian)
    }

    /// Finds the vault: `explicit` (`--vault`), else `VAULT_DIR`, else the nearest folder
    /// from `workingDirectory` upwards that holds `.zennotes/`, `.obsidian/` or `logseq/config.edn`.
    public static func locate(
        explicit: String?, environment: [String: String], workingDirectory: String,
        fileSystem: any FileSystem = LocalFileSystem()
    ) throws -> Vault {
        try Vault(
            root: locateFolder(
                explicit: explicit, environment: environment, workingDirectory: workingDirectory, fileSystem: fileSystem),
            fileSystem: fileSystem)
    }

    /// The folder `locate` would open, found without reading its settings, so that a vault
    /// with a broken `vault.json` can still be examined.
    public static func locateFolder(
        explicit: String?, environment: [String: String], workingDirectory: String,
        fileSystem: any FileSystem = LocalFileSystem()
    ) throws -> String {
        // An empty or relative working folder names none: taken as is, it was `/`.
        let known = workingDirectory.hasPrefix("/")
        for given in [explicit, environment["VAULT_DIR"]] {
            guard let given, !given.isEmpty else { continue }
            guard known || given.hasPrefix("/") || given.hasPrefix("~/") else { throw VaultError.workingDirectoryUnknown }
            let path = absolute(given, from: workingDirectory)
            // Name the folder as the person wrote it, not as resolved.
            guard (try? fileSystem.status(path))??.kind == .directory else { throw VaultError.vaultFolderMissing(path: given) }
            return path
        }
        guard known else { throw VaultError.workingDirectoryUnknown }
        var folder = absolute(workingDirectory)
        while true {
            if (try? fileSystem.status(folder + "/.zennotes"))??.kind == .directory { return folder }
            if (try? fileSystem.status(folder + "/" + ObsidianSettings.folder))??.kind == .directory { return folder }
            if (try? fileSystem.status(folder + "/" + LogseqConfig.path))??.kind == .file { return folder }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { break }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
        throw VaultError.noVaultFound(searchedFrom: workingDirectory)
    }

    /// Opens `root` with the standard layout, its settings unread: for examining a vault
    /// whose `vault.json` cannot be used.
    public init(standardLayoutAt root: String, fileSystem: any FileSystem = LocalFileSystem()) {
        self.root = Self.absolute(root)
        self.fileSystem = fileSystem
        settings = nil
        layout = .standard
        layoutSources = []
        logseq = Self.logseqConfig(at: self.root, fileSystem: fileSystem)
        obsidian = ObsidianSettings(root: self.root, fileSystem: fileSystem)
        journalNaming = Self.journalNaming(layout: layout, logseq: logseq, obsidian: obsidian)
    }

    /// Makes `path` a vault: the system folders and `.zennotes/vault.json` with a fresh id.
    ///
    /// Existing folders and notes are left as they are; an existing `vault.json` is refused.
    @discardableResult
    public static func initialize(at path: String, fileSystem: any FileSystem = LocalFileSystem()) throws -> Vault {
        let root = absolute(path)
        let settingsPath = root + "/.zennotes/vault.json"
        let plan = try planInitialize(at: path, fileSystem: fileSystem)
        do {
            try fileSystem.createDirectories(root + "/.zennotes")
            for folder in VaultLayout.systemKinds.compactMap(\.settingsKey) {
                try fileSystem.createDirectory(root + "/" + folder)
            }
        } catch let error as SystemError {
            throw FileError.system(error)
        }
        try SafeWriter(fileSystem: fileSystem).create(settingsPath, with: plan.settings.after)
        return try Vault(root: root, fileSystem: fileSystem)
    }

    /// What `initialize` would make at `path`, for a dry run.
    ///
    /// - Throws: as `initialize` does before it writes anything.
    public static func planInitialize(at path: String, fileSystem: any FileSystem = LocalFileSystem()) throws -> InitPlan {
        let root = absolute(path)
        if fileSystem.exists(root + "/.zennotes/vault.json") { throw VaultError.alreadyAVault(path: path) }
        if let status = try? fileSystem.linkStatus(root), status.kind != .directory {
            throw FileError.fileExists(path: path)
        }
        let wanted = [""] + [".zennotes"] + VaultLayout.systemKinds.compactMap(\.settingsKey)
        var folders: [String] = []
        for folder in wanted {
            let status = (try? fileSystem.linkStatus(folder.isEmpty ? root : root + "/" + folder)) ?? nil
            if let status, status.kind != .directory {
                // Refused before anything is made: no folder is left half made.
                throw FileError.fileExists(path: folder.isEmpty ? path : path + "/" + folder)
            }
            if status == nil { folders.append(folder.isEmpty ? root : folder + "/") }
        }
        let settings = NoteRewrite(
            path: ".zennotes/vault.json", before: [], after: VaultSettings().encoded(), isNew: true, snapshot: .absent)
        return InitPlan(folders: folders, settings: settings)
    }

    /// True when the vault lives in iCloud Drive or holds iCloud placeholders, the places
    /// where `x 2.md` beside `x.md` is a conflict copy.
    public var isInICloud: Bool {
        // By bytes: a string's `contains` of a string loads the generic searcher, a quarter
        // of a millisecond of each capture.
        var root = root
        return root.withUTF8 { ByteScan.contains($0, "/Mobile Documents/") || ByteScan.contains($0, "com~apple~CloudDocs") }
    }

    /// Walks the vault and reads every note's metadata, to the detail asked for.
    ///
    /// - Parameter progress: called now and then from worker threads with the notes read so
    ///   far and the total, for a progress display.
    public func scan(
        detail: NoteReader.Detail = .full, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> VaultScan {
        var scan = try VaultScanner(
            root: root, layout: layout, fileSystem: fileSystem, iCloud: isInICloud, detail: detail, cache: cache, dialect: dialect,
            progress: progress
        ).scan()
        if namesNotesItself { scan.notes = scan.notes.map(dialectNamed) }
        return scan
    }

    /// Walks the vault and hands each note, read to the detail asked for, to `sink` in path
    /// order as soon as it and those before it are read; the scan returned holds everything
    /// else (conflict copies, attachments, warnings), its `notes` empty.
    ///
    /// - Parameters:
    ///   - progress: as for `scan(detail:progress:)`.
    ///   - checkingRecords: for a walk of `.paths`, whether each note's status is taken to
    ///     check the cache's record of it, so that what is made from the walk (its tasks)
    ///     reads the records without a second `stat`; false for a walk whose paths are all
    ///     its caller needs (a search opens every note itself).
    ///   - selecting: which notes to read and hand on, asked of each note's path and the
    ///     kind of folder it is in before it is read (every note when nil): a query of a
    ///     folder lists only the folders on the way to it and reads that folder's notes only.
    ///     The scan's attachments, conflict copies and warnings are then those of the folders
    ///     listed and of the notes read.
    public func scan(
        detail: NoteReader.Detail = .full, checkingRecords: Bool = true, selecting: PathSelection? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, into sink: inout some ResultSink<Note>
    ) throws -> VaultScan {
        try scan(
            detail: detail, checkingRecords: checkingRecords, selecting: selecting, progress: progress, making: { _ in () }
        ) { note, _ in
            sink.receive(note)
        }
    }

    /// `scan(detail:checkingRecords:progress:into:)`, handing `deliver` each note with what
    /// `make` made of it on the worker thread that read it: work done for every note (its
    /// JSON for `list --json`) spreads over the cores, where `deliver` is called by one
    /// thread at a time. `deliver` returns false to stop.
    public func scan<Made: Sendable>(
        detail: NoteReader.Detail = .full, checkingRecords: Bool = true, selecting: PathSelection? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, making make: @Sendable (Note) -> Made,
        deliver: (Note, Made) -> Bool
    ) throws -> VaultScan {
        try scan(
            detail: detail, checkingRecords: checkingRecords, selecting: selecting, progress: progress, state: {},
            making: { _, note in make(note) }, deliver: deliver)
    }

    /// `scan(detail:checkingRecords:progress:making:deliver:)` with a `State` kept by each
    /// worker thread (`state` makes it) and handed to `make` from note to note: scratch
    /// storage a note's work reuses (a search's matcher).
    public func scan<State, Made: Sendable>(
        detail: NoteReader.Detail = .full, checkingRecords: Bool = true, selecting: PathSelection? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, state: @Sendable () -> State,
        making make: @Sendable (inout State, Note) -> Made, deliver: (Note, Made) -> Bool
    ) throws -> VaultScan {
        try scan(
            detail: detail, checkingRecords: checkingRecords, selecting: selecting, progress: progress, state: state,
            making: { state, note -> (Note, Made) in (note, make(&state, note)) }, results: { deliver($0.0, $0.1) })
    }

    /// `scan(detail:checkingRecords:progress:state:making:deliver:)` handing `results` only
    /// what `make` made of each note, in path order: the notes stay on the worker threads
    /// that read them, which is cheaper for a caller that needs only what was made (a
    /// search's matches).
    ///
    /// - Parameter admits: asked of each note's texts (its path without extension, its title,
    ///   its aliases) before the note is made: a note none of whose texts it takes may be
    ///   passed over, neither made nor handed to `make` (nil to make every note). It must take
    ///   every text of a note that `make` would make something of: a ranking's prefilter.
    public func scan<State, Made: Sendable>(
        detail: NoteReader.Detail = .full, checkingRecords: Bool = true, selecting: PathSelection? = nil,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil, admitting admits: (@Sendable (UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
        state: @Sendable () -> State, making make: @Sendable (inout State, Note) -> Made, results: (Made) -> Bool
    ) throws -> VaultScan {
        // A walk of paths that checks no record needs no cache, and so no `stat` of each note:
        // a fifth of a warm search at 100,000 notes.
        let cache = detail == .paths && !checkingRecords ? nil : cache
        let names = namesNotesItself
        var scanner = VaultScanner(
            root: root, layout: layout, fileSystem: fileSystem, iCloud: isInICloud, detail: detail, cache: cache, dialect: dialect,
            progress: progress, selecting: selecting)
        // A Logseq graph titles its pages by their page names, which their texts do not
        // hold; a journal format other than the standard one changes only journal days.
        if logseq == nil { scanner.admits = admits }
        return try scanner.stream(
            state: state,
            making: { state, note in
                // A Logseq graph's notes are named on the worker too, once. The note is handed
                // on as it is otherwise: a choice of two made a copy of every note.
                if names { return make(&state, dialectNamed(note)) }
                return make(&state, note)
            }, results)
    }

    /// The absolute path of a vault-relative path.
    public func absolutePath(_ relative: String) -> String { String(path: root, relative) }

    /// Reads a note's bytes.
    ///
    /// - Throws: `VaultError.noteNotDownloaded` for a placeholder, `.noteUnavailable` when the
    ///   read fails: never an empty note; `.leadsOutOfVault` for a note made a link out of
    ///   the vault since the walk (which checked its folders), `.notRegularFile` for a fifo.
    public func contents(of note: Note) throws -> [UInt8] {
        // One lstat: the walk went through no folder link, so only the note itself can lead out.
        let absolute = absolutePath(note.path)
        if let status = try? fileSystem.linkStatus(absolute) {
            if status.kind == .symlink { try checkInside(note.path) }
            if status.kind != .file && status.kind != .symlink {
                throw FileError.notRegularFile(path: note.path, kind: fileKindName(absolute))
            }
        }
        return try walkedContents(of: note)
    }

    /// `contents(of:)` for a reader of every note of a walk, which checked their paths (a
    /// note that is a link out of the vault is not among them): no `lstat` more per note.
    func walkedContents(of note: Note) throws -> [UInt8] {
        try readingWalked(note) { try fileSystem.readFile(absolutePath(note.path)) }
    }

    /// `walkedContents(of:)` into `buffer`, for a reader that keeps nothing of a note.
    func walkedContents(of note: Note, into buffer: ReadBuffer) throws {
        try readingWalked(note) { try fileSystem.read(note.path, under: root, into: buffer) }
    }

    /// What `read` makes of a walked note, its failures said of the note.
    private func readingWalked<T>(_ note: Note, _ read: () throws -> T) throws -> T {
        if note.availability == .placeholder { throw VaultError.noteNotDownloaded(path: note.path) }
        if note.availability == .unreadable, let reason = note.unavailableReason, reason == VaultScanner.undecodableNameReason {
            throw VaultError.noteUnavailable(path: note.path, reason: reason)
        }
        do {
            return try read()
        } catch let error as SystemError {
            let absolute = absolutePath(note.path)
            if let status = try? fileSystem.status(absolute), status.kind != .file {
                throw FileError.notRegularFile(path: note.path, kind: fileKindName(absolute))
            }
            throw VaultError.noteUnavailable(path: note.path, reason: error.reason)
        }
    }

    /// `path` made absolute from `base` (a `~/` from `$HOME`), its `.` and `..` parts and
    /// repeated or trailing slashes taken out: one folder written two ways reads the same.
    public static func absolute(_ path: String, from base: String = WorkingDirectory.current() ?? "") -> String {
        var joined = path.hasPrefix("/") ? path : base + "/" + path
        if path.hasPrefix("~/"), let home = ProcessEnvironment.current()["HOME"] {
            joined = home + path.dropFirst()
        }
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        var absolute = ""
        for part in parts {
            absolute.append("/")
            absolute.append(contentsOf: part)
        }
        return absolute.isEmpty ? "/" : absolute
    }
}
