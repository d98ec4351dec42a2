import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// A vault's usage (for ranking by frecency), kept in `$XDG_STATE_HOME/vault/<vault id>/usage`
/// (`~/.local/state` when the variable is unset), never in the vault (DESIGN.md 6).
///
/// The file is only a ranking aid: a missing, unreadable or damaged file reads as no usage,
/// and every write replaces it whole (a temporary file renamed over it), so a reader never
/// sees half of one.
///
/// A use is not written into the file: it is appended as a line to a journal beside it
/// (`usage.log`), which a reader counts with the file. Rewriting the file on every use cost
/// `capture` and `show` most of their time (parsing and writing the counts of a thousand
/// notes), and two runs recording at once could lose one's use. Once the journal passes
/// `journalLimit`, the run that passes it folds the journal into the file: the journal is
/// first renamed aside, so that uses appended meanwhile start a new one.
public struct UsageStore: Sendable {
    /// The vault's state folder.
    public let folder: String
    let fileSystem: any FileSystem

    /// The usage file.
    public var file: String { folder + "/usage.json" }
    /// The journal of uses not yet folded into the file, a line each.
    public var journal: String { folder + "/" + Self.journalName }
    static let journalName = "usage.log"
    /// How long the journal grows before it is folded into the file: about 200 uses.
    static let journalLimit: Int64 = 16 * 1024

    public init(folder: String, fileSystem: any FileSystem = LocalFileSystem()) {
        self.folder = folder
        self.fileSystem = fileSystem
    }

    /// The store of `vault`, or nil when there is no state folder outside the vault to keep
    /// it in (no `XDG_STATE_HOME` nor `HOME`, or one inside the vault): usage is then neither
    /// recorded nor used.
    public static func find(for vault: Vault, environment: [String: String]) -> UsageStore? {
        var base: String?
        if let given = environment["XDG_STATE_HOME"], given.hasPrefix("/") {
            base = given
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.local/state"
        }
        guard let base else { return nil }
        let fileSystem = vault.fileSystem
        let baseFolder = Vault.absolute(base)
        let root = fileSystem.resolvedPath(vault.root) ?? vault.root
        let folder = baseFolder + "/vault/" + CacheLocation.folderName(for: vault, root: root)
        // Usage is derived state: inside a synced folder it would churn and conflict. A link
        // on the way there (`vault/` linked into the vault) leads inside it all the same.
        if CacheLocation.leadsInside(baseFolder, root: root, fileSystem: fileSystem)
            || CacheLocation.linksInside(below: baseFolder, to: folder, root: root, fileSystem: fileSystem)
        {
            return nil
        }
        return UsageStore(folder: folder, fileSystem: fileSystem)
    }

    /// The uses the file and the journal hold; the file counts as empty when it is missing,
    /// unreadable, damaged or of another version, and a journal line that cannot be read
    /// (cut short by a power cut) counts as no use.
    public func load() -> UsageLog {
        var (log, folded) = self.folded()
        for name in journalsFoldedAside() where !folded.contains(name) { replay(folder + "/" + name, into: &log) }
        replay(journal, into: &log)
        return log
    }

    /// What the file holds alone, and the names of the journals folded into it (a fold
    /// killed before it removed them leaves them: they are not counted again).
    private func folded() -> (UsageLog, Set<String>) {
        guard let bytes = try? fileSystem.readFile(file), !bytes.isEmpty, let json = try? JSONValue.parse(bytes),
            let log = UsageLog(json: json)
        else { return (UsageLog(), []) }
        var names: Set<String> = []
        if case .array(let items)? = json[Self.foldedKey] {
            for case .string(let name) in items { names.insert(name) }
        }
        return (log, names)
    }

    /// The member of the file naming the journals folded into it, beside the log's own.
    private static let foldedKey = "folded"

    /// Records uses of notes and tags at `now` (see `UsageLog.record`) in the journal,
    /// creating the folder when needed, and folds the journal into the file once it is long.
    ///
    /// - Throws: when the folder cannot be made or the journal written; callers treat that as
    ///   a ranking lost, not a failed command. `VaultError.usageNotFolded` when the use was
    ///   kept but the journal could not be folded (it then grows until it can be).
    public func record(notes: [String], tags: [String] = [], host: String? = nil, at now: Date) throws {
        guard !notes.isEmpty || !tags.isEmpty else { return }
        try fileSystem.createDirectories(folder)
        // Begun with a line break too: a line a power cut left without its end is then
        // passed over alone, not joined to this one.
        var line: [UInt8] = [0x0A]
        line += UsageLog.entryJSON(notes: notes, tags: tags, host: host, at: now).compactBytes()
        line.append(0x0A)
        let length = try SafeWriter(fileSystem: fileSystem).appendDerived(journal, line)
        guard length > Self.journalLimit else { return }
        // The use is kept: a fold that fails leaves the journal to the next one.
        do {
            try fold()
        } catch {
            throw VaultError.usageNotFolded(folder: folder, reason: (error as? any UserError)?.description ?? "\(error)")
        }
    }

    /// Folds the journal, and any a folding run left aside, into the file; one run at a time
    /// (another that is folding is left to it).
    ///
    /// A use appended by a run that opened the journal just before it was renamed aside, and
    /// wrote just after it was read, is lost: at most one use a run appending at that moment.
    /// A fold killed at any step counts each use once: the file names the journals it took
    /// in, and they are removed before the next file is written.
    func fold() throws {
        guard let turn = try fileSystem.lockExclusive(folder + "/usage.lock", wait: false) else { return }
        defer { try? fileSystem.close(turn, path: folder + "/usage.lock") }
        // Named by when it was set aside, so that journals are counted in the order they were kept.
        let aside = journal + "." + Digits.number(UInt64(max(0, Date().timeIntervalSince1970 * 1e6)), radix: 10, width: 20) + "-"
            + Digits.hex(UInt32.random(in: 0...UInt32.max), width: 8)
        do {
            try fileSystem.rename(journal, to: aside)
        } catch let error as SystemError where error.code == ENOENT {
            return  // folded by the run that held the turn just before
        }
        var (log, folded) = self.folded()
        var asides: [String] = []
        for name in journalsFoldedAside() {
            // Already in the file: what a fold killed before removing it left.
            if folded.contains(name) {
                try fileSystem.removeFile(folder + "/" + name)
            } else {
                replay(folder + "/" + name, into: &log)
                asides.append(name)
            }
        }
        try save(log, folding: asides)
        for name in asides { try? fileSystem.removeFile(folder + "/" + name) }
    }

    /// The names of the journals renamed aside to be folded (by this run, another, or one
    /// killed meanwhile), oldest first.
    private func journalsFoldedAside() -> [String] {
        guard let entries = try? fileSystem.entries(folder) else { return [] }
        return entries.filter { $0.kind == .file && $0.name.hasPrefix(Self.journalName + ".") }.map(\.name).sorted()
    }

    /// Counts the uses of each line of the journal at `path` that can be read.
    private func replay(_ path: String, into log: inout UsageLog) {
        guard let bytes = try? fileSystem.readFile(path) else { return }
        log.record(uses: bytes.split(separator: 0x0A).compactMap { line in (try? JSONValue.parse(Array(line))).flatMap(UsageLog.entry) })
    }

    /// Writes `log` over the file, all at once.
    public func save(_ log: UsageLog) throws { try save(log, folding: []) }

    /// Writes `log` over the file, naming the journals folded into it.
    private func save(_ log: UsageLog, folding names: [String]) throws {
        try fileSystem.createDirectories(folder)
        var json = log.json
        if !names.isEmpty, case .object(let members) = json {
            json = .object([(Self.foldedKey, .array(names.map(JSONValue.string)))] + members)
        }
        var bytes = json.compactBytes()
        bytes.append(0x0A)
        try SafeWriter(fileSystem: fileSystem).replaceDerived(file, with: bytes)
    }
}
