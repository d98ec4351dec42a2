import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// Code actions that edit text: a task's state (as `vault task` changes it), an ambiguous
/// link made to name one file, and the selection moved into a new note. Each is an edit of
/// the text the server holds (the open document's, at its version), for the editor to apply.
extension LanguageServer {
    /// Start, finish, cancel or toggle the task on the line of `offset`; none on a line that
    /// holds no task.
    func taskActions(at offset: Int, in document: OpenDocument, path: String) -> [JSONValue] {
        guard let live else { return [] }
        let line = document.lines.position(of: offset).line + 1
        guard let task = live.vault.task(onLine: line, of: document.bytes, path: path) else { return [] }
        let reference = TaskReference(path: path, line: line, hash: task.hash)
        let titles: [(TaskAction, String)] = [
            (.start, "Start the task"), (.done, "Finish the task"), (.cancel, "Cancel the task"), (.toggle, "Toggle the task"),
        ]
        var actions: [JSONValue] = []
        for (action, title) in titles where action == .toggle || action.target(from: task.state) != task.state {
            // The plan is made from the text the editor holds, unsaved changes and all: the
            // file on disk may say otherwise while the buffer is dirty.
            guard let plan = try? live.vault.planTaskEdit(reference, action: action, today: today(), text: document.bytes), !plan.isEmpty
            else { continue }
            actions.append(.members([
                "title": .string(title),
                "kind": .string("refactor.rewrite"),
                "edit": .members(["documentChanges": .array([spanEdit(of: path, from: plan.rewrite.before, to: plan.rewrite.after)])]),
            ]))
        }
        return actions
    }

    /// For each ambiguous link in the range, one action per file it may mean, rewriting its
    /// target to name that file alone.
    func qualifyActions(_ range: Range<Int>, in document: OpenDocument, path: String) -> [JSONValue] {
        guard let live else { return [] }
        var actions: [JSONValue] = []
        for problem in live.problems(in: path) where problem.kind == .ambiguous {
            let link = problem.link
            guard link.range.lowerBound <= range.upperBound && range.lowerBound <= link.range.upperBound,
                link.targetRange.upperBound <= document.bytes.count
            else { continue }
            for qualification in live.qualifications(of: link, in: path) {
                var after = document.bytes
                after.replaceSubrange(link.targetRange, with: Array(qualification.target.utf8))
                actions.append(.members([
                    "title": .string("Link to \(qualification.path)"),
                    "kind": .string("quickfix"),
                    "diagnostics": .array([.members([
                        "range": .range(link.range, in: document.lines), "message": .string(problem.message), "source": .string("vault"),
                    ])]),
                    "edit": .members(["documentChanges": .array([spanEdit(of: path, from: document.bytes, to: after)])]),
                ]))
            }
        }
        return actions
    }

    /// Moves a selection into a new note, created as `vault new` writes it and titled by the
    /// selection's first line, and leaves a link to it in its place: one edit that creates
    /// the file, writes it, and changes the document.
    func extractActions(_ range: Range<Int>, in document: OpenDocument, path: String) -> [JSONValue] {
        guard let live, !range.isEmpty else { return [] }
        let selected = Array(document.bytes[range])
        let text = String(decoding: selected, as: UTF8.self)
        // `\r\n` is one character to Swift: lines end at either.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard let first = lines.first(where: { !$0.trimmingWhitespace().isEmpty }) else { return [] }
        let isHeading = first.trimmingWhitespace().hasPrefix("#")
        let title = String(first.drop(while: { $0 == "#" || $0 == " " || $0 == "\t" })).trimmingWhitespace()
        guard !title.isEmpty, let created = try? NoteAuthoring(vault: live.vault).create(title: title, dryRun: true) else { return [] }
        // A heading's line is the title the new note already has; any other line stays text.
        var body = isHeading ? lines.drop(while: { $0 != first }).dropFirst().joined(separator: "\n") : text
        body = String(body.drop(while: { $0 == "\n" || $0 == "\r\n" }))
        if !body.isEmpty && body.last != "\n" && body.last != "\r\n" { body += "\n" }
        let stem = NoteFiles.stem(created.path.fileName)
        let target = live.vault.isLogseqGraph || live.resolve(wikilinkTarget: stem, from: path).path == nil
            ? (live.vault.isLogseqGraph ? title : stem) : NoteFiles.stem(created.path)
        // The selection's own line break, kept after the link that takes its place.
        let link = "[[" + target + "]]" + (text.last == "\r\n" ? "\r\n" : text.last == "\n" ? "\n" : "")
        var after = document.bytes
        after.replaceSubrange(range, with: Array(link.utf8))
        let uri = DocumentURI.uri(of: live.vault.absolutePath(created.path))
        let zero: JSONValue = .members(["start": .position((0, 0)), "end": .position((0, 0))])
        let contents = String(decoding: created.after, as: UTF8.self) + body
        return [.members([
            "title": .string("Move the selection to \(created.path)"),
            "kind": .string("refactor.extract"),
            "edit": .members(["documentChanges": .array([
                .members(["kind": .string("create"), "uri": .string(uri), "options": .members(["ignoreIfExists": .bool(false)])]),
                .members([
                    "textDocument": .members(["uri": .string(uri), "version": .null]),
                    "edits": .array([.members(["range": zero, "newText": .string(contents)])]),
                ]),
                spanEdit(of: path, from: document.bytes, to: after),
            ])]),
        ])]
    }
}

extension StringProtocol {
    /// The text without spaces, tabs and carriage returns at either end.
    func trimmingWhitespace() -> String {
        let blank: Set<Character> = [" ", "\t", "\r"]
        return String(String(self).drop(while: { blank.contains($0) }).reversed().drop(while: { blank.contains($0) }).reversed())
    }
}
