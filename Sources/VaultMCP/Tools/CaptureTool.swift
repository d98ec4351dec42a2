import VaultKit

/// `capture`: a thought or a link into `quick/` (or `inbox/`), as `vault capture` files it.
enum CaptureTool: MCPTool {
    static let name = "capture"
    static let title = "Capture a thought or a link"
    static let summary = """
        Files text as a new note in quick/ (or inbox/), titled by the title given, a link's host or the first line. \
        A link already captured is not captured twice: the answer names the note that holds it (alreadyCaptured).
        """
    static let writes = true
    static let input = ToolSchema([
        .required("text", .string, "the text, kept as it is"),
        .optional("title", .string, "the note's title (and file name)"),
        .optional("inbox", .boolean, "capture into inbox/ instead of quick/"),
        .optional("tags", .strings, "tags for the note"),
        .optional("force", .boolean, "capture a link again even if the vault holds it"),
    ])
    static let output = ToolSchema.output([("path", "string"), ("title", "string"), ("alreadyCaptured", "boolean"), ("addedTags", "array")])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let result = try Capture(vault: session.vault).capture(
            Array(arguments.required("text").utf8), title: arguments.string("title"), to: arguments.bool("inbox") ? .inbox : .quick,
            tags: arguments.strings("tags").map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }, force: arguments.bool("force"))
        let text = result.alreadyCaptured ? "already captured in \(result.path)" : "captured in \(result.path)"
        return try ToolResult(text: text, encoding: result)
    }
}

/// `append`: text added at the end of a note (or after its title), as `vault append` and `vault prepend` add it.
enum AppendTool: MCPTool {
    static let name = "append"
    static let title = "Add text to a note"
    static let summary = "Adds text as new lines at the end of a note, or with atStart after its frontmatter and title. The answer has the change as a diff."
    static let writes = true
    static let input = ToolSchema([
        .required("note", .string, "the note: a path, a path without .md, a title or an alias"),
        .required("text", .string, "the lines to add"),
        .optional("atStart", .boolean, "add after the frontmatter and title instead of at the end"),
    ])
    static let output = ToolSchema.output([("path", "string"), ("position", "string"), ("diff", "string")])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let atStart = arguments.bool("atStart")
        let change = try NoteAuthoring(vault: session.vault).add(arguments.required("text"), to: arguments.required("note"), atStart: atStart)
        struct Added: Encodable {
            let path: String
            let position: String
            let diff: String
        }
        let diff = change.diff()
        return try ToolResult(text: diff, encoding: Added(path: change.path, position: atStart ? "start" : "end", diff: diff))
    }
}

/// `create_note`: a new page, as `vault new` makes it.
enum CreateNoteTool: MCPTool {
    static let name = "create_note"
    static let title = "Create a note"
    static let summary = "Creates a page named after a title (in pages/ unless folder), starting with `# title`, optionally with text after it."
    static let writes = true
    static let input = ToolSchema([
        .required("title", .string, "the title; the file name is made from it (T 2 when taken)"),
        .optional("folder", .string, "the folder (default pages/)"),
        .optional("template", .string, "a template in .zennotes/templates/"),
        .optional("text", .string, "text to add after the title"),
    ])
    static let output = ToolSchema.output([("path", "string")])

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let authoring = NoteAuthoring(vault: session.vault)
        let change = try authoring.create(title: arguments.required("title"), folder: arguments.string("folder"), template: arguments.string("template"))
        if let text = arguments.string("text"), !text.isEmpty { _ = try authoring.add(text, to: change.path) }
        struct Created: Encodable { let path: String }
        return try ToolResult(text: "created \(change.path)", encoding: Created(path: change.path))
    }
}
