/// What `vault check` finds wrong with a vault's links and files.
public struct VaultCheck: Sendable, Codable, Equatable {
    /// Links that resolve to nothing.
    public var dangling: [LinkReport]
    /// Bare names that matched several files; a tie-break chose one.
    public var ambiguous: [LinkReport]
    /// Notes that could not be read (not downloaded, I/O errors, not UTF-8).
    public var unreadable: [VaultWarning]
    public var conflictCopies: [ConflictCopy]

    /// True when nothing was found.
    public var isClean: Bool { dangling.isEmpty && ambiguous.isEmpty && unreadable.isEmpty && conflictCopies.isEmpty }

    /// Checks every note of a scan.
    public init(vault: Vault, scan: VaultScan) {
        // Only what is reported is kept: most links resolve to one file.
        let graph = LinkGraph.build(
            vault: vault, scan: scan, index: vault.linkIndex(scan),
            keep: { $0.resolution.path == nil || $0.resolution.candidates > 1 })
        dangling = graph.edges.filter { $0.resolution.path == nil }.map(LinkReport.init)
        ambiguous = graph.edges.filter { $0.resolution.candidates > 1 }.map(LinkReport.init)
        unreadable = graph.skipped
        conflictCopies = scan.conflictCopies
    }
}
