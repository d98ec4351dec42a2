import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// The notes a person pinned, kept as ZenNotes keeps them: `favorites` in
/// `.zennotes/vault.json`, a list of vault-relative paths in the order they were added.
public struct Favorites {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The favorite paths, in their order; a favorite whose note is gone stays listed (the
    /// person may have it on another machine not yet synced).
    public func list() throws -> [String] {
        guard fileSystem.exists(vault.settingsPath) else { return [] }
        // Read as the vault reads its settings: at once when they parse, whoever holds them open.
        return Self.paths(in: try Vault.readSettings(vault.settingsPath, fileSystem: fileSystem))
    }

    /// Adds `path` at the end of the favorites and returns the change to `vault.json`; nil
    /// (nothing written) when it is one already.
    ///
    /// - Parameter dryRun: compute the change, write nothing.
    /// - Throws: `VaultError.unknownNote` when the note is no longer there once the lock is
    ///   held (a rename finished meanwhile): a favorite of a gone name would be added.
    @discardableResult
    public func add(_ path: String, dryRun: Bool = false) throws -> Change? {
        try change(dryRun: dryRun) { paths in
            guard fileSystem.exists(vault.absolutePath(path)) else { throw VaultError.unknownNote(name: path, suggestions: []) }
            guard !paths.contains(where: { Self.same($0, path) }) else { return false }
            paths.append(path)
            return true
        }
    }

    /// Removes `path` from the favorites and returns the change to `vault.json`.
    ///
    /// - Throws: `VaultError.notAFavorite` when it is not one (nothing is written).
    @discardableResult
    public func remove(_ path: String, dryRun: Bool = false) throws -> Change? {
        try change(dryRun: dryRun) { paths in
            guard paths.contains(where: { Self.same($0, path) }) else { throw VaultError.notAFavorite(path: path, favorites: paths) }
            paths.removeAll { Self.same($0, path) }
            return true
        }
    }

    /// Reads `vault.json` under the lock (none for a dry run), lets `edit` change the list
    /// (returning false for no change), and writes it back with every other key as it was: a
    /// no-overwrite create when the vault had no settings, else a compare-and-swap replace.
    private func change(dryRun: Bool, _ edit: (inout [String]) throws -> Bool) throws -> Change? {
        let relative = ".zennotes/vault.json"
        return try ChangeExecutor(vault: vault).whileLocked(unless: dryRun) { executor in
            var settings = VaultSettings()
            var read: (bytes: [UInt8], snapshot: FileSnapshot)?
            if fileSystem.exists(vault.settingsPath) {
                read = try SafeWriter(fileSystem: fileSystem).read(vault.settingsPath)
                settings = try VaultSettings(bytes: read!.bytes, path: relative)
            }
            var paths = Self.paths(in: settings)
            guard try edit(&paths) else { return nil }
            settings.set(Self.key, .array(paths.map(JSONValue.string)))
            let change: Change = read.map { .replace(relative, expected: $0.snapshot, before: $0.bytes, after: settings.encoded()) }
                ?? .create(relative, bytes: settings.encoded())
            if !dryRun { _ = try executor.apply(ChangePlan([change], summary: "favorites in \(relative)")) }
            return change
        }
    }

    /// The favorite among `list()` that `name` spells, as given or without `.md`, so a
    /// favorite whose note is gone can still be removed by its path.
    public func favorite(named name: String) throws -> String? {
        try list().first { Self.same($0, name) || Self.same($0, name + ".md") }
    }

    static let key = "favorites"

    /// The change to `vault.json` that keeps favorites on notes that `moves` (old path: new
    /// path, a folder's notes one by one) renames, moves, archives or trashes; nil when no
    /// favorite moves, or the settings cannot be read (the move goes ahead, the favorite
    /// keeps its old path). Read as the plan reads notes, and written in the same plan.
    static func edit(following moves: [String: String], vault: Vault) -> Change? {
        guard !moves.isEmpty, vault.fileSystem.exists(vault.settingsPath),
            let (bytes, snapshot) = try? SafeWriter(fileSystem: vault.fileSystem).read(vault.settingsPath, settling: false),
            var settings = try? VaultSettings(bytes: bytes, path: ".zennotes/vault.json")
        else { return nil }
        let byPath = Dictionary(moves.map { ($0.key.canonicallyComposed, $0.value) }, uniquingKeysWith: { a, _ in a })
        let paths = paths(in: settings)
        let moved = paths.map { byPath[$0.canonicallyComposed] ?? $0 }
        guard moved != paths else { return nil }
        settings.set(key, .array(moved.map(JSONValue.string)))
        return .replace(".zennotes/vault.json", expected: snapshot, before: bytes, after: settings.encoded())
    }

    /// The paths under `favorites`; anything but strings there is left out of the list (and
    /// written back only as the strings, once the list changes).
    static func paths(in settings: VaultSettings) -> [String] {
        guard case .array(let items)? = settings.document[key] else { return [] }
        return items.compactMap(\.stringValue)
    }

    /// Paths are one note's when they agree after NFC normalisation (macOS stores names in NFD).
    static func same(_ a: String, _ b: String) -> Bool {
        a.canonicallyComposed == b.canonicallyComposed
    }

    private var fileSystem: any FileSystem { vault.fileSystem }
}
