import VaultKit

/// `vault tags rename OLD NEW`: the plan, then the change (a part of `TagsCommand`).
enum TagRenameCommand {
    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let old = try arguments.required("OLD")
        let new = try arguments.required("NEW")
        try arguments.finish()
        let vault = try context.vault()
        let rename = try TagRename(old, to: new, pageNames: vault.dialect.isLogseq)
        let plan = try TagRenamer(vault: vault, skipUnavailable: arguments[TagsCommand.skipUnavailable]).plan(rename)
        for warning in plan.skipped { context.warn(warning.description) }
        if arguments[TagsCommand.dryRun] {
            if context.json {
                try context.emit(Summary(plan, done: nil))
            } else {
                try plan.writeDiff(reading: vault) { context.raw($0) }
            }
            return 0
        }
        let outcome = try plan.apply(with: context.changeExecutor(vault))
        context.report(outcome.report, recovered: false)
        if context.json {
            try context.emit(Summary(plan, done: outcome.done))
        } else if !context.quiet {
            for edit in outcome.done {
                var seen = Set<String>()
                let changes = edit.changes.map { "\($0.before) -> \($0.after)" }.filter { seen.insert($0).inserted }
                context.line("\(edit.path): " + changes.joined(separator: ", "))
            }
            let (notes, tags) = (outcome.done.count, outcome.tagCount)
            let merged = plan.merges ? ", merged into existing #\(plan.rename.new)" : ""
            context.line("\(notes) note\(notes == 1 ? "" : "s"), \(tags) tag\(tags == 1 ? "" : "s") rewritten\(merged)")
        }
        return outcome.report.conflicts.isEmpty ? 0 : 3
    }

    /// A tag rename, planned or done, for `--json`.
    struct Summary: Encodable {
        struct Note: Encodable {
            let path: String
            let changes: [TagChange]
        }

        let applied: Bool
        let old: String
        let new: String
        let merged: Bool
        let notes: [Note]
        let tags: Int
        let skipped: [VaultWarning]

        /// `done`: the notes rewritten, nil for a plan not applied (every note it would rewrite).
        init(_ plan: TagRenamePlan, done: [TagRenamePlan.Edit]?) {
            applied = done != nil
            old = plan.rename.old
            new = plan.rename.new
            merged = plan.merges
            notes = (done ?? plan.edits).map { Note(path: $0.path, changes: $0.changes) }
            tags = notes.reduce(0) { $0 + $1.changes.count }
            skipped = plan.skipped
        }
    }
}
