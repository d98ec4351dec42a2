import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A note's fields that most notes leave empty are held apart, and a note is still a plain
/// value: set, cleared, compared and encoded as its fields say.
@Suite("A note as a value")
struct NoteValueTests {
    static func note(journalDate: String? = nil) -> Note {
        Note(
            path: "journals/2026-12-05.md", kind: .journal, availability: .available, unavailableReason: nil, size: 12,
            modified: Date(timeIntervalSince1970: 1_764_892_800), title: "2026-12-05", aliases: [], tags: ["day"], headings: [],
            journalDate: journalDate, isUTF8: true, hasFrontmatter: false, frontmatterIssues: [], verbatimKeys: [])
    }

    @Test("fields set apart read back, are copied as values, and a note whose rare fields are cleared equals one that never had them")
    func rareFields() {
        var note = Self.note(journalDate: "2026-12-05")
        let copy = note
        note.verbatimKeys = ["when"]
        note.frontmatterIssues = [Frontmatter.Issue(line: 2, message: "no colon")]
        note.unavailableReason = "busy"
        #expect(note.journalDate == "2026-12-05" && note.verbatimKeys == ["when"] && note.unavailableReason == "busy")
        #expect(note.frontmatterIssues.map(\.line) == [2])
        // The copy taken before is as it was.
        #expect(copy.verbatimKeys.isEmpty && copy.unavailableReason == nil && copy.journalDate == "2026-12-05")
        #expect(note != copy)
        note.verbatimKeys = []
        note.frontmatterIssues = []
        note.unavailableReason = nil
        #expect(note == copy)
        note.journalDate = nil
        #expect(note == Self.note())
    }

    @Test("a note encodes its fields by name, the empty optional ones left out, and decodes to the same note")
    func coding() throws {
        var note = Self.note(journalDate: "2026-12-05")
        note.verbatimKeys = ["when"]
        let json = try JSONValueEncoder().encode(note)
        let text = String(decoding: json.formattedBytes(), as: UTF8.self)
        #expect(text.contains("\"journalDate\": \"2026-12-05\""))
        #expect(!text.contains("unavailableReason"))
        #expect(text.contains("verbatimKeys") && text.contains("frontmatterIssues"))
        let decoded = try JSONDecoder().decode(Note.self, from: try JSONEncoder().encode(note))
        #expect(decoded == note)
    }
}
