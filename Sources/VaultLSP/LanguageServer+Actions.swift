import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// Code actions: create the missing note of a dangling link, as `vault new` would write it;
/// change the task on the cursor's line; qualify an ambiguous link; move the selection into a
/// note of its own.
extension LanguageServer {
    func codeActions(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard live != nil else { return .array([]) }
        let (document, path) = try document(params)
        guard let start = document.offset(of: params?["range"]?["start"]), let end = document.offset(of: params?["range"]?["end"]),
            start <= end
        else {
            throw .invalidParams("range is missing, past the end of \(document.uri) or ends before it starts")
        }
        var actions = taskActions(at: start, in: document, path: path) + qualifyActions(start..<end, in: document, path: path)
        if clientCanCreateFiles {
            actions += createActions(start..<end, in: document, path: path)
            actions += extractActions(start..<end, in: document, path: path)
        }
        return .array(actions)
    }

    /// True when the client applies edits that create files.
    var clientCanCreateFiles: Bool {
        (clientCapabilities?["workspace"]?["workspaceEdit"]?["resourceOperations"]?.arrayValue ?? []).contains(.string("create"))
    }

    /// Creates the missing note of a dangling wikilink in the range.
    private func createActions(_ range: Range<Int>, in document: OpenDocument, path: String) -> [JSONValue] {
        guard let live else { return [] }
        let (start, end) = (range.lowerBound, range.upperBound)
        var actions: [JSONValue] = []
        for problem in live.problems(in: path) where problem.kind == .dangling {
            let link = problem.link
            guard link.range.lowerBound <= end && start <= link.range.upperBound, link.form == .wikilink || link.form == .frontmatter else { continue }
            let target = link.target.trimmed()
            let slash = target.lastIndex(of: "/")
            let title = slash.map { String(target[target.index(after: $0)...]) } ?? target
            let folder = slash.map { String(target[..<$0]) }
            guard let created = try? NoteAuthoring(vault: live.vault).create(title: title, folder: folder, dryRun: true),
                live.resolve(wikilinkTarget: target, from: path).path == nil
            else { continue }
            let uri = DocumentURI.uri(of: live.vault.absolutePath(created.path))
            let zero: JSONValue = .members(["start": .position((0, 0)), "end": .position((0, 0))])
            actions.append(.members([
                "title": .string("Create \(created.path)"),
                "kind": .string("quickfix"),
                "diagnostics": .array([.members([
                    "range": .range(link.range, in: document.lines), "message": .string(problem.message), "source": .string("vault"),
                ])]),
                "edit": .members(["documentChanges": .array([
                    .members(["kind": .string("create"), "uri": .string(uri), "options": .members(["ignoreIfExists": .bool(true)])]),
                    .members([
                        "textDocument": .members(["uri": .string(uri), "version": .null]),
                        "edits": .array([.members(["range": zero, "newText": .string(String(decoding: created.after, as: UTF8.self))])]),
                    ]),
                ])]),
            ]))
        }
        return actions
    }
}
