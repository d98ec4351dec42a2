import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// `.zennotes/vault.json`: the vault's settings, with every key `vault` does not know kept
/// as it was (DESIGN.md 6).
public struct VaultSettings: Equatable, Sendable {
    /// The whole document, in its original key order.
    public private(set) var document: JSONValue

    /// Fresh settings for a new vault, with a random `id`.
    public init(id: String = UUID().uuidString.lowercased()) {
        document = .object([("id", .string(id))])
    }

    /// Reads settings from the bytes of `vault.json`.
    ///
    /// - Throws: `VaultError.settingsNotJSON` when the text is not a JSON object.
    public init(bytes: [UInt8], path: String) throws {
        do {
            document = try JSONValue.parse(bytes)
        } catch {
            throw VaultError.settingsNotJSON(path: path, reason: "\(error)")
        }
        guard case .object = document else {
            throw VaultError.settingsNotJSON(path: path, reason: "the top level is not an object")
        }
    }

    /// The vault's id, used to name its cache folder outside the vault.
    public var id: String? { document["id"]?.stringValue }

    /// The layout that `systemFolderPaths` asks for.
    public func layout() throws -> VaultLayout {
        guard let remaps = document["systemFolderPaths"] else { return .standard }
        guard case .object(let members) = remaps else {
            if remaps == .null { return .standard }
            throw VaultError.invalidSystemFolder(key: "", value: remaps.jsonText, reason: "it must be an object")
        }
        return try VaultLayout(systemFolderPaths: members.map { (key: $0.0, value: $0.1) })
    }

    /// Sets a key, keeping every other key and the order.
    public mutating func set(_ key: String, _ value: JSONValue) {
        document.set(key, value)
    }

    /// The bytes to write: 2-space indent and a final newline.
    public func encoded() -> [UInt8] { Array(document.formatted().utf8) }
}
