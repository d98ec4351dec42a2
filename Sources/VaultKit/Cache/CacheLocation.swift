import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Where a vault's cache lives: `$XDG_CACHE_HOME/vault/<vault id>/` (`~/.cache` when the
/// variable is unset), never inside the vault (DESIGN.md 7).
public struct CacheLocation: Sendable, Equatable {
    /// The vault's cache folder.
    public var folder: String
    /// The vault folder's real path, which the cache file names so that it is never read for
    /// another folder.
    public var rootRealPath: String
    /// Whose rules the vault's notes are read by, which the cache file names too.
    public var dialect: NoteDialect

    /// The cache file of note facts.
    public var file: String { folder + "/facts" }
    /// The records read since the cache file was written, when they are few (see `CacheFileFormat`).
    public var deltaFile: String { folder + "/facts.delta" }
    /// What the last `vault check` found in each note (see `CheckMemo`).
    public var checkFile: String { folder + "/check" }
    /// What the last walk found in each folder (see `FolderListingMemo`).
    public var foldersFile: String { folder + "/folders" }
    /// The hits and misses of the last run.
    public var statisticsFile: String { folder + "/last-run" }
    /// The real path of the vault folder this cache folder serves.
    var ownerFile: String { folder + "/root" }

    public init(folder: String, rootRealPath: String, dialect: NoteDialect = .markdown) {
        self.folder = folder
        self.rootRealPath = rootRealPath
        self.dialect = dialect
    }

    /// What `find` found: the location, or why there is none, and what to warn of.
    public struct Found: Sendable {
        public var location: CacheLocation?
        /// Why there is no cache, for `vault cache status`; a vault holding the cache folder
        /// (one kept in the home folder) is no mistake, so it is not warned of on every run.
        public var absence: String?
        /// What is wrong with the environment, or with a vault copied with its id.
        public var notices: [String]
    }

    /// The cache folder of `vault`, or why there can be none (no usable base folder, or one
    /// inside the vault), and what a person should know about it.
    public static func find(for vault: Vault, environment: [String: String]) -> Found {
        let fileSystem = vault.fileSystem
        var notices: [String] = []
        var base: String?
        if let given = environment["XDG_CACHE_HOME"], !given.isEmpty {
            if given.hasPrefix("/") {
                base = given
            } else {
                notices.append("XDG_CACHE_HOME is not an absolute path (\(given)); as the XDG rules ask, it is ignored")
            }
        }
        if base == nil {
            guard let home = environment["HOME"], home.hasPrefix("/") else {
                // A command run with no home (from a service, say) simply reads every note.
                let why = "neither XDG_CACHE_HOME nor HOME names a folder"
                return Found(location: nil, absence: why, notices: notices)
            }
            base = home + "/.cache"
        }
        let baseFolder = Vault.absolute(base!)
        if let status = try? fileSystem.status(baseFolder), status.kind != .directory {
            let why = "the cache folder \(baseFolder) is not a folder; working without the cache"
            return Found(location: nil, absence: why, notices: notices + [why])
        }
        let root = fileSystem.resolvedPath(vault.root) ?? vault.root
        func isInside(_ folder: String) -> Bool { leadsInside(folder, root: root, fileSystem: fileSystem) }
        if isInside(baseFolder) {
            let why = "the cache folder \(baseFolder) is inside the vault, where no cache is kept"
            return Found(location: nil, absence: why, notices: notices)
        }
        let id = vault.settings?.id.map(sanitized) ?? ""
        let name = folderName(for: vault, root: root)
        var location = CacheLocation(folder: baseFolder + "/vault/" + name, rootRealPath: root, dialect: vault.dialect)
        if !id.isEmpty, let owner = location.owner(fileSystem), owner != root, sharesID(owner, id, fileSystem) {
            // A copied folder keeps its vault.json: two vaults with one id get a cache each.
            let apart = CacheLocation(
                folder: location.folder + "-" + hex(Checksum64.of(Array(root.utf8))), rootRealPath: root, dialect: vault.dialect)
            if apart.owner(fileSystem) == nil {
                notices.append(
                    "this vault and the one at \(owner) have the same id (\(id)) in .zennotes/vault.json, as a copied folder does; "
                        + "their caches are kept apart")
            }
            location = apart
        }
        // A link on the way (`vault/` linked into the vault) leads inside it all the same.
        if linksInside(below: baseFolder, to: location.folder, root: root, fileSystem: fileSystem) {
            let why = "the cache folder \(location.folder) leads inside the vault, where no cache is kept"
            return Found(location: nil, absence: why, notices: notices + [why])
        }
        return Found(location: location, absence: nil, notices: notices)
    }

    /// True when `folder`, its links followed as far as it exists, is the vault folder whose
    /// real path is `root` or lies inside it: derived state kept there would be synced.
    static func leadsInside(_ folder: String, root: String, fileSystem: any FileSystem) -> Bool {
        let resolved = fileSystem.resolvedPrefixPath(folder)
        return resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// True when a folder between `base` (already found outside the vault) and `folder` is a
    /// link that leads inside the vault whose real path is `root`: two `lstat` calls for the
    /// usual `vault/<id>`, and a `realpath` only where one is a link.
    static func linksInside(below base: String, to folder: String, root: String, fileSystem: any FileSystem) -> Bool {
        var path = base
        for part in folder.dropFirst(base.count).split(separator: "/") {
            path.append("/")
            path.append(contentsOf: part)
            guard (try? fileSystem.linkStatus(path))??.kind == .symlink else { continue }
            return leadsInside(folder, root: root, fileSystem: fileSystem)
        }
        return false
    }

    /// The name of a vault's folder under a base folder outside it (the cache's, the usage
    /// store's): its id from `vault.json`, else one made from its real path `root`.
    static func folderName(for vault: Vault, root: String) -> String {
        let id = vault.settings?.id.map(sanitized) ?? ""
        return id.isEmpty ? "path-" + hex(Checksum64.of(Array(root.utf8))) : id
    }

    /// The vault folder this cache folder last served, if it says.
    func owner(_ fileSystem: any FileSystem) -> String? {
        guard let bytes = try? fileSystem.readFile(ownerFile), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when the folder at `path` is still a vault with the id `id`.
    private static func sharesID(_ path: String, _ id: String, _ fileSystem: any FileSystem) -> Bool {
        guard let bytes = try? fileSystem.readFile(path + "/.zennotes/vault.json"),
            let settings = try? VaultSettings(bytes: bytes, path: ".zennotes/vault.json")
        else { return false }
        return settings.id.map(sanitized) == id
    }

    /// An id as a folder name: letters, digits, `-`, `_` and `.` only, at most 64 bytes.
    private static func sanitized(_ id: String) -> String {
        // By bytes: a Unicode property lookup costs a capture more than the rest of this.
        let kept = id.utf8.filter { byte in
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
        let name = String(decoding: kept.prefix(64), as: UTF8.self)
        return name.allSatisfy({ $0 == "." }) ? "" : name
    }

    static func hex(_ value: UInt64) -> String { Digits.hex(value, width: 16) }
}
