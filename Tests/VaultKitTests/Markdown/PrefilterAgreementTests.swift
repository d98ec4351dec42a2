import Testing
@testable import VaultMarkdown

/// A note read for one part alone gives what a reading of every part gives: the quick looks
/// that let a part's reader skip a note never turn away one the full reading finds something
/// in. A cache holds full readings, so a look that disagreed made `--no-cache` answer
/// otherwise than the cache.
@Suite("Quick looks agree with full readings")
struct PrefilterAgreementTests {
    static let notes: [(String, NoteDialect)] = [
        ("- - TODO nested\n1. TODO ordered\n2) LATER other\n", .logseq),
        ("\u{FEFF}- TODO after a byte-order mark\n", .logseq),
        ("\u{FEFF}* TODO an org headline\n", .org),
        ("-\t- NOW tabbed\n+ + DOING plus\n> - TODO quoted\n", .logseq),
        ("\u{FEFF}#project kickoff\n", .markdown),
        ("\u{FEFF}#project kickoff\n", .logseq),
        ("\u{FEFF}- [ ] a task after a byte-order mark\n", .markdown),
        ("1. [ ] ordered\n- - [ ] nested\n", .markdown),
    ]

    @Test("tasks and tags read alone are those of a full reading", arguments: 0..<notes.count)
    func agree(index: Int) {
        let (text, dialect) = Self.notes[index]
        let bytes = Array(text.utf8)
        let full = NoteFacts(bytes: bytes, parts: .all, dialect: dialect)
        let tasks = NoteFacts(bytes: bytes, parts: [.header, .tasks], dialect: dialect)
        let tags = NoteFacts(bytes: bytes, parts: [.header, .tags], dialect: dialect)
        #expect(tasks.tasks.map(\.line) == full.tasks.map(\.line), "\(text)")
        #expect(tags.tags == full.tags, "\(text)")
        #expect(!full.tasks.isEmpty || !full.tags.isEmpty, "each note holds something to find: \(text)")
    }
}
