import VaultRPC
import VaultSystem

/// A document the editor has open: its text as the editor holds it (saved or not) and the
/// version the editor gave it.
struct OpenDocument: Sendable {
    let uri: String
    /// The note's vault-relative path; nil for a document outside the vault, which is kept
    /// in step but answers nothing.
    let path: String?
    var version: Int
    private(set) var bytes: [UInt8]
    private(set) var lines: LineMap
    /// True after a change that could not be applied: later ranged changes would land on
    /// the wrong text, so they are dropped until the editor sends the whole text again.
    var outOfStep = false

    init(uri: String, path: String?, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.version = version
        bytes = Array(text.utf8)
        lines = LineMap(bytes)
    }

    /// Applies one `TextDocumentContentChangeEvent`: a range and its new text, or (without a
    /// range) the whole new text.
    ///
    /// - Throws: `invalidParams` for a change without text or with a range past the end of
    ///   the document; the text is then left as it was.
    mutating func apply(_ change: JSONValue) throws(RPCError) {
        guard let text = change["text"]?.stringValue else { throw .invalidParams("a content change needs its text") }
        guard let range = change["range"] else {
            bytes = Array(text.utf8)
            lines = LineMap(bytes)
            outOfStep = false
            return
        }
        guard let start = offset(of: range["start"]), let end = offset(of: range["end"]), start <= end else {
            throw .invalidParams("the change's range is past the end of \(uri) or ends before it starts; the document is left as it was")
        }
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        lines = LineMap(bytes)
    }

    /// The byte offset of an LSP `Position`; nil when it is not one or lies past the end.
    func offset(of position: JSONValue?) -> Int? {
        guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue else { return nil }
        return lines.offset(line: line, character: character)
    }
}
