import VaultMarkdown
import VaultSystem

/// What a folder is for, from the vault's layout (DESIGN.md 2).
public enum FolderKind: String, CaseIterable, Sendable, Codable, Comparable {
    case journal, page, inbox, quick, archive, trash
    /// A note outside every system folder (most Obsidian and Foam vaults keep notes anywhere).
    case other

    /// The key of this kind in `systemFolderPaths`, and its default folder name.
    public var settingsKey: String? {
        switch self {
        case .journal: return "journals"
        case .page: return "pages"
        case .inbox, .quick, .archive, .trash: return rawValue
        case .other: return nil
        }
    }

    public static func < (lhs: FolderKind, rhs: FolderKind) -> Bool { lhs.slot < rhs.slot }

    /// The kind's place in `allCases`.
    var slot: Int {
        switch self {
        case .journal: 0
        case .page: 1
        case .inbox: 2
        case .quick: 3
        case .archive: 4
        case .trash: 5
        case .other: 6
        }
    }
}

/// Which top-level folder holds each kind of note, with ZenNotes-style remaps applied.
public struct VaultLayout: Equatable, Sendable {
    /// The system kinds, in the order folders are listed.
    public static let systemKinds: [FolderKind] = [.journal, .page, .inbox, .quick, .archive, .trash]
    /// Folder names that can never hold a system folder.
    public static let reservedNames = ["assets", ".zennotes", "attachements", "_assets"]
    /// Folders recognised as attachments.
    public static let assetFolders = ["assets", "attachements", "_assets"]

    /// Each kind's top-level folder, at the kind's `slot` (nil for `.other`). A list, not a
    /// dictionary: asked for every note of a walk, and a dictionary keyed by the kind costs
    /// every run a search of the program's conformances when it is first made.
    private var folders: [String?]

    /// The layout with every folder at its default name.
    public static let standard = VaultLayout(folders: Array(repeating: nil, count: FolderKind.allCases.count))

    /// The layout with the folders of `remaps` (by slot, nil where a kind keeps its default).
    private init(folders remaps: [String?]) {
        folders = FolderKind.allCases.map { remaps[$0.slot] ?? $0.settingsKey }
    }

    /// Builds a layout from `systemFolderPaths`, validating every value.
    ///
    /// - Throws: `VaultError.invalidSystemFolder` naming the first bad key. Keys that name no
    ///   system folder are ignored (a newer app may know more kinds).
    public init(systemFolderPaths: [(key: String, value: JSONValue)]) throws {
        var remaps: [String?] = Array(repeating: nil, count: FolderKind.allCases.count)
        var used: [String: String] = [:]
        for (key, value) in systemFolderPaths {
            guard let kind = Self.systemKinds.first(where: { $0.settingsKey == key }) else { continue }
            guard case .string(let name) = value else {
                throw VaultError.invalidSystemFolder(key: key, value: value.jsonText, reason: "the value must be a folder name in quotes")
            }
            try Self.validate(key: key, name: name)
            let folded = name.lowercased()
            if let other = used[folded] {
                throw VaultError.invalidSystemFolder(key: key, value: JSONValue.string(name).jsonText, reason: "\(other) already uses this folder")
            }
            used[folded] = key
            remaps[kind.slot] = name
        }
        // A remapped folder must not take the default name of a folder that kept its default.
        for kind in Self.systemKinds where remaps[kind.slot] == nil {
            if let key = kind.settingsKey, let other = used[key] {
                throw VaultError.invalidSystemFolder(
                    key: other, value: JSONValue.string(remaps.lazy.compactMap { $0 }.first { $0.lowercased() == key } ?? key).jsonText,
                    reason: "\"\(key)\" is the default folder of \(key)")
            }
        }
        self.init(folders: remaps)
    }

    private static func validate(key: String, name: String) throws {
        func bad(_ reason: String) -> VaultError { .invalidSystemFolder(key: key, value: JSONValue.string(name).jsonText, reason: reason) }
        if name.isBlank { throw bad("the folder name is empty") }
        if name.count > 128 { throw bad("a folder name has at most 128 characters") }
        if name.contains("/") || name.contains("\\") { throw bad("it must be one top-level folder, without / or \\") }
        if name.hasPrefix(".") { throw bad("a folder name starting with . is hidden and not synced by some tools") }
        if let character = name.first(where: { ":*?\"<>|#^[]".contains($0) }) {
            throw bad("the character \(character) is not allowed")
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 }) { throw bad("control characters are not allowed") }
        if reservedNames.contains(name.lowercased()) { throw bad("\(name) is reserved") }
        let defaults = systemKinds.compactMap(\.settingsKey).filter { $0 != key }
        if defaults.contains(name.lowercased()) { throw bad("\"\(name.lowercased())\" is the default folder of \(name.lowercased())") }
    }

    /// This layout with the folder of `kind` at `name`, checked as `systemFolderPaths` are.
    ///
    /// - Throws: `VaultError.invalidSystemFolder` when the name cannot hold that folder.
    public func moving(_ kind: FolderKind, to name: String) throws -> VaultLayout {
        var remaps: [(key: String, value: JSONValue)] = []
        for other in Self.systemKinds where other != kind {
            if let key = other.settingsKey, let folder = folders[other.slot], folder != key { remaps.append((key, .string(folder))) }
        }
        if let key = kind.settingsKey { remaps.append((key, .string(name))) }
        return try VaultLayout(systemFolderPaths: remaps)
    }

    /// The top-level folder of a kind (`.other` has none).
    public func folder(for kind: FolderKind) -> String? { folders[kind.slot] }

    /// True when any folder is not at its default name.
    public var isRemapped: Bool { FolderKind.allCases.contains { folders[$0.slot] != $0.settingsKey } }

    /// The kind of note at a vault-relative path: the kind of its top-level folder.
    public func kind(of relativePath: String) -> FolderKind {
        guard let slash = relativePath.firstIndex(of: "/") else { return .other }
        let top = relativePath[..<slash]
        for kind in Self.systemKinds where folders[kind.slot].map({ $0 == top }) == true { return kind }
        // Case-insensitive disks let `Journals/` stand for `journals/`.
        let folded = top.lowercased()
        for kind in Self.systemKinds where folders[kind.slot]?.lowercased() == folded { return kind }
        return .other
    }

    /// The comparison key, ending in `/`, of the folder a `--folder` argument names: a path
    /// (`./` and trailing slashes dropped) or a system folder's name, mapped as this vault maps it.
    func folderPrefix(_ argument: String) -> String {
        Naming.collisionKey(folderPath(argument)) + "/"
    }

    /// The vault-relative folder a `--folder` argument names: a path, or a system folder's
    /// kind name (`inbox`) as this vault places it.
    func folderPath(_ argument: String) -> String {
        var name = argument.hasPrefix("./") ? String(argument.dropFirst(2)) : argument
        while name.hasSuffix("/") { name.removeLast() }
        if let kind = FolderKind.allCases.first(where: { $0.settingsKey == name || $0.rawValue == name }),
           let mapped = folder(for: kind) {
            name = mapped
        }
        return name
    }
}
