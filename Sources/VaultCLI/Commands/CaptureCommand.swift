import FoundationEssentials
import VaultKit

/// `vault capture [TEXT...]`: a thought or a link into `quick/` in one command.
enum CaptureCommand: Command {
    static let name = "capture"
    static let summary = "capture text or a link into quick/ (or --inbox); reads stdin without TEXT"
    static let usage = "[TEXT...]"
    static let discussion = """
        TEXT, or standard input when TEXT is absent or `-` (pbpaste | vault capture). The text is
        kept byte for byte, with a final line break added when it has none. Title: --title, else
        a link's host (and its page's path when a note is named after the host already), else the
        first line (60 characters at most), else `Quick Note <date> <time>`. A link the capture folders already
        hold is not captured twice: vault says where it is, adds new --tag values to it and
        exits 0 (--force captures anyway). Prints the new note's path.
        """
    static let inbox = Option<Bool>(flag: "--inbox", help: "capture into inbox/ instead of quick/")
    static let journal = Option<Bool>(
        flag: "--journal", help: "append to today's journal instead (VAULT_TODAY=YYYY-MM-DD sets today)")
    static let title = Option<String?>("--title", value: "TITLE", help: "the note's title (and file name)")
    static let tag = Option<[String]>(list: "--tag", value: "TAGS", help: "tags, comma-separated or repeated")
    static let force = Option<Bool>(flag: "--force", help: "capture a link again even if the vault holds it")
    static let dryRun = CommonOptions.dryRun.withHelp("print the note it would make as a diff, write nothing")
    static let open = Option<Bool>(flag: "--open", help: "open the note in $VISUAL or $EDITOR, at its last line")
    static let options: [any DeclaredOption] = [inbox, journal, title, tag, force, dryRun, open]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let words = arguments.rest()
        try arguments.finish()
        let opens = arguments[open] && !arguments[dryRun]
        // Refused before anything is read or written, so a refused run leaves the vault as it was.
        if opens { try context.requireTerminal(for: "vault capture --open") }
        let bytes = try context.text(words)
        let vault = try context.vault()
        if arguments[journal] {
            if arguments[inbox] || arguments[title] != nil || !arguments[tag].isEmpty {
                throw UsageError("--journal goes without --inbox, --title and --tag")
            }
            let result = try Capture(vault: vault).captureToJournal(bytes, day: try context.today(), dryRun: arguments[dryRun])
            if !arguments[dryRun] { context.recordUse(notes: [result.path]) }
            if context.json { try context.emit(result) } else { context.line(result.diff?.trimmingSuffixNewline() ?? result.path) }
            if opens { try context.editNote(result.path, line: vault.lastLine(of: result.path), in: vault) }
            return 0
        }
        let result = try Capture(vault: vault).capture(
            bytes, title: arguments[title], to: arguments[inbox] ? .inbox : .quick,
            tags: arguments[tag].map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 },
            force: arguments[force], dryRun: arguments[dryRun])
        if !arguments[dryRun] {
            // A link's tags are remembered by its host, where they rank first next time.
            let host = Capture.linkHost(of: String(decoding: bytes, as: UTF8.self))
            context.recordUse(notes: [result.path], tags: arguments[tag], host: host)
        }
        if context.json {
            try context.emit(result)
        } else if result.alreadyCaptured {
            let tags = result.addedTags.isEmpty ? "" : " (added tags: \(result.addedTags.joined(separator: ", ")))"
            context.warn("already captured in \(result.path)\(tags)")
            context.line(result.path)
        } else {
            context.line(result.diff?.trimmingSuffixNewline() ?? result.path)
        }
        if opens { try context.editNote(result.path, line: vault.lastLine(of: result.path), in: vault) }
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
        The page starts with `# TITLE`, or with --template T: T.md in Obsidian's template folder
        (`folder` of .obsidian/templates.json) or in .zennotes/templates/, with {{title}},
        {{date}}, {{time}}, {{date:FORMAT}} and {{time:FORMAT}} (Obsidian's moment tokens:
        YYYY-MM-DD, dddd, MMMM Do, HH:mm, [text]) and Logseq's <% today %>, <% time %> and
        <% current page %> filled in; anything else in braces stays as it is.
        """
    static let folder = Option<String?>("--folder", value: "FOLDER", help: "the folder (default: pages/)")
    static let template = Option<String?>("--template", value: "NAME", help: "start from template NAME (Obsidian's template folder, then .zennotes/templates/)")
    static let dryRun = CommonOptions.dryRun.withHelp("print the page it would make as a diff, write nothing")
    static let open = CaptureCommand.open
    static let options: [any DeclaredOption] = [folder, template, dryRun, open]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let title = try arguments.required("TITLE")
        try arguments.finish()
        let opens = arguments[open] && !arguments[dryRun]
        // Refused before the page is made, so a refused run writes nothing.
        if opens { try context.requireTerminal(for: "vault new --open") }
        let vault = try context.vault()
        let change = try NoteAuthoring(vault: vault).create(
            title: title, folder: arguments[folder], template: arguments[template], dryRun: arguments[dryRun])
        if !arguments[dryRun] { context.recordUse(notes: [change.path]) }
        if context.json {
            struct Created: Encodable { let path: String }
            try context.emit(Created(path: change.path))
        } else {
            context.line(arguments[dryRun] ? change.diff().trimmingSuffixNewline() : change.path)
        }
        if opens { try context.editNote(change.path, line: vault.lastLine(of: change.path), in: vault) }
        return 0
    }
}

/// `vault append NOTE TEXT`.
enum AppendCommand: Command {
    static let name = "append"
    static let summary = "add TEXT (or stdin with -) as new lines at the end of a note"
    static let usage = "NOTE TEXT..."
    static let dryRun = CommonOptions.dryRun.withHelp("print the change as a diff, write nothing")
    static let options: [any DeclaredOption] = [dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try add(&arguments, context, atStart: false)
    }

    static func add(_ arguments: inout Arguments, _ context: Context, atStart: Bool) throws -> Int32 {
        let note = try arguments.required("NOTE")
        let words = arguments.rest()
        try arguments.finish()
        if words.isEmpty { throw UsageError("missing TEXT (use - to read standard input)") }
        let text = String(decoding: try context.text(words), as: UTF8.self)
        let change = try NoteAuthoring(vault: context.vault()).add(
            text, to: note, atStart: atStart, dryRun: arguments[dryRun])
        if arguments[dryRun] && !context.json {
            context.line(change.diff().trimmingSuffixNewline())
        } else if context.json {
            try context.emit(Added(change, text: text, atStart: atStart, dryRun: arguments[dryRun]))
        } else if !context.quiet {
            context.line(change.path)
        }
        return 0
    }

    /// What `--json` prints for text added to a note: the note, where, what, and whether it
    /// was written.
    struct Added: Encodable {
        let path: String
        let position: String
        let text: String
        let applied: Bool

        init(_ change: NoteRewrite, text: String, atStart: Bool, dryRun: Bool) {
            path = change.path
            position = atStart ? "start" : "end"
            self.text = text
            applied = !dryRun
        }
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
