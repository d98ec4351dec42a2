import VaultKit

/// `apply`: carries out a plan `rename_note` or `move` returned, exactly as shown.
enum ApplyTool: MCPTool {
    static let name = "apply"
    static let title = "Apply a planned rename or move"
    static let summary = """
        Makes the change of a plan from rename_note or move, exactly as its diff showed. Refused, with nothing written, \
        when any file it touches changed since it was planned, when a note came to link to what moves, when the plan is \
        unknown or expired, or was applied already.
        """
    static let writes = true
    static let input = ToolSchema([.required("planId", .string, "the planId rename_note or move returned")])
    static let output = ToolSchema.output([("applied", "boolean"), ("moves", "array"), ("links", "integer"), ("notes", "integer")])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let id = arguments.required("planId")
        let (plan, replan) = try session.plans.take(id, at: session.vault.clock.now())
        let report: ChangeReport
        do {
            // Planned again under the write lock: a note that came to link to what moves since
            // the plan was shown would be left dangling, as the plan never read it.
            report = try ChangeExecutor(vault: session.vault).apply(
                planning: { () throws -> RenamePlan in
                    let changed = plan.notesChanged(in: try replan(session.vault))
                    guard changed.isEmpty else { throw PlanStore.Refusal.changedSince(id, notes: changed) }
                    return plan
                }, changes: { $0.changePlan(summary: $0.summary) }
            ).report
        } catch {
            session.plans.refused(id)
            throw error
        }
        if !report.conflicts.isEmpty {
            // Files another program changed were left alone: the change is not the one shown.
            session.plans.refused(id)
            let message = report.conflicts.map(\.description).joined(separator: "; ")
            return .failure(session.relative("the change was not made as planned: " + message))
        }
        let rewritten = plan.edits.filter { !$0.changes.isEmpty }
        struct Applied: Encodable {
            let applied: Bool
            let moves: [FileMove]
            let links: Int
            let notes: Int
        }
        var text = plan.moves.map { "Moved \($0.from) -> \($0.to)" }.joined(separator: "\n")
        text += "\nRewrote \(plan.linkCount) link\(plan.linkCount == 1 ? "" : "s") in \(rewritten.count) note\(rewritten.count == 1 ? "" : "s")"
        return try ToolResult(text: text, encoding: Applied(applied: true, moves: plan.moves, links: plan.linkCount, notes: rewritten.count))
    }
}
