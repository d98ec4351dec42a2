import VaultMarkdown
import VaultSystem

/// One note's new bytes, computed before anything is written: what `--dry-run` shows and
/// what is then written through the safe writer.
public struct NoteRewrite: Sendable {
    /// A line that changes: its old text (nil for a new line) and its new text.
    public struct LineChange: Sendable, Equatable, Codable {
        public var line: Int
        public var before: String?
        public var after: String?
    }

    /// The vault-relative path.
    public var path: String
    /// The bytes read (empty for a new note).
    public var before: [UInt8]
    public var after: [UInt8]
    /// True when the note does not exist yet and is created.
    public var isNew: Bool
    /// What was read; the write is refused when the file changed since.
    var snapshot: FileSnapshot

    /// True when writing would change nothing.
    public var isUnchanged: Bool { !isNew && before == after }

    /// The lines that differ, compared line by line (edits keep the line count; additions
    /// come at the end).
    ///
    /// Lines are compared as bytes and only changed ones become text: a note of millions of
    /// lines with one link changed makes two strings, not millions.
    public var changes: [LineChange] {
        var old = LineCursor(bytes: isNew ? nil : before)
        var new = LineCursor(bytes: after)
        var changes: [LineChange] = []
        var line = 0
        while true {
            let was = old.next()
            let now = new.next()
            if was == nil && now == nil { break }
            line += 1
            if let was, let now, before[was].elementsEqual(after[now]) { continue }
            changes.append(
                LineChange(line: line, before: was.map { before.utf8String($0) }, after: now.map { after.utf8String($0) }))
        }
        return changes
    }

    /// The lines of a note's bytes one by one, as `lines` splits them.
    private struct LineCursor {
        let bytes: [UInt8]?
        private var position = 0

        init(bytes: [UInt8]?) { self.bytes = bytes }

        /// The next line's bytes without `\n` or `\r\n`; nil after the last.
        mutating func next() -> Range<Int>? {
            guard let bytes, position <= bytes.count else { return nil }
            let start = position
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            // A final newline ends the last line; it does not start another.
            position = end < bytes.count && end + 1 < bytes.count ? end + 1 : bytes.count + 1
            return start..<(end > start && bytes[end - 1] == 0x0D ? end - 1 : end)
        }
    }

    /// The change for the executor: a no-overwrite create for a new note, else a replace
    /// that expects the note as it was read.
    public var change: Change {
        isNew ? .create(path, bytes: after) : .replace(path, expected: snapshot, before: before, after: after)
    }

    /// The change as a plan of one file.
    public func changePlan(_ summary: String) -> ChangePlan { ChangePlan([change], summary: summary) }

    /// The change as a unified diff (`git apply` takes it); empty when nothing changes.
    public func diff() -> String {
        changePlan("").diffText
    }

    /// Writes the new bytes through the executor: refused (exit 3) when the note changed
    /// since it was read, or when a new note's name was taken meanwhile.
    func write(in vault: Vault) throws {
        guard !isUnchanged else { return }
        _ = try ChangeExecutor(vault: vault).apply(changePlan("write \(path)"))
    }

    /// Lines split on bytes, without their `\n` or `\r\n`; a final newline ends the last line.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        if bytes.last == 0x0A { lines.removeLast() }
        return lines
    }
}
