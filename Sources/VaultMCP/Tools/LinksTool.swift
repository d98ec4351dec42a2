import VaultKit

/// `links`: where a note's links go, as `vault links` reports them.
enum LinksTool: MCPTool {
    static let name = "links"
    static let title = "A note's outbound links"
    static let summary = "Lists a note's links with their lines and the file each resolves to (resolved is absent for a dangling link)."
    static let input = ToolSchema([.required("note", .string, "the note: a path, a path without .md, a title or an alias")] + Page.properties(defaultLimit: 200, what: "links"))
    static let output = LinkList.schema

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let page = try Page(arguments, defaultLimit: 200)
        let (scan, index) = try session.scans.linkIndex()
        let note = try session.lookup(arguments.required("note"), in: scan)
        let (reports, _) = try session.vault.linkReports(from: note, scan: scan, index: index)
        return try LinkList.result(note: note.path, reports, page: page) { "\($0.line): \($0.text) -> \($0.resolved ?? "(dangling)")" }
    }
}

/// `backlinks`: the links to a note, as `vault backlinks` reports them.
enum BacklinksTool: MCPTool {
    static let name = "backlinks"
    static let title = "Links to a note"
    static let summary = "Lists every link to a note: the linking note, the line and the line's text."
    static let input = LinksTool.input
    static let output = LinkList.schema

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let page = try Page(arguments, defaultLimit: 200)
        let line: (LinkReport) -> String = { "\($0.source):\($0.line): \($0.context)" }
        guard let (scan, index, sources) = try session.scans.linkSources() else {
            let (scan, note) = try session.lookup(arguments.required("note"))
            return try LinkList.result(note: note.path, session.vault.backlinkReports(to: note, scan: scan).reports, page: page, line: line)
        }
        let note = try session.lookup(arguments.required("note"), in: scan)
        // Only the notes that hold this page's links are read.
        let total = sources.linkCount(to: note.path)
        let (notes, before) = sources.notes(linkingTo: note.path, in: scan, window: page.offset..<page.offset + page.limit)
        let read = notes.isEmpty ? [] : session.vault.backlinkReports(to: note, scan: scan, index: index, notes: notes).reports
        let shown = read.dropFirst(max(0, page.offset - before)).prefix(page.limit)
        let next = page.next(total: total)
        return try LinkList.result(note: note.path, shown: shown, total: total, next: next, line: line)
    }
}

/// The answer of `links` and `backlinks`: one page of link reports.
enum LinkList {
    static let schema = ToolSchema.output([("note", "string"), ("links", "array"), ("total", "integer"), ("nextOffset", "integer")], required: ["note", "links", "total"])

    static func result(note: String, _ reports: [LinkReport], page: Page, line: (LinkReport) -> String) throws -> ToolResult {
        let (shown, next) = page.cut(reports)
        return try result(note: note, shown: shown, total: reports.count, next: next, line: line)
    }

    /// The answer that shows `shown` of `total` links.
    static func result(note: String, shown: ArraySlice<LinkReport>, total: Int, next: Int?, line: (LinkReport) -> String) throws -> ToolResult {
        struct Listed: Encodable {
            let note: String
            let links: [LinkReport]
            let total: Int
            let nextOffset: Int?
        }
        let text = shown.isEmpty ? "no links" : shown.map(line).joined(separator: "\n")
        return try ToolResult(
            text: text + Page.more(next, total: total), encoding: Listed(note: note, links: Array(shown), total: total, nextOffset: next))
    }
}
