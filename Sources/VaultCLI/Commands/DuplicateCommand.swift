import VaultKit

/// `vault duplicate NOTE`: a copy of a note beside it, as ZenNotes' Duplicate makes.
enum DuplicateCommand: Command {
    static let name = "duplicate"
    static let summary = "copy a note beside it, titled \"<title> copy\" (or --title), and print its path"
    static let usage = "NOTE"
    static let discussion = """
        The copy has the note's bytes, but for its title heading (when the title comes from
        it), which takes the new title. It is named after the title (`T copy 2` when `T copy`
        is taken) and never replaces a file. Comments stay with the original.
        """
    static let title = Option<String?>("--title", value: "TITLE", help: "the copy's title (and file name)")
    static let dryRun = CommonOptions.dryRun.withHelp("print the new note as a diff, write nothing")
    static let options: [any DeclaredOption] = [title, dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let name = try arguments.required("NOTE")
        try arguments.finish()
        let vault = try context.vault()
        let note = try context.note(named: name, in: vault)
        let copy = try vault.duplicate(note, title: arguments[title], dryRun: arguments[dryRun])
        if arguments[dryRun] {
            if context.json { try context.emit(Duplicated(from: note.path, path: copy.path, applied: false)) } else {
                context.line(copy.diff().trimmingSuffixNewline())
            }
            return 0
        }
        context.recordUse(notes: [copy.path])
        if context.json { try context.emit(Duplicated(from: note.path, path: copy.path, applied: true)) } else { context.line(copy.path) }
        return 0
    }

    /// What `--json` prints: the original, the copy, and whether it was written.
    struct Duplicated: Encodable {
        let from: String
        let path: String
        let applied: Bool
    }
}
