import Foundation
import VaultKit

/// `vault capture [TEXT...]`: a thought or a link into `quick/` in one command.
enum CaptureCommand: Command {
    static let name = "capture"
    static let summary = "capture text or a link into quick/ (or --inbox); reads stdin without TEXT"
    static let usage = "[TEXT...]"
    static let discussion = """
        TEXT, or standard input when TEXT is absent or `-` (pbpaste | vault capture). The text is
        kept byte for byte. Title: --title, else a link's host, else the first line (60
        characters at most), else `Quick Note <date> <time>`. A link the capture folders already
        hold is not captured twice: vault says where it is, adds new --tag values to it and
        exits 0 (--force captures anyway). Prints the new note's path.
        """
    static let options = [
        OptionSpec("--inbox", help: "capture into inbox/ instead of quick/"),
        OptionSpec("--journal", help: "append to today's journal instead (VAULT_TODAY=YYYY-MM-DD sets today)"),
        OptionSpec("--title", value: "TITLE", help: "the note's title (and file name)"),
        OptionSpec("--tag", value: "TAGS", repeatable: true, help: "tags, comma-separated or repeated"),
        OptionSpec("--force", help: "capture a link again even if the vault holds it"),
        OptionSpec("--dry-run", help: "print where it would go, write nothing"),
    ]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let words = arguments.rest()
        try arguments.finish()
        let bytes = context.text(words)
        let vault = try context.vault()
        if arguments.flag("--journal") {
            if arguments.flag("--inbox") || arguments.option("--title") != nil || !arguments.list("--tag").isEmpty {
                throw UsageError("--journal goes without --inbox, --title and --tag")
            }
            let result = try Capture(vault: vault).captureToJournal(bytes, day: try context.today(), dryRun: arguments.flag("--dry-run"))
            if context.json { try context.emit(result) } else { context.line(result.path) }
            return 0
        }
        let result = try Capture(vault: vault).capture(
            bytes, title: arguments.option("--title"), to: arguments.flag("--inbox") ? .inbox : .quick,
            tags: arguments.list("--tag").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 },
            force: arguments.flag("--force"), dryRun: arguments.flag("--dry-run"))
        if context.json {
            try context.emit(result)
        } else if result.alreadyCaptured {
            let tags = result.addedTags.isEmpty ? "" : " (added tags: \(result.addedTags.joined(separator: ", ")))"
            context.warn("already captured in \(result.path)\(tags)")
            context.line(result.path)
        } else {
            context.line(result.path)
        }
        return 0
    }
}

/// `vault new TITLE`: a new page.
enum NewCommand: Command {
    static let name = "new"
    static let summary = "create a page named after TITLE (in pages/ or --folder) and print its path"
    static let usage = "TITLE"
    static let discussion = """
        The file name comes from the title (forbidden characters become -, `T 2` when taken).
        The page starts with `# TITLE`, or with --template T (.zennotes/templates/T.md, whose
        {{title}} and {{date}} are filled in).
        """
    static let options = [
        OptionSpec("--folder", value: "FOLDER", help: "the folder (default: pages/)"),
        OptionSpec("--template", value: "NAME", help: "a template in .zennotes/templates/"),
        OptionSpec("--dry-run", help: "print the path it would take, write nothing"),
    ]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let title = try arguments.required("TITLE")
        try arguments.finish()
        let change = try NoteAuthoring(vault: context.vault()).create(
            title: title, folder: arguments.option("--folder"), template: arguments.option("--template"),
            dryRun: arguments.flag("--dry-run"))
        if context.json {
            struct Created: Encodable { let path: String }
            try context.emit(Created(path: change.path))
        } else {
            context.line(change.path)
        }
        return 0
    }
}

/// `vault append NOTE TEXT`.
enum AppendCommand: Command {
    static let name = "append"
    static let summary = "add TEXT (or stdin with -) as new lines at the end of a note"
    static let usage = "NOTE TEXT..."
    static let options = [OptionSpec("--dry-run", help: "print the change as a diff, write nothing")]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try add(&arguments, context, atStart: false)
    }

    static func add(_ arguments: inout Arguments, _ context: Context, atStart: Bool) throws -> Int32 {
        let note = try arguments.required("NOTE")
        let words = arguments.rest()
        try arguments.finish()
        if words.isEmpty { throw UsageError("missing TEXT (use - to read standard input)") }
        let text = String(decoding: context.text(words), as: UTF8.self)
        let change = try NoteAuthoring(vault: context.vault()).add(
            text, to: note, atStart: atStart, dryRun: arguments.flag("--dry-run"))
        if arguments.flag("--dry-run") {
            context.line(change.diff().trimmingSuffixNewline())
        } else if !context.quiet {
            context.line(change.path)
        }
        return 0
    }
}

/// `vault prepend NOTE TEXT`.
enum PrependCommand: Command {
    static let name = "prepend"
    static let summary = "add TEXT (or stdin with -) after a note's frontmatter and title"
    static let usage = "NOTE TEXT..."
    static let options = AppendCommand.options

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try AppendCommand.add(&arguments, context, atStart: true)
    }
}
