import VaultKit
import VaultRPC
import VaultSystem

/// Document sync: the editor's buffers laid over the files, and the diagnostics of each.
extension LanguageServer {
    /// The vault-relative path of a `file:` URI inside the vault; nil for one outside it
    /// (or through a link that leads out).
    func vaultPath(of uri: String) -> String? {
        guard let live, let absolute = DocumentURI.path(of: uri) else { return nil }
        for root in [live.vault.root, realRoot].compactMap({ $0 }) where absolute.hasPrefix(root + "/") {
            let relative = String(absolute.dropFirst(root.count + 1))
            guard !relative.isEmpty, !relative.split(separator: "/").contains(where: { $0 == ".." }) else { return nil }
            guard (try? live.vault.checkInside(relative)) != nil else { return nil }
            return relative
        }
        return nil
    }

    /// The document a request is about: open, or read from its file.
    ///
    /// - Throws: `requestFailed` for a document outside the vault or one that cannot be read.
    func document(_ params: JSONValue?) throws(RPCError) -> (document: OpenDocument, path: String) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("textDocument.uri is missing") }
        guard let path = vaultPath(of: uri) else {
            throw RPCError(code: Self.requestFailed, message: "\(uri) is not a note of the vault at \(live?.vault.root ?? "")")
        }
        if let open = documents[uri] { return (open, path) }
        guard let live else { throw RPCError(code: Self.serverNotInitialized, message: "no vault is open") }
        do {
            let bytes = try live.text(of: path)
            return (OpenDocument(uri: uri, path: path, version: 0, text: String(decoding: bytes, as: UTF8.self)), path)
        } catch {
            throw Self.failure(error)
        }
    }

    /// The byte offset of the request's `position` in its document.
    func offset(_ params: JSONValue?, in document: OpenDocument) throws(RPCError) -> Int {
        guard let offset = document.offset(of: params?["position"]) else {
            throw .invalidParams("position is missing or past the end of \(document.uri)")
        }
        return offset
    }

    func didOpen(_ params: JSONValue?) throws(RPCError) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
            throw .invalidParams("didOpen needs textDocument.uri and textDocument.text")
        }
        let path = vaultPath(of: uri)
        let document = OpenDocument(uri: uri, path: path, version: item["version"]?.intValue ?? 0, text: text)
        documents[uri] = document
        guard let path, NoteFiles.isNoteName(path.split(separator: "/").last.map(String.init) ?? path) else { return }
        live?.setText(document.bytes, of: path)
        publishDiagnostics()
    }

    func didChange(_ params: JSONValue?) throws(RPCError) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else {
            throw .invalidParams("didChange for a document that is not open")
        }
        let changes = params?["contentChanges"]?.arrayValue ?? []
        var failure: RPCError?
        for change in changes where !(document.outOfStep && change["range"] != nil) {
            do { try document.apply(change) } catch {
                failure = error
                document.outOfStep = true
                break
            }
        }
        if let failure {
            // The editor's later changes are dropped too rather than applied to the wrong
            // text; its whole text (a reopen) mends the document.
            documents[uri] = document
            show("vault: \(failure.message); close and reopen the document")
            throw failure
        }
        document.version = params?["textDocument"]?["version"]?.intValue ?? document.version
        documents[uri] = document
        guard let path = document.path else { return }
        live?.setText(document.bytes, of: path)
        publishDiagnostics(for: [uri])
    }

    func didSave(_ params: JSONValue?) throws(RPCError) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("textDocument.uri is missing") }
        guard let path = vaultPath(of: uri) else { return }
        live?.fileChanged(path)
        publishDiagnostics()
    }

    func didClose(_ params: JSONValue?) throws(RPCError) {
        guard let uri = params?["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("textDocument.uri is missing") }
        let document = documents.removeValue(forKey: uri)
        guard let path = document?.path else { return }
        live?.dropText(of: path)
        send(.notification(method: "textDocument/publishDiagnostics", params: .members(["uri": .string(uri), "diagnostics": .array([])])))
        publishDiagnostics()
    }

    func didChangeWatchedFiles(_ params: JSONValue?) throws(RPCError) {
        for change in params?["changes"]?.arrayValue ?? [] {
            guard let uri = change["uri"]?.stringValue, let path = vaultPath(of: uri) else { continue }
            live?.fileChanged(path)
            // The buffer stays as it is (it wins while open); the person is told, since
            // saving it would replace what the other program wrote.
            if let open = documents.values.first(where: { $0.path == path }), let live,
                let saved = try? live.vault.fileSystem.readFile(live.vault.absolutePath(path)), saved != open.bytes
            {
                show("vault: \(path) changed on disk while it has unsaved changes in the editor; saving it replaces the other change", type: 2)
            }
        }
        publishDiagnostics()
    }

    /// Sends the problems of open documents (all of them by default): dangling and
    /// ambiguous links, as `vault check` reports them, and what sync tools left that bears on
    /// the note (links into conflict copies and to placeholders, its conflict copies, merge
    /// conflict markers, placeholders that may hide links to it), as `vault doctor` says it.
    func publishDiagnostics(for uris: [String]? = nil) {
        guard let live else { return }
        for uri in uris ?? Array(documents.keys).sorted() {
            guard let document = documents[uri], let path = document.path else { continue }
            let sync = live.syncProblems(in: path)
            // A link into a conflict copy is dangling too; it is reported once, as what it is.
            let copyLinks = Set(sync.compactMap { $0.kind == .conflictCopyLink ? $0.link?.range.lowerBound : nil })
            var diagnostics = live.problems(in: path).filter { !copyLinks.contains($0.link.range.lowerBound) }.map { problem -> JSONValue in
                .members([
                    "range": .range(problem.link.range, in: document.lines),
                    "severity": .int(problem.kind == .dangling ? 2 : 3),
                    "code": .string(problem.kind == .dangling ? "dangling-link" : "ambiguous-link"),
                    "source": .string("vault"),
                    "message": .string(problem.message),
                ])
            }
            for problem in sync {
                let severity: Int
                switch problem.kind {
                case .conflictCopyLink, .mergeConflict: severity = 2
                case .placeholderLink, .conflictCopy: severity = 3
                case .hiddenLinks: severity = 4
                }
                diagnostics.append(.members([
                    "range": problem.link.map { .range($0.range, in: document.lines) } ?? Self.lineRange(problem.line, in: document.lines),
                    "severity": .int(severity),
                    "code": .string(problem.kind.rawValue),
                    "source": .string("vault"),
                    "message": .string(problem.message),
                ]))
            }
            send(.notification(
                method: "textDocument/publishDiagnostics",
                params: .members(["uri": .string(uri), "version": .int(document.version), "diagnostics": .array(diagnostics)])))
        }
    }
}
