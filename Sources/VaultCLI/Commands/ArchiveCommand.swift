import FoundationEssentials
import VaultKit

/// `vault archive|unarchive|trash|restore NOTE`: moves that keep the original subpath.
enum LifecycleCommand {
    static let dryRun = CommonOptions.dryRun.withHelp("print what would move, change nothing")
    static let options: [any DeclaredOption] = [dryRun]
    /// For the moves that rewrite links.
    static let rewritingOptions = options + [CommonOptions.skipUnavailable]

    /// Plans and carries out `action` on the note named; `skipUnavailable` for the moves that
    /// rewrite links (the others take no such option).
    static func run(
        _ action: NoteLifecycle.Action, _ arguments: inout Arguments, _ context: Context, skipUnavailable: Bool = false
    ) throws -> Int32 {
        let name = try arguments.required("NOTE")
        try arguments.finish()
        let lifecycle = NoteLifecycle(vault: try context.vault(), skipUnavailable: skipUnavailable)
        var outcome = try lifecycle.plan(action, name)
        guard let move = outcome.plan.moves.first else { return 1 }
        for warning in outcome.plan.skipped { context.warn(warning.description) }
        if outcome.renamed { context.warn("\(LinkIndex.folderName(of: move.to)) already has that name; the note becomes \(move.to)") }
        if arguments[dryRun] {
            if context.json { try context.emit(PlanSummary(outcome.plan)) } else {
                try outcome.plan.writeDiff(reading: lifecycle.vault) { context.raw($0) }
            }
            return 0
        }
        outcome = try lifecycle.apply(outcome, action: action, executor: context.changeExecutor(lifecycle.vault))
        let report = outcome.report
        if let report { context.report(report, recovered: false) }
        if let problem = outcome.recordProblem { context.warn(context.relativeToVault(problem)) }
        let moved = report.map { $0.moved > 0 } ?? true
        let status: Int32 = report?.conflicts.isEmpty ?? true ? 0 : 3
        if context.json {
            struct Moved: Encodable {
                let from: String
                let to: String
                let moved: Bool
                let links: Int
                let conflicts: [VaultWarning]
            }
            try context.emit(Moved(from: move.from, to: move.to, moved: moved, links: outcome.links, conflicts: report?.conflicts ?? []))
            return status
        }
        guard moved else {
            context.line("Nothing was moved.")
            return status
        }
        context.line("\(move.from) -> \(move.to)")
        if action == .trash && outcome.links > 0 {
            context.warn("\(outcome.links) link\(outcome.links == 1 ? "" : "s") to it now dangle; `vault restore` heals them")
        }
        if action == .restore && outcome.links > 0 {
            context.line("\(outcome.links) link\(outcome.links == 1 ? " to it resolves" : "s to it resolve") again")
        }
        return status
    }
}

enum ArchiveCommand: Command {
    static let name = "archive"
    static let summary = "move a note to archive/, keeping its subpath (pages/a.md -> archive/pages/a.md)"
    static let usage = "NOTE"
    static let options = LifecycleCommand.rewritingOptions
    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try LifecycleCommand.run(.archive, &arguments, context, skipUnavailable: arguments[CommonOptions.skipUnavailable])
    }
}

enum UnarchiveCommand: Command {
    static let name = "unarchive"
    static let summary = "move an archived note back where it came from"
    static let usage = "NOTE"
    static let options = LifecycleCommand.rewritingOptions
    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try LifecycleCommand.run(.unarchive, &arguments, context, skipUnavailable: arguments[CommonOptions.skipUnavailable])
    }
}

enum RestoreCommand: Command {
    static let name = "restore"
    static let summary = "move a note out of the trash, back where it came from"
    static let usage = "NOTE"
    static let discussion = """
        NOTE is the note's path in the trash, the path it had before it was trashed, or its
        title. It goes back where it was trashed from (`T 2` when that name is taken now).
        """
    static let options = LifecycleCommand.options
    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try LifecycleCommand.run(.restore, &arguments, context)
    }
}

/// `vault trash NOTE`, `vault trash --list`, `vault trash --empty`.
enum TrashCommand: Command {
    static let name = "trash"
    static let summary = "move a note to trash/ (it moves, nothing is deleted); --list, --empty"
    static let usage = "[NOTE]"
    static let discussion = """
        `vault trash NOTE` moves the note to trash/, keeping its subpath, and writes down when and
        from where in .zennotes/trash.json; links to it dangle until `vault restore`. `--list`
        shows the trash, most recently trashed first. `--empty` is the only command that deletes:
        it deletes the notes in trash/ (with --older-than, like 30d or 12h, only those trashed at
        least that long ago), asking first on a terminal; scripts must pass --yes. A note is aged
        by when it was trashed, never by when its text was edited; for one trashed by another
        app, by when its file entered the trash as far as the file system can tell (its
        status-change time), and a note whose age cannot be told is never deleted by --older-than.
        """
    static let list = Option<Bool>(flag: "--list", help: "list the notes in the trash, most recently trashed first")
    static let empty = Option<Bool>(flag: "--empty", help: "delete the notes in the trash")
    static let olderThan = Option<String?>(
        "--older-than", value: "AGE", help: "with --list or --empty: only notes trashed at least AGE ago (30d, 12h, 90m, 2w)")
    static let yes = Option<Bool>(flag: "--yes", help: "with --empty: do not ask")
    static let options = LifecycleCommand.options + [list, empty, olderThan, yes]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        guard arguments[list] || arguments[empty] else {
            if arguments[olderThan] != nil || arguments[yes] {
                throw UsageError("--older-than and --yes go with --list or --empty")
            }
            return try LifecycleCommand.run(.trash, &arguments, context)
        }
        try arguments.finish()
        let age = try arguments[olderThan].map(parseAge)
        let bin = TrashBin(vault: try context.vault())
        let contents = try bin.contents(olderThan: age)
        for warning in contents.warnings { context.warn(warning.description) }
        let items = contents.items
        if arguments[list] {
            if context.json { try context.emit(items) } else {
                context.columns(items.map(row))
            }
            return items.isEmpty ? 1 : 0
        }
        guard !items.isEmpty else {
            if context.json { try context.emit(Emptied(deleted: [], applied: false)) } else {
                context.line("The trash is empty\(age == nil ? "" : " of notes that old").")
            }
            return 0
        }
        if arguments[LifecycleCommand.dryRun] {
            if context.json {
                try context.emit(Emptied(deleted: items.map(\.path), applied: false))
                return 0
            }
            for item in items { context.line("delete \(item.path)") }
            context.line(try bin.emptyPlan(items, olderThan: age).diffText.trimmingSuffixNewline())
            return 0
        }
        guard arguments[yes] || context.confirm("Delete \(items.count) note\(items.count == 1 ? "" : "s") from the trash for good?") else {
            if context.stdinIsTerminal && context.stderrIsTerminal {
                context.line("Nothing deleted.")
                return 1
            }
            throw UsageError("emptying the trash deletes \(items.count) note\(items.count == 1 ? "" : "s") for good; pass --yes to confirm")
        }
        let count = try bin.empty(items, olderThan: age)
        if context.json {
            try context.emit(Emptied(deleted: items.map(\.path), applied: true))
            return 0
        }
        context.line("Deleted \(count) note\(count == 1 ? "" : "s") from the trash.")
        return 0
    }

    /// What `--json` prints for `--empty`: the notes deleted (or that would be, with
    /// --dry-run), and whether they were.
    struct Emptied: Encodable {
        let deleted: [String]
        let applied: Bool
    }

    /// A line of `--list`: the note, where it came from, and when it was trashed, with where
    /// that time comes from when it is not the record's.
    static func row(_ item: TrashBin.Item) -> [String] {
        let time = item.trashedAt.map(TrashRecord.format) ?? "trash time unknown"
        let row = [item.path, "from " + item.originalPath, time]
        return item.trashTimeSource == .statusChange ? row + ["(not recorded: when the file last changed)"] : row
    }

    /// `30d`, `12h`, `90m`, `2w` as seconds: a whole number above zero and a unit.
    static func parseAge(_ text: String) throws -> TimeInterval {
        let units: [Character: TimeInterval] = ["m": 60, "h": 3600, "d": 86400, "w": 604_800]
        let digits = text.dropLast()
        guard let unit = text.last, let seconds = units[unit], !digits.isEmpty, digits.count <= 9,
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits), count > 0
        else {
            throw UsageError("--older-than takes a whole number above 0 and a unit (m, h, d or w): 30d, 12h, 90m or 2w, not \"\(text)\"")
        }
        return TimeInterval(count) * seconds
    }
}
