import VaultKit

/// `vault tags`: every tag with the number of notes that carry it.
enum TagsCommand: Command {
    static let name = "tags"
    static let summary = "list every tag with its count of notes"
    static let usage = ""
    static let discussion = "Tags from frontmatter and inline #tags; tags compare case-insensitively. Notes in the trash do not count."
    static let sort = Option<Order>(choice: "--sort", value: "ORDER", default: .count, help: "count (default, most used first) or name")
    static let options: [any DeclaredOption] = [sort]

    /// How the tags are listed.
    enum Order: String, CaseIterable {
        case count, name
    }

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let order = try arguments[sort]
        try arguments.finish()
        let scan = try context.scan(context.vault(), detail: .tags)
        context.warn(scan.warnings)
        var counts = VaultSummary.tagCounts(scan.notes)
        if order == .name {
            counts.sort { ($0.tag.lowercased(), $0.tag) < ($1.tag.lowercased(), $1.tag) }
        }
        if context.json {
            try context.emit(counts)
        } else {
            context.columns(counts.map { ["#" + $0.tag, String($0.count)] })
        }
        return counts.isEmpty ? 1 : 0
    }
}
