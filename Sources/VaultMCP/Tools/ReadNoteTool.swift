import VaultKit

/// `read_note`: a note's text with line numbers, or a range of its lines, and its facts.
enum ReadNoteTool: MCPTool {
    static let name = "read_note"
    static let title = "Read a note"
    static let summary = """
        Reads a note (by path, path without .md, title or alias) as numbered lines, with its facts (title, aliases, tags, \
        headings, links, tasks). A long note comes in pages: the answer says the next line to ask for (nextLine).
        """
    static let input = ToolSchema([
        .required("note", .string, "the note: a path (pages/Idea.md), a path without .md, a title or an alias"),
        .optional("startLine", .integer, "the first line to read (default 1)"),
        .optional("endLine", .integer, "the last line to read (default: as many as fit)"),
    ])
    static let output = ToolSchema.output(
        [("path", "string"), ("title", "string"), ("startLine", "integer"), ("endLine", "integer"), ("totalLines", "integer"),
         ("text", "string"), ("nextLine", "integer"), ("facts", "object")],
        required: ["path", "title", "startLine", "endLine", "totalLines", "text", "facts"])

    /// How much text one answer holds before the rest is left to the next page.
    static let pageBytes = 64 << 10

    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult {
        let vault = session.vault
        let found = try vault.note(named: arguments.required("note"))
        let (note, bytes) = try vault.fullNote(found)
        let lines = NoteLines(bytes)
        let start = try arguments.int("startLine", otherwise: 1, in: 1...Int.max) ?? 1
        let end = try arguments.int("endLine", in: 1...Int.max)
        // A line past the note's end, or an end before the start, reads nothing: said as such.
        if start > max(lines.count, 1) {
            return .failure("\(note.path) has \(lines.count) line\(lines.count == 1 ? "" : "s"); startLine \(start) is past its end")
        }
        if let end, end < start { return .failure("endLine \(end) is before startLine \(start)") }
        let window = lines.window(from: start, to: end, budget: pageBytes)
        struct Read: Encodable {
            let path: String
            let title: String
            let startLine: Int
            let endLine: Int
            let totalLines: Int
            let text: String
            let nextLine: Int?
            let facts: Note
        }
        let read = Read(
            path: note.path, title: found.title, startLine: window.start, endLine: window.end, totalLines: lines.count,
            text: window.text, nextLine: window.next, facts: note)
        var text = "\(note.path) (\(found.title)), lines \(window.start)-\(window.end) of \(lines.count)\n" + window.numbered
        if let next = window.next { text += "\n(more: call again with startLine \(next))" }
        return try ToolResult(text: text, encoding: read)
    }
}

/// A note's text cut into lines (a final line break ends the last line, it opens none).
struct NoteLines {
    private let lines: [Substring]

    init(_ bytes: [UInt8]) {
        // Cut at each line feed byte: to Swift `\r\n` is one character, no `\n`, and a note
        // saved with Windows line breaks was one line. A line keeps its `\r`, as stored.
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring(decoding: $0, as: UTF8.self) }
        if bytes.last == 0x0A { lines.removeLast() }
        self.lines = lines
    }

    var count: Int { lines.count }

    /// Lines `start` through `end` (or as many as `budget` bytes hold, at least one), their
    /// text as stored and numbered, and the line after them when the note goes on.
    func window(from start: Int, to end: Int?, budget: Int) -> (start: Int, end: Int, text: String, numbered: String, next: Int?) {
        let last = min(end ?? lines.count, lines.count)
        guard start <= last else { return (start, start - 1, "", "", nil) }
        var text = ""
        var numbered = ""
        var line = start
        while line <= last {
            let body = lines[line - 1]
            if line > start && text.utf8.count + body.utf8.count > budget { break }
            text += body + "\n"
            numbered += "\(line)\t\(body.hasSuffix("\r") ? body.dropLast() : body)\n"
            line += 1
        }
        return (start, line - 1, text, numbered, line <= last ? line : nil)
    }
}
