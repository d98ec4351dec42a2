import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// Code actions: create the missing note of a dangling link, as `vault new` would write it.
extension LanguageServer {
    func codeActions(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .array([]) }
        let (document, path) = try document(params)
        guard let start = document.offset(of: params?["range"]?["start"]), let end = document.offset(of: params?["range"]?["end"]) else {
            throw .invalidParams("range is missing or past the end of \(document.uri)")
        }
        let operations = clientCapabilities?["workspace"]?["workspaceEdit"]?["resourceOperations"]?.arrayValue ?? []
        guard operations.contains(.string("create")) else { return .array([]) }
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
        return .array(actions)
    }
}
