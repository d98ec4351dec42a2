import VaultMarkdown
import VaultSystem

extension Vault {
    /// A note's bytes and every fact they hold (headings, links, tasks, frontmatter problems),
    /// read afresh from the file, as `vault show --json` and `vault mcp`'s `read_note` give them.
    ///
    /// - Throws: as `contents(of:)` does: a placeholder or an unreadable note is never empty.
    public func fullNote(_ note: Note) throws -> (note: Note, bytes: [UInt8]) {
        let bytes = try contents(of: note)
        let status = FileStatus(kind: .file, size: note.size, modifiedNanoseconds: Int64(note.modified.timeIntervalSince1970 * 1e9))
        // Read in the note's own dialect: an org page's `#+TITLE:` is its title, as the walk reads it.
        let read = NoteReader.note(path: note.path, kind: note.kind, status: status, bytes: bytes, dialect: dialect.forFile(note.path))
        // A Logseq page is titled by its file's name as Logseq reads it, as the walk titles it.
        return (logseq == nil ? read : logseqTitled(read), bytes)
    }
}
