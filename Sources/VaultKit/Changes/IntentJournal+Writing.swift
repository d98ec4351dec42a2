import FoundationEssentials
import VaultSystem

/// The journal's file, written as it is made: each file's new bytes go out in base64 a
/// piece at a time, and nothing of the journal is held whole.
extension IntentJournal {
    /// Hands the journal's JSON to `write` in pieces of about a MiB; `IntentJournal.decode`
    /// reads it back.
    ///
    /// - Parameter patched: the new bytes of an edit held as a patch, made from its file as
    ///   they are written (and let go at once).
    public func write(_ write: ([UInt8]) throws -> Void, patched: (Edit) throws -> [UInt8]) throws {
        try withoutActuallyEscaping(write) { write in try self.write(into: JournalText(write: write), patched: patched) }
    }

    private func write(into out: JournalText, patched: (Edit) throws -> [UInt8]) throws {
        var out = out
        try out.raw("{\n  \"version\": \(version),\n  \"id\": ")
        try out.string(id)
        try out.raw(",\n  \"summary\": ")
        try out.string(summary)
        try out.raw(",\n  \"moves\": ")
        try out.array(moves) { out, move in try out.object(["from": move.from, "to": move.to]) }
        try out.raw(",\n  \"edits\": ")
        try out.array(edits) { out, edit in
            try out.object(["path": edit.path, "beforeHash": edit.beforeHash, "afterHash": edit.afterHash], after: edit.after ?? patched(edit))
        }
        try out.raw(",\n  \"sidecarMoves\": ")
        try out.array(sidecarMoves) { out, move in try out.object(["from": move.from, "to": move.to]) }
        try out.raw(",\n  \"emptiedFolders\": ")
        try out.array(emptiedFolders) { out, folder in try out.string(folder) }
        if let movedHashes {
            try out.raw(",\n  \"movedHashes\": {")
            for (position, (path, hash)) in movedHashes.sorted(by: { $0.key < $1.key }).enumerated() {
                try out.raw(position == 0 ? "\n    " : ",\n    ")
                try out.string(path)
                try out.raw(": ")
                try out.string(hash)
            }
            try out.raw(movedHashes.isEmpty ? "}" : "\n  }")
        }
        if let creates {
            try out.raw(",\n  \"creates\": ")
            try out.array(creates) { out, create in
                try out.object(["path": create.path, "afterHash": create.afterHash], permissions: create.permissions, after: create.after)
            }
        }
        if let removes {
            try out.raw(",\n  \"removes\": ")
            try out.array(removes) { out, remove in try out.object(["path": remove.path, "beforeHash": remove.beforeHash]) }
        }
        if let madeFolders {
            try out.raw(",\n  \"madeFolders\": ")
            try out.array(madeFolders) { out, folder in try out.string(folder) }
        }
        try out.raw("\n}\n")
        try out.flush()
    }
}

/// JSON text gathered into pieces of about a MiB for a writer.
private struct JournalText {
    let write: ([UInt8]) throws -> Void
    private var pending: [UInt8] = []
    private static let piece = 1 << 20

    init(write: @escaping ([UInt8]) throws -> Void) {
        self.write = write
        pending.reserveCapacity(Self.piece + 4096)
    }

    mutating func raw(_ text: String) throws {
        pending += text.utf8
        try flushIfFull()
    }

    /// A JSON string, escaped as every JSON file of `vault` escapes it.
    mutating func string(_ text: String) throws {
        pending += JSONValue.string(text).compactBytes()
        try flushIfFull()
    }

    /// Bytes as a base64 JSON string, encoded a piece at a time (a multiple of three bytes,
    /// so the pieces join into one base64 text).
    mutating func base64(_ bytes: [UInt8]) throws {
        pending.append(UInt8(ascii: "\""))
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 3 * (Self.piece / 4))
            pending += Data(bytes[start..<end]).base64EncodedData()
            try flushIfFull()
            start = end
        }
        pending.append(UInt8(ascii: "\""))
    }

    /// An object of string fields, then a file's permissions and its new bytes (as `after`)
    /// when given.
    mutating func object(_ fields: KeyValuePairs<String, String>, permissions: UInt32? = nil, after: [UInt8]? = nil) throws {
        for (position, (key, value)) in fields.enumerated() {
            try raw(position == 0 ? "{\"\(key)\": " : ", \"\(key)\": ")
            try string(value)
        }
        if let permissions { try raw(", \"permissions\": \(permissions)") }
        if let after {
            try raw(", \"after\": ")
            try base64(after)
        }
        try raw("}")
    }

    mutating func array<Item>(_ items: [Item], _ item: (inout JournalText, Item) throws -> Void) throws {
        try raw("[")
        for (position, value) in items.enumerated() {
            try raw(position == 0 ? "\n    " : ",\n    ")
            try item(&self, value)
        }
        try raw(items.isEmpty ? "]" : "\n  ]")
    }

    private mutating func flushIfFull() throws {
        if pending.count >= Self.piece { try flush() }
    }

    mutating func flush() throws {
        guard !pending.isEmpty else { return }
        try write(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
