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
    public var changes: [LineChange] {
        let old = isNew ? [] : Self.lines(before)
        let new = Self.lines(after)
        var changes: [LineChange] = []
        for index in 0..<max(old.count, new.count) {
            let was = index < old.count ? old[index] : nil
            let now = index < new.count ? new[index] : nil
            if was != now { changes.append(LineChange(line: index + 1, before: was, after: now)) }
        }
        return changes
    }

    /// The change as a diff for people: `--- source` (`/dev/null` for a new note), `+++ path`,
    /// then each changed line. `source` differs from `path` for a note a rename moves.
    public func diff(from source: String? = nil) -> String {
        var text = "--- \(isNew ? "/dev/null" : source ?? path)\n+++ \(path)\n"
        for change in changes {
            text += "@@ line \(change.line) @@\n"
            if let before = change.before { text += "-" + before + "\n" }
            if let after = change.after { text += "+" + after + "\n" }
        }
        return text
    }

    /// Writes the new bytes: a no-overwrite create for a new note, else a replace that is
    /// refused (exit 3) when the note changed since it was read.
    func write(in vault: Vault) throws {
        guard !isUnchanged else { return }
        try vault.checkInside(path)
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        let absolute = vault.absolutePath(path)
        do {
            if isNew {
                do { try vault.fileSystem.createDirectories(SafeWriter.split(absolute).folder) } catch {
                    throw SafeWriter.wrap(error)
                }
                try writer.create(absolute, with: after)
            } else {
                try writer.replace(absolute, with: after, expecting: snapshot)
            }
        } catch VaultError.fileChanged {
            // Name the note as the person knows it, not by its absolute path.
            throw VaultError.fileChanged(path: path)
        } catch VaultError.fileExists {
            throw VaultError.fileExists(path: path)
        }
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
