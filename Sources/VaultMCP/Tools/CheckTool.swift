import VaultKit

/// `check`: dangling links, ambiguous names, unreadable notes and conflict copies, as `vault check` finds them.
enum CheckTool: MCPTool {
    static let name = "check"
    static let title = "Check the vault"
    static let summary = """
        Finds dangling links, ambiguous link names, broken reference definitions, unreadable notes, conflict copies and \
        notes with merge conflict markers. clean is true when there is nothing to report.
        """
    static let input = ToolSchema()
    static let output = ToolSchema.output([("clean", "boolean"), ("report", "object")])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let check = try session.scans.check()
        struct Checked: Encodable {
            let clean: Bool
            let report: VaultCheck
        }
        var lines = check.dangling.map { "dangling: \($0.source):\($0.line): \($0.text)" }
        lines += check.ambiguous.map { "ambiguous: \($0.source):\($0.line): \($0.text) -> \($0.resolved ?? "")" }
        lines += check.brokenDefinitions.map { "broken definition: \($0.description)" }
        lines += check.unreadable.map { "unreadable: \($0.description)" }
        lines += check.conflictCopies.map { "conflict copy: \($0.path) (of \($0.originalPath))" }
        lines += check.mergeConflicts.map { "merge conflict: \($0.description)" }
        return try ToolResult(text: check.isClean ? "No problems found." : lines.joined(separator: "\n"), encoding: Checked(clean: check.isClean, report: check))
    }
}
