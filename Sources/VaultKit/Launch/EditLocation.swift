import VaultMarkdown
import VaultSystem

/// Where `vault edit` opens: a note and, when one was named, a line of it.
public struct EditLocation: Sendable, Equatable {
    /// The note's vault-relative path.
    public var path: String
    /// The 1-based line, nil for the start of the note.
    public var line: Int?

    public init(path: String, line: Int?) {
        self.path = path
        self.line = line
    }
}

extension Vault {
    /// The note and line `text` names: a task reference as `vault tasks` prints it
    /// (`PATH:LINE@HASH`, refused when the line no longer holds that task), `NOTE:LINE`, or a
    /// note's name as every command takes it.
    ///
    /// A name that ends in `:N` is read as a line of the note before it, unless no note has
    /// that name and one is named by the whole text.
    ///
    /// - Throws: `TaskError` for a task reference that no longer holds its task, the lookup
    ///   errors of `note(named:)` for a note that is missing or ambiguous.
    public func editLocation(
        of text: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> EditLocation {
        if let reference = try? TaskReference(parsing: text) {
            let (_, _, tasks) = try readTaskNote(reference.path, reference: reference.description)
            guard let task = tasks.first(where: { $0.line == reference.line }) else {
                throw TaskError.noTaskAtLine(reference: reference.description)
            }
            guard task.hash == reference.hash else {
                throw TaskError.staleReference(reference: reference.description, now: "[\(task.marker)] \(task.text)")
            }
            return EditLocation(path: reference.path, line: reference.line)
        }
        if let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line >= 1,
            colon != text.startIndex
        {
            do {
                return EditLocation(path: try note(named: String(text[..<colon]), progress: progress).path, line: line)
            } catch VaultError.unknownNote(let name, let suggestions) {
                guard let whole = try? note(named: text, progress: progress) else {
                    throw VaultError.unknownNote(name: name, suggestions: suggestions)
                }
                return EditLocation(path: whole.path, line: nil)
            }
        }
        return EditLocation(path: try note(named: text, progress: progress).path, line: nil)
    }

    /// The number of the last line of a note (where a new note's writing goes on), 1 for an
    /// empty one; nil when it cannot be read.
    public func lastLine(of path: String) -> Int? {
        guard let (bytes, _) = try? SafeWriter(fileSystem: fileSystem).read(absolutePath(path), settling: false) else { return nil }
        var lines = 1
        for byte in bytes where byte == 0x0A { lines += 1 }
        // A final line break ends the last line; it starts none.
        if bytes.last == 0x0A && lines > 1 { lines -= 1 }
        return lines
    }
}
