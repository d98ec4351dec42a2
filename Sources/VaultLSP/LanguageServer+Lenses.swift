import VaultKit
import VaultRPC
import VaultSystem

/// The code lens on a note's title heading (how many links lead to the note), and file
/// watching asked of the client.
extension LanguageServer {
    func codeLens(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .array([]) }
        let (document, path) = try document(params)
        guard let title = live.facts(of: path)?.headings.first, title.level == 1 else { return .array([]) }
        let count = live.linkRanges(to: path).count
        return .array([.members([
            "range": Self.lineRange(title.line, in: document.lines),
            "command": .members([
                "title": .string("\(count) backlink\(count == 1 ? "" : "s")"), "command": .string("vault.backlinks"),
                "arguments": .array([.string(document.uri)]),
            ]),
        ])])
    }

    /// `vault.backlinks` with `[note]` (a URI or a vault-relative path), the lens's command:
    /// the notes that link to it, shown to the person and returned.
    func backlinksCommand(_ arguments: [JSONValue]) throws(RPCError) -> JSONValue {
        guard let live else { throw RPCError(code: Self.serverNotInitialized, message: "no vault is open") }
        guard arguments.count == 1, let name = arguments[0].stringValue else {
            throw .invalidParams("vault.backlinks takes one argument: the note (a URI or a path in the vault)")
        }
        guard let path = name.hasPrefix("file:") ? vaultPath(of: name) : name, live.note(at: path) != nil else {
            throw RPCError(code: Self.requestFailed, message: "\(name) is not a note of the vault")
        }
        var sources: [String] = []
        for link in live.linkRanges(to: path) where sources.last != link.source { sources.append(link.source) }
        let named = sources.prefix(10).joined(separator: ", ") + (sources.count > 10 ? " and \(sources.count - 10) more" : "")
        show(sources.isEmpty ? "no note links to \(path)" : "linked from \(named)", type: 3)
        return .array(sources.map(JSONValue.string))
    }

    /// Asks a client that offers it to report changes to the vault's notes made by other
    /// programs (`workspace/didChangeWatchedFiles`), so a note edited elsewhere is seen; of a
    /// client that does not, the kernel is asked (`refreshIfChanged`).
    func registerFileWatching(_ capabilities: JSONValue?) {
        guard capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true else {
            watch = live.map { FolderWatch(vault: $0.vault) }
            // The first answer only starts the watching: the vault was just read.
            _ = watch?.changed()
            // Waited on beside the editor's messages: a change on disk is said at once.
            channel.wake(on: watch?.readiness)
            return
        }
        let watchers: JSONValue = .array(["**/*.md", "**/*.markdown"].map { .members(["globPattern": .string($0)]) })
        send(.request(id: .string("vault-watch"), method: "client/registerCapability", params: .members([
            "registrations": .array([.members([
                "id": .string("vault-watch"), "method": .string("workspace/didChangeWatchedFiles"),
                "registerOptions": .members(["watchers": watchers]),
            ])]),
        ])))
    }

    /// For a client that reports no changes on disk: when the kernel says a folder of the
    /// vault changed, the vault is read again before the next message is answered (open
    /// documents keep their text), and the open documents' diagnostics are sent again.
    func refreshIfChanged() {
        guard let watch, let live, watch.changed() else { return }
        do {
            try live.refresh()
        } catch {
            log("cannot read the vault again: \(error)", type: 1)
        }
        publishDiagnostics()
    }
}
