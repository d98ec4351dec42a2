import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// Every note as a resource: `vault://` and its vault-relative path (percent-encoded where
/// a URI needs it), listed a page at a time, read whole, and a template for any path.
public struct NoteResources: Sendable {
    let vault: Vault
    let scans: ScanMemo
    /// Notes per page of `resources/list`.
    let pageSize: Int
    /// The notes per page unless a session asks for another number.
    public static let pageSize = 200
    static let scheme = "vault://"

    /// The URI of the note at `path`.
    static func uri(_ path: String) -> String {
        scheme + PercentEncoding.encodePath(path)
    }

    /// The vault-relative path a `vault://` URI names (`vault:///path` is taken too).
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix(scheme) else { return nil }
        var rest = String(uri.dropFirst(scheme.count))
        while rest.hasPrefix("/") { rest.removeFirst() }
        return PercentEncoding.strictDecode(rest)
    }

    /// One page of resources, from `cursor` (what the last page gave as `nextCursor`).
    func list(cursor: JSONValue?) throws(RPCError) -> JSONValue {
        var start = 0
        if let cursor, cursor != .null {
            guard let text = cursor.stringValue, let offset = Int(text), offset >= 0 else {
                throw .invalidParams("the cursor \(String(decoding: cursor.compactBytes(), as: UTF8.self)) is not one this server gave")
            }
            start = offset
        }
        let notes: [Note]
        do { notes = try scans.scan(.summary).notes } catch { throw .internalError(message(error)) }
        let page = notes.dropFirst(start).prefix(pageSize)
        var members: [(String, JSONValue)] = [("resources", .array(page.map(resource)))]
        if start + page.count < notes.count { members.append(("nextCursor", .string(String(start + page.count)))) }
        return .object(members)
    }

    private func resource(_ note: Note) -> JSONValue {
        .object([
            ("uri", .string(Self.uri(note.path))),
            ("name", .string(note.path)),
            ("title", .string(note.title)),
            ("mimeType", .string("text/markdown")),
            ("size", .number(String(note.size))),
            ("annotations", .object([("lastModified", .string(WallTime.iso8601(note.modified)))])),
        ])
    }

    /// The text of the note a URI names.
    func read(_ uri: JSONValue?) throws(RPCError) -> JSONValue {
        guard let text = uri?.stringValue else { throw .invalidParams("resources/read needs the resource's \"uri\"") }
        guard let path = Self.path(text), !path.isEmpty else {
            throw .invalidParams("\(text) is not a vault:// URI; resources/list gives the notes' URIs")
        }
        let bytes: [UInt8]
        do {
            guard let note = try NoteLookup(notes: scans.scan(.paths).notes).note(atPath: path) else {
                throw RPCError(code: -32002, message: "Resource not found: there is no note \(path)", data: .object([("uri", .string(text))]))
            }
            bytes = try vault.contents(of: note)
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError(code: -32002, message: message(error), data: .object([("uri", .string(text))]))
        }
        guard bytes.count <= MCPSession.outputLimit else {
            throw .invalidParams("\(path) holds \(bytes.count) bytes, over the limit of \(MCPSession.outputLimit): read it in pages with read_note")
        }
        var content: [(String, JSONValue)] = [("uri", .string(text)), ("mimeType", .string("text/markdown"))]
        if let string = String(validating: bytes, as: UTF8.self) {
            content.append(("text", .string(string)))
        } else {
            content.append(("blob", .string(Data(bytes).base64EncodedString())))
        }
        return .object([("contents", .array([.object(content)]))])
    }

    /// The URI of a subscription request and the path it names.
    static func subscribable(_ uri: JSONValue?, method: String) throws(RPCError) -> (uri: String, path: String) {
        guard let text = uri?.stringValue else { throw .invalidParams("\(method) needs the resource's \"uri\"") }
        guard let path = path(text), !path.isEmpty, !path.split(separator: "/").contains("..") else {
            throw .invalidParams("\(text) is not a vault:// URI of a note; resources/list gives the notes' URIs")
        }
        return (text, path)
    }

    /// The template any note's URI fits.
    func templates() -> JSONValue {
        .object([
            (
                "resourceTemplates",
                .array([
                    .object([
                        ("uriTemplate", .string(Self.scheme + "{+path}")),
                        ("name", .string("note")),
                        ("title", .string("A note by its vault-relative path")),
                        ("description", .string("A note of the vault, by its path from the vault's folder, such as pages/Idea.md")),
                        ("mimeType", .string("text/markdown")),
                    ])
                ])
            )
        ])
    }

    /// The command line's message for `error`, the vault's folder left out of its paths.
    func message(_ error: any Error) -> String {
        ((error as? any UserError)?.description ?? "\(error)").replacing(vault.root + "/", with: "")
    }
}
