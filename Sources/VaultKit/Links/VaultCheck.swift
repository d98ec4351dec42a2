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
        let found = Self.findings(vault: vault, scan: scan, index: index)
        var findings = found.findings
        let skipped = found.skipped
        let isGraph = vault.isLogseqGraph
        // The lists a report goes in, as bits: 1 dangling, 2 a page without a file, 4 ambiguous.
        func lists(_ report: LinkReport) -> Int {
            var lists = 0
            if report.resolved == nil { lists |= isGraph && Self.namesPage(form: report.form) ? 2 : 1 }
            if report.candidates > 1 { lists |= 4 }
            return lists
        }
        // Counted, then made: no array grown by doubling.
        var sizes = (dangling: 0, pages: 0, ambiguous: 0)
        for position in findings.indices {
            findings[position]?.reports.withUnsafeBufferPointer { reports in
                for report in reports {
                    let found = lists(report)
                    sizes.dangling += found & 1
                    sizes.pages += found >> 1 & 1
                    sizes.ambiguous += found >> 2 & 1
                }
            }
        }
        var dangling: [LinkReport] = [], pages: [LinkReport] = [], ambiguous: [LinkReport] = []
        dangling.reserveCapacity(sizes.dangling)
        pages.reserveCapacity(sizes.pages)
        ambiguous.reserveCapacity(sizes.ambiguous)
        // Each report moved out of its note's findings, not copied (each of its eight strings
        // taken, then let go with the findings): 30,000 of them at 100,000 notes, on the one
        // thread that writes. In order: the reports are reversed in place, then taken from the end.
        for position in findings.indices {
            guard var reports = findings[position]?.reports, !reports.isEmpty else { continue }
            findings[position]?.reports = []
            reports.reverse()
            while let report = reports.popLast() {
                let found = lists(report)
                if found & 1 != 0 {
                    dangling.append(report)
                } else if found & 2 != 0 {
                    pages.append(report)
                }
                if found & 4 != 0 { ambiguous.append(report) }
            }
        }
        self.dangling = dangling
        if isGraph { pagesWithoutFile = pages }
        self.ambiguous = ambiguous
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
