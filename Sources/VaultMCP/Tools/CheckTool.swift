import VaultKit

/// `check`: dangling links, ambiguous names, unreadable notes and conflict copies, as `vault check` finds them.
enum CheckTool: MCPTool {
    static let name = "check"
    static let title = "Check the vault"
    static let summary = """
        Finds dangling links, ambiguous link names, broken reference definitions, unreadable notes, conflict copies and \
        notes with merge conflict markers (and, in a Logseq graph, page links to pages without a file). clean is true \
        when there is nothing to report. The findings come in pages, in that order; counts has how many of each.
        """
    static let input = ToolSchema(Page.properties(defaultLimit: 200, what: "findings"))
    static let output = ToolSchema.output(
        [("clean", "boolean"), ("report", "object"), ("counts", "object"), ("total", "integer"), ("nextOffset", "integer")],
        required: ["clean", "report", "counts", "total"])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let page = try Page(arguments, defaultLimit: 200)
        let check = try session.scans.check()
        struct Checked: Encodable {
            let clean: Bool
            let report: VaultCheck
            let counts: [String: Int]
            let total: Int
            let nextOffset: Int?
        }
        // One window over the findings in the order they are told, cut from each kind.
        var window = FindingWindow(page)
        var shown = check
        shown.dangling = window.cut(check.dangling)
        shown.ambiguous = window.cut(check.ambiguous)
        shown.brokenDefinitions = window.cut(check.brokenDefinitions)
        shown.unreadable = window.cut(check.unreadable)
        shown.conflictCopies = window.cut(check.conflictCopies)
        shown.mergeConflicts = window.cut(check.mergeConflicts)
        shown.pagesWithoutFile = window.cut(check.pagesWithoutFile)
        var lines = shown.dangling.map { "dangling: \($0.source):\($0.line): \($0.text)" }
        lines += shown.ambiguous.map { "ambiguous: \($0.source):\($0.line): \($0.text) -> \($0.resolved ?? "")" }
        lines += shown.brokenDefinitions.map { "broken definition: \($0.description)" }
        lines += shown.unreadable.map { "unreadable: \($0.description)" }
        lines += shown.conflictCopies.map { "conflict copy: \($0.path) (of \($0.originalPath))" }
        lines += shown.mergeConflicts.map { "merge conflict: \($0.description)" }
        lines += shown.pagesWithoutFile.map { "page without a file: \($0.source):\($0.line): \($0.text)" }
        let counts = [
            "dangling": check.dangling.count, "ambiguous": check.ambiguous.count, "brokenDefinitions": check.brokenDefinitions.count,
            "unreadable": check.unreadable.count, "conflictCopies": check.conflictCopies.count,
            "mergeConflicts": check.mergeConflicts.count, "pagesWithoutFile": check.pagesWithoutFile.count,
        ]
        let next = page.next(total: window.total)
        let text = ((check.isClean ? ["No problems found."] : []) + lines).joined(separator: "\n")
        return try ToolResult(
            text: text + Page.more(next, total: window.total),
            encoding: Checked(clean: check.isClean, report: shown, counts: counts, total: window.total, nextOffset: next))
    }
}

/// A page cut from several lists read one after the other.
private struct FindingWindow {
    let page: Page
    /// How many findings the lists cut so far held.
    private(set) var total = 0

    init(_ page: Page) { self.page = page }

    /// The part of `items`, the next list, that falls in the page.
    mutating func cut<T>(_ items: [T]) -> [T] {
        let start = min(max(page.offset - total, 0), items.count)
        let end = min(max(page.offset + page.limit - total, 0), items.count)
        total += items.count
        return Array(items[start..<max(start, end)])
    }
}
