/// What `Vault.initialize` would make in a folder: a dry run's answer.
public struct InitPlan: Sendable {
    /// The folders missing there: the vault's own first when it is missing (its absolute
    /// path), then `.zennotes/` and the system folders, relative.
    public var folders: [String]
    /// The settings file, new, with a fresh id.
    public var settings: NoteRewrite
}
