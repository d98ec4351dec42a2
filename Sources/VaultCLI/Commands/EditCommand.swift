import VaultKit

/// `vault edit NOTE[:LINE]` or `vault edit REF`: a note in the person's editor, at a line.
enum EditCommand: Command {
    static let name = "edit"
    static let summary = "open a note (NOTE, NOTE:LINE or a task's REF) in $VISUAL or $EDITOR, at the line"
    static let usage = "NOTE[:LINE] | REF"
    static let discussion = """
        NOTE is a path, a path without .md, a title or an alias; NOTE:LINE opens it at LINE. REF
        is a task's reference as `vault tasks` prints it (PATH:LINE@HASH), refused (exit 3) when
        the line no longer holds that task. The editor is $VISUAL, else $EDITOR, else vi, run
        through the shell (EDITOR="code --wait" works). The line is given as +N to vi, vim,
        nvim, nano, emacs, kak, micro and helix (hx), as --goto FILE:N to code and codium, as
        FILE:N to subl and zed; other editors get the file alone. Needs a terminal: without one
        (standard input or output a pipe or a file) it refuses with exit 2. Exits 1 when the
        editor fails or is not found.
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let name = try arguments.required("NOTE")
        try arguments.finish()
        let vault = try context.vault()
        let location: EditLocation
        do {
            location = try find(name, in: vault, context)
        } catch let error as TaskError {
            context.error(error.description, hint: error.hint)
            return error.exitCode
        }
        try context.requireTerminal(for: "vault edit")
        try context.editNote(location.path, line: location.line, in: vault)
        return 0
    }

    private static func find(_ name: String, in vault: Vault, _ context: Context) throws -> EditLocation {
        guard context.stderrIsTerminal && !context.quiet else { return try vault.editLocation(of: name) }
        let progress = Progress("reading notes")
        defer { progress.finish() }
        return try vault.editLocation(of: name) { progress.update($0, $1) }
    }
}
