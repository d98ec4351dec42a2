/// Whose rules a note is read by: plain markdown (Obsidian, Foam, zk, ZenNotes) or a Logseq
/// outline, where every block is a bullet, indentation never makes code, `#tag` and page
/// properties name pages, and `TODO`/`DONE` words make tasks.
public enum NoteDialect: String, Sendable, Codable, Hashable {
    case markdown
    case logseq
}
