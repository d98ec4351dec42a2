import VaultKit

/// `tags`: every tag with its count of notes, as `vault tags` counts them.
enum TagsTool: MCPTool {
    static let name = "tags"
    static let title = "Tags and their counts"
    static let summary = "Lists every tag (frontmatter and inline #tags) with the number of notes that carry it, most used first. The trash does not count."
    static let input = ToolSchema(
        [.optional("sort", .string, "count (default) or name", choices: ["count", "name"])] + Page.properties(defaultLimit: 500, what: "tags"))
    static let output = ToolSchema.output([("tags", "array"), ("total", "integer"), ("nextOffset", "integer")], required: ["tags", "total"])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let page = try Page(arguments, defaultLimit: 500)
        var counts = VaultSummary.tagCounts(try session.scans.scan(.tags).notes)
        if arguments.string("sort") == "name" { counts.sort { ($0.tag.lowercased(), $0.tag) < ($1.tag.lowercased(), $1.tag) } }
        let (shown, next) = page.cut(counts)
        struct Listed: Encodable {
            let tags: [VaultSummary.TagCount]
            let total: Int
            let nextOffset: Int?
        }
        let text = shown.isEmpty ? "no tags" : shown.map { "\(TagRename.written($0.tag))\t\($0.count)" }.joined(separator: "\n")
        return try ToolResult(text: text + Page.more(next, total: counts.count), encoding: Listed(tags: Array(shown), total: counts.count, nextOffset: next))
    }
}
