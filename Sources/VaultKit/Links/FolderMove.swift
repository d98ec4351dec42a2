/// A folder a move moves whole, as `from` and `to` vault-relative paths.
struct FolderMove: Sendable {
    let from: String
    let to: String
}
