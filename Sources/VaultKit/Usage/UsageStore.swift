import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// A vault's usage (for ranking by frecency), kept in `$XDG_STATE_HOME/vault/<vault id>/usage`
/// (`~/.local/state` when the variable is unset), never in the vault (DESIGN.md 6).
///
/// The file is only a ranking aid: a missing, unreadable or damaged file reads as no usage,
/// and every write replaces it whole (a temporary file renamed over it), so a reader never
/// sees half of one. Two runs recording at once may lose one of their increments, never the
/// file.
public struct UsageStore: Sendable {
    /// The vault's state folder.
    public let folder: String
    let fileSystem: any FileSystem

    /// The usage file.
    public var file: String { folder + "/usage.json" }

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
        let resolvedBase = fileSystem.resolvedPath(baseFolder) ?? baseFolder
        // Usage is derived state: inside a synced folder it would churn and conflict.
        if resolvedBase == root || resolvedBase.hasPrefix(root == "/" ? "/" : root + "/") { return nil }
        return UsageStore(folder: baseFolder + "/vault/" + CacheLocation.folderName(for: vault, root: root), fileSystem: fileSystem)
    }

    /// What the file holds; an empty log when it is missing, unreadable, damaged or of
    /// another version.
    public func load() -> UsageLog {
        guard let bytes = try? fileSystem.readFile(file), !bytes.isEmpty, let json = try? JSONValue.parse(bytes),
            let log = UsageLog(json: json)
        else { return UsageLog() }
        return log
    }

    /// Records uses of notes and tags at `now` (see `UsageLog.record`), creating the folder
    /// when needed.
    ///
    /// - Throws: when the folder cannot be made or the file written; callers treat that as a
    ///   ranking lost, not a failed command.
    public func record(notes: [String], tags: [String] = [], host: String? = nil, at now: Date) throws {
        guard !notes.isEmpty || !tags.isEmpty else { return }
        var log = load()
        log.record(notes: notes, tags: tags, host: host, at: now)
        try save(log)
    }

    /// Writes `log` over the file, all at once.
    public func save(_ log: UsageLog) throws {
        try fileSystem.createDirectories(folder)
        var bytes = log.json.compactBytes()
        bytes.append(0x0A)
        try SafeWriter(fileSystem: fileSystem).replaceDerived(file, with: bytes)
    }
}
