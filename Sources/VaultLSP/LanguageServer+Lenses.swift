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
        let count = live.backlinks(to: path).count
        return .array([.members([
            "range": Self.lineRange(title.line, in: document.lines),
            "command": .members(["title": .string("\(count) backlink\(count == 1 ? "" : "s")"), "command": .string("")]),
        ])])
    }

    /// Asks a client that offers it to report changes to the vault's notes made by other
    /// programs (`workspace/didChangeWatchedFiles`), so a note edited elsewhere is seen.
    func registerFileWatching(_ capabilities: JSONValue?) {
        guard capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true else { return }
        let watchers: JSONValue = .array(["**/*.md", "**/*.markdown"].map { .members(["globPattern": .string($0)]) })
        send(.request(id: .string("vault-watch"), method: "client/registerCapability", params: .members([
            "registrations": .array([.members([
                "id": .string("vault-watch"), "method": .string("workspace/didChangeWatchedFiles"),
                "registerOptions": .members(["watchers": watchers]),
            ])]),
        ])))
    }
}
