import FoundationEssentials
import VaultKit

/// `rename_note`: the plan of a rename, as `vault rename --dry-run` prints it, kept under an
/// id for `apply`.
enum RenameNoteTool: MCPTool {
    static let name = "rename_note"
    static let title = "Plan a rename"
    static let summary = """
        Plans renaming a note and rewriting every link to it. Nothing is written: the answer is the change as a unified \
        diff and a planId; call apply with that planId to make it (refused if any file changed since).
        """
    static let writes = true
    static let input = ToolSchema([
        .required("note", .string, "the note: a path, a path without .md, a title or an alias"),
        .required("newTitle", .string, "the new title; the file is named after it"),
        .optional("skipUnavailable", .boolean, "go on when some notes cannot be read, leaving their links as they are"),
    ])
    static let output = PlanAnswer.schema

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let (note, title, skipping) = (arguments.required("note"), arguments.required("newTitle"), arguments.bool("skipUnavailable"))
        let replan: PlanStore.Replanning = { vault in try RenamePlanner(vault: vault, skipUnavailable: skipping).planRename(note, to: title) }
        return try PlanAnswer.result(try replan(session.vault), replan: replan, session)
    }
}

/// `move`: the plan of a move of a note or a folder, kept under an id for `apply`.
enum MoveTool: MCPTool {
    static let name = "move"
    static let title = "Plan a move"
    static let summary = """
        Plans moving a note or a folder (into a folder: a destination ending in /, or an existing folder; else the new \
        path) and rewriting every link into it. Nothing is written: the answer is the diff and a planId for apply.
        """
    static let writes = true
    static let input = ToolSchema([
        .required("source", .string, "the note (path, title or alias) or folder to move"),
        .required("destination", .string, "a folder to move into, or the new path"),
        .optional("skipUnavailable", .boolean, "go on when some notes cannot be read, leaving their links as they are"),
    ])
    static let output = PlanAnswer.schema

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let (source, destination, skipping) = (arguments.required("source"), arguments.required("destination"), arguments.bool("skipUnavailable"))
        let replan: PlanStore.Replanning = { vault in
            try RenamePlanner(vault: vault, skipUnavailable: skipping).planMove(source, to: destination)
        }
        return try PlanAnswer.result(try replan(session.vault), replan: replan, session)
    }
}

/// The answer of a planning tool: the plan's id, its moves, its diff, and what it skipped.
enum PlanAnswer {
    static let schema = ToolSchema.output([
        ("planId", "string"), ("expires", "string"), ("moves", "array"), ("links", "integer"), ("notes", "integer"),
        ("diff", "string"), ("warnings", "array"),
    ])

    static func result(_ plan: RenamePlan, replan: @escaping PlanStore.Replanning, _ session: MCPSession) throws -> ToolResult {
        let now = session.vault.clock.now()
        let id = session.plans.keep(plan, replan: replan, at: now)
        let expires = now.addingTimeInterval(session.plans.lifetime)
        struct Planned: Encodable {
            let planId: String
            let expires: Date
            let moves: [FileMove]
            let links: Int
            let notes: Int
            let diff: String
            let warnings: [String]
        }
        var warnings = plan.skipped.map(\.description)
        warnings += plan.newlyResolving.map { "\($0.source):\($0.line): \($0.text) dangled and will now resolve to \($0.resolved ?? "")" }
        let rewritten = plan.edits.filter { !$0.changes.isEmpty }.count
        let diff = try plan.diff(reading: session.vault)
        var text = "plan \(id): " + plan.moves.map { "\($0.from) -> \($0.to)" }.joined(separator: ", ")
        text += ", \(plan.linkCount) link\(plan.linkCount == 1 ? "" : "s") in \(rewritten) note\(rewritten == 1 ? "" : "s")\n"
        text += warnings.map { "warning: \($0)\n" }.joined() + diff
        text += "\nTo make this change, call apply with planId \"\(id)\"."
        return try ToolResult(
            text: text,
            encoding: Planned(
                planId: id, expires: expires, moves: plan.moves, links: plan.linkCount, notes: rewritten, diff: diff,
                warnings: warnings))
    }
}
