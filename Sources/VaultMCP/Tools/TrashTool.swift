import VaultKit

/// `trash`: a note moved to the trash (never deleted), as `vault trash` moves it.
enum TrashTool: MCPTool {
    static let name = "trash"
    static let title = "Move a note to the trash"
    static let summary = "Moves a note to trash/ (keeping its path there; nothing is deleted) and says how many links to it now dangle. vault restore brings it back."
    static let writes = true
    static let input = ToolSchema([.required("note", .string, "the note: a path, a path without .md, a title or an alias")])
    static let output = ToolSchema.output([("from", "string"), ("to", "string"), ("danglingLinks", "integer")])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let lifecycle = NoteLifecycle(vault: session.vault)
        let outcome = try lifecycle.apply(lifecycle.plan(.trash, arguments.required("note")), action: .trash)
        guard let move = outcome.plan.moves.first, outcome.report?.moved ?? 0 > 0 else {
            return .failure("nothing was moved")
        }
        struct Trashed: Encodable {
            let from: String
            let to: String
            let danglingLinks: Int
        }
        var text = "moved \(move.from) -> \(move.to); \(outcome.links) link\(outcome.links == 1 ? "" : "s") to it now dangle"
        if let problem = outcome.recordProblem { text += "\nwarning: \(problem)" }
        return try ToolResult(text: text, encoding: Trashed(from: move.from, to: move.to, danglingLinks: outcome.links))
    }
}
