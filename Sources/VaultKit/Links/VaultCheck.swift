import VaultMarkdown
import VaultSystem

/// What `vault check` finds wrong with a vault's links and files.
public struct VaultCheck: Sendable, Codable, Equatable {
    /// Links that resolve to nothing.
    public var dangling: [LinkReport]
    /// In a Logseq graph, page links (`[[p]]`, `#p`, page properties) to pages that have no
    /// file: not broken, since Logseq makes such a page when it is first linked, so not in
    /// `dangling` and no problem; listed so that a typo can still be found.
    public var pagesWithoutFile: [LinkReport] = []
    /// Bare names that matched several files; a tie-break chose one.
    public var ambiguous: [LinkReport]
    /// Lines that begin like a link reference definition (`[label]: target "title"`) but are
    /// read as text: no target, a title left open, a paragraph they continue.
    public var brokenDefinitions: [VaultWarning]
    /// Notes that could not be read (not downloaded, I/O errors, not UTF-8), and what the
    /// walk skipped (folders it could not list, fifos, links out of the vault).
    public var unreadable: [VaultWarning]
    public var conflictCopies: [ConflictCopy]
    /// Notes holding git merge conflict markers: two versions at once, so their links (read
    /// from both) may be wrong until one side is kept.
    public var mergeConflicts: [VaultWarning]

    /// True when nothing was found.
    public var isClean: Bool {
        dangling.isEmpty && ambiguous.isEmpty && brokenDefinitions.isEmpty && unreadable.isEmpty && conflictCopies.isEmpty && mergeConflicts.isEmpty
    }

    /// True for a link that names a page, in a Logseq graph: every form but a markdown path.
    public static func namesPage(_ link: Link) -> Bool { namesPage(form: link.form) }

    /// True for a link of `form` that names a page, in a Logseq graph.
    static func namesPage(form: Link.Form) -> Bool {
        switch form {
        // Even `[[star.lit]]`: Logseq makes a page of any name in brackets.
        case .wikilink, .frontmatter, .tag, .property: return true
        case .markdown, .reference, .referenceUse: return false
        }
    }

    /// Checks every note of a scan.
    ///
    /// - Parameter index: the scan's link index, when the caller keeps one.
    public init(vault: Vault, scan: VaultScan, index: LinkIndex? = nil) {
        let (findings, skipped) = Self.findings(vault: vault, scan: scan, index: index)
        let isGraph = vault.isLogseqGraph
        // Counted, then made: no array grown by doubling.
        func reports(_ wanted: (LinkReport) -> Bool) -> [LinkReport] {
            let count = findings.reduce(0) { sum, found in sum + (found?.reports.reduce(0) { $0 + (wanted($1) ? 1 : 0) } ?? 0) }
            var reports: [LinkReport] = []
            reports.reserveCapacity(count)
            for case let found? in findings { for report in found.reports where wanted(report) { reports.append(report) } }
            return reports
        }
        dangling = reports { $0.resolved == nil && !(isGraph && Self.namesPage(form: $0.form)) }
        if isGraph {
            pagesWithoutFile = reports { $0.resolved == nil && Self.namesPage(form: $0.form) }
        }
        ambiguous = reports { $0.candidates > 1 }
        brokenDefinitions = findings.flatMap { $0?.broken ?? [] }
        unreadable = scan.skipped + skipped
        conflictCopies = scan.conflictCopies
        mergeConflicts = vault.mergeConflicts(scan).map { conflict in
            let count = conflict.sections.count
            return VaultWarning(
                path: conflict.path,
                message: "holds merge conflict markers (\(count) section\(count == 1 ? "" : "s")); its links may be wrong until one side is kept")
        }
    }
}
