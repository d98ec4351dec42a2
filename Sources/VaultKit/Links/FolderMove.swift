import VaultSystem

/// A folder a move moves whole, as `from` and `to` vault-relative paths.
struct FolderMove: Sendable {
    let from: String
    let to: String

    /// Where `path` is after the move: under `to` when it was under `from`.
    func following(_ path: String) -> String {
        let prefix = Naming.collisionKey(from) + "/"
        guard Naming.collisionKey(path).hasPrefix(prefix) else { return path }
        return to + "/" + path.split(separator: "/").dropFirst(from.split(separator: "/").count).joined(separator: "/")
    }
}
