import VaultKit

/// `vault tags`: every tag with the number of notes that carry it; `vault tags rename`.
enum TagsCommand: Command {
    static let name = "tags"
    static let summary = "list every tag with its count of notes, or rename one everywhere"
    static let usage = "[rename OLD NEW]"
    static let discussion = """
        Tags from frontmatter and inline #tags; tags compare case-insensitively. Notes in the trash do not count.

        `vault tags rename OLD NEW` rewrites #OLD as #NEW in every note: inline tags (never in code,
        comments or links), the frontmatter `tags:` list or string (with or without #) and a Logseq
        page's `tags::`, and the tags nested under it (#OLD/child becomes #NEW/child; #OLDER is
        another tag). OLD matches in any case; NEW is written as given. When NEW exists already the
        two are merged, and a frontmatter list that would name it twice keeps one. The notes are
        changed together (a run stopped halfway is finished by the next); --dry-run prints the diff.
        A note that may hold the tag but cannot be read (not downloaded, unreadable, not UTF-8)
        stops the rename, nothing written, unless --skip-unavailable leaves its tags as they are.
        """
    static let sort = Option<Order>(choice: "--sort", value: "ORDER", default: .count, help: "count (default, most used first) or name")
    static let dryRun = CommonOptions.dryRun.withHelp("with rename: print the change as a diff, write nothing")
    static let skipUnavailable = CommonOptions.skipUnavailable.withHelp(
        "with rename: go on when notes that may hold the tag cannot be read or rewritten (not downloaded, unreadable, not UTF-8)")
    static let options: [any DeclaredOption] = [sort, dryRun, skipUnavailable]

    /// How the tags are listed.
    enum Order: String, CaseIterable {
        case count, name
    }

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        if let word = arguments.positional() {
            guard word == "rename" else { throw UsageError("unknown subcommand \"\(word)\"; the one there is: rename") }
            return try TagRenameCommand.run(&arguments, context)
        }
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
            context.columns(counts.map { [TagRename.written($0.tag), String($0.count)] })
        }
        return counts.isEmpty ? 1 : 0
    }
}
