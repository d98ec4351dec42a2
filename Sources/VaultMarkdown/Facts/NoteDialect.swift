/// Whose rules a note is read by: plain markdown (Obsidian, Foam, zk, ZenNotes), a Logseq
/// outline, where every block is a bullet, indentation never makes code, `#tag` and page
/// properties name pages, and `TODO`/`DONE` words make tasks, or a Logseq page written in
/// org, whose `*` headlines are its blocks.
public enum NoteDialect: String, Sendable, Codable, Hashable {
    case markdown
    case logseq
    case org

    /// True for the dialects of a Logseq graph, markdown or org: their `#tag`s and page
    /// properties name pages, their `TODO` words make tasks.
    public var isLogseq: Bool { self != .markdown }

    /// The dialect of the note at `path` in a vault of this dialect: in a Logseq graph a
    /// `.org` file is an org page, every other note is read as the vault's.
    public func forFile(_ path: String) -> NoteDialect {
        guard self == .logseq, path.utf8.count > 4 else { return self }
        let tail = path.utf8.suffix(4).map { $0 | 0x20 }
        return tail == Array(".org".utf8) ? .org : self
    }
}
