import FoundationEssentials
import VaultKit

/// `vault rename NOTE NEW-TITLE` and `vault move NOTE|FOLDER DEST`: the plan, then the change.
enum RenameCommand: Command {
    static let name = "rename"
    static let summary = "rename a note in its folder and rewrite every link to it"
    static let usage = "NOTE NEW-TITLE"
    static let discussion = """
        The file is named after NEW-TITLE. A leading `# heading` becomes `# NEW-TITLE` only when it
        equals the old file name, or is the title that file name was made from (`# C# tips` in
        `C- tips.md`), compared as names are: Unicode NFC, ignoring case; any other heading is
        left as it is. A path given for NEW-TITLE (`pages/Plan.md`) is refused: `vault move`
        moves a note to a path.
        Every link that resolved to the note is rewritten in its own form, and links that would
        become ambiguous gain the shortest path that keeps them on the note. Files whose bytes
        would not change are not written. --dry-run prints the change as a diff.
        """
    static let options: [any DeclaredOption] = [CommonOptions.dryRun, CommonOptions.skipUnavailable]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let note = try arguments.required("NOTE")
        let title = try arguments.required("NEW-TITLE")
        try arguments.finish()
        let vault = try context.vault()
        let plan = try RenamePlanner(vault: vault, skipUnavailable: arguments[CommonOptions.skipUnavailable]).planRename(note, to: title)
        return try MoveCommand.carryOut(plan, vault: vault, arguments: arguments, context: context, verb: "rename")
    }
}

enum MoveCommand: Command {
    static let name = "move"
    static let summary = "move a note or a folder and rewrite every link into it"
    static let usage = "NOTE|FOLDER DEST"
    static let discussion = """
        DEST is a folder to move into (an existing folder, or any path ending in /) or the new
        path. Moving a folder moves every file in it. Links into the moved files are rewritten,
        and so are the moved notes' own relative links. --dry-run prints the change as a diff.
        """
    static let options = RenameCommand.options

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let source = try arguments.required("NOTE|FOLDER")
        let destination = try arguments.required("DEST")
        try arguments.finish()
        let vault = try context.vault()
        let plan = try RenamePlanner(vault: vault, skipUnavailable: arguments[CommonOptions.skipUnavailable]).planMove(source, to: destination)
        return try carryOut(plan, vault: vault, arguments: arguments, context: context)
    }

    /// Prints or applies a plan.
    static func carryOut(_ plan: RenamePlan, vault: Vault, arguments: Arguments, context: Context, verb: String = "move") throws -> Int32 {
        for warning in plan.skipped { context.warn(warning.description) }
        for link in plan.newlyResolving {
            context.warn("\(link.source):\(link.line): \(link.textOnOneLine) dangled and will now resolve to \(link.resolved ?? "")")
        }
        if arguments[CommonOptions.dryRun] {
            if context.json {
                try context.emit(PlanSummary(plan))
            } else {
                try plan.writeDiff(reading: vault) { context.raw($0) }
            }
            return 0
        }
        let report = try context.changeExecutor(vault).apply(plan, summary: plan.summary(verb: verb))
        context.report(report, recovered: false)
        // Nothing is left behind unsaid: a folder that stays holds what no move takes. A move
        // taken back, or one that kept old names beside files left alone, says why already.
        if let folder = plan.movedFolder, !report.undone, report.conflicts.isEmpty,
            case let left = RenamePlanner.leftBehind(in: folder, vault: vault), !left.isEmpty
        {
            context.warn("\(folder)/ stays: it holds what vault does not move (symbolic links, empty folders, sync tools' files): "
                + left.joined(separator: ", "))
        }
        if context.json {
            try context.emit(PlanSummary(plan, report: report))
        } else if report.moved == 0 && !plan.moves.isEmpty {
            context.line("Nothing was moved.")
        } else if !context.quiet {
            // Counted from what was done: a file left alone kept its links.
            let leftAlone = Set(report.conflicts.map(\.path))
            let rewritten = plan.edits.filter { !$0.changes.isEmpty && !leftAlone.contains($0.path) }
            let links = rewritten.reduce(0) { $0 + $1.changes.count }
            // One line per file, so a script can read each move.
            for move in plan.moves { context.line("Moved \(move.from) -> \(move.to)") }
            context.line("Rewrote \(links) link\(links == 1 ? "" : "s") in \(rewritten.count) note\(rewritten.count == 1 ? "" : "s")")
        }
        return report.conflicts.isEmpty ? 0 : 3
    }
}

/// A plan, or what applying it did, for `--json`.
struct PlanSummary: Encodable {
    struct Edit: Encodable {
        let path: String
        let changes: [LinkChange]
    }

    let applied: Bool
    let moves: [FileMove]
    let edits: [Edit]
    let sidecars: [FileMove]
    let skipped: [VaultWarning]
    /// Files left alone while applying, and why.
    let conflicts: [VaultWarning]

    init(_ plan: RenamePlan, report: ChangeReport? = nil) {
        applied = report.map { $0.moved > 0 || plan.moves.isEmpty } ?? false
        let leftAlone = Set((report?.conflicts ?? []).map(\.path))
        moves = plan.moves
        edits = plan.edits.filter { !leftAlone.contains($0.path) }.map { Edit(path: $0.path, changes: $0.changes) }
        sidecars = plan.sidecarMoves
        skipped = plan.skipped
        conflicts = report?.conflicts ?? []
    }
}

extension String {
    /// The text without its final line break, `\n` or `\r\n` (one character to Swift).
    func trimmingSuffixNewline() -> String {
        last == "\n" || last == "\r\n" ? String(dropLast()) : self
    }
}
