import Testing
@testable import VaultMarkdown

/// The Obsidian Tasks fields a completion moves, drops or adds, found with their bytes.
@Suite("Tasks' emoji fields")
struct TaskEmojiFieldsTests {
    /// The fields of a line's text as (kind, field with its white space, value).
    static func fields(_ text: String, codeSpans: [Range<Int>] = []) -> [(TaskEmojiFields.Kind, String, String)] {
        let bytes = Array(text.utf8)
        return TaskEmojiFields(bytes, 0..<bytes.count, codeSpans: codeSpans).fields.map {
            ($0.kind, String(decoding: bytes[$0.range], as: UTF8.self), String(decoding: bytes[$0.value], as: UTF8.self))
        }
    }

    @Test("each field is found with the white space before it, and its value")
    func found() {
        let found = Self.fields("a ➕ 2026-01-01 🔁 every week on Friday when done 🏁 delete 🆔 ab-1 ⛔ x,y 🛫 2026-11-25 ⏳2026-11-26 due:2026-11-30 ❌ 2026-11-20 ✅ 2026-11-29")
        #expect(found.map(\.0) == [.created, .recurrence, .onCompletion, .id, .dependsOn, .start, .scheduled, .due, .cancelled, .done])
        #expect(found.map(\.1) == [
            " ➕ 2026-01-01", " 🔁 every week on Friday when done", " 🏁 delete", " 🆔 ab-1", " ⛔ x,y", " 🛫 2026-11-25",
            " ⏳2026-11-26", " due:2026-11-30", " ❌ 2026-11-20", " ✅ 2026-11-29",
        ])
        #expect(found.map(\.2)[1] == "every week on Friday when done")
    }

    @Test("a date of the right shape that is no day is found, without a day; code and glued words are not fields")
    func edges() {
        let bytes = Array("x 📅 2024-02-30".utf8)
        let field = TaskEmojiFields(bytes, 0..<bytes.count, codeSpans: []).fields.first
        #expect(field?.kind == .due && field?.day == nil)
        #expect(Self.fields("`🔁 every day` overdue:2026-01-01 📅 soon", codeSpans: [0..<17]).isEmpty)
        #expect(Self.fields("🔁 every week due:2026-11-30").map(\.2) == ["every week", "2026-11-30"])
    }

    @Test("only the run of fields at the end counts, tags, a Dataview comma and a block id after it allowed; due: counts anywhere")
    func trailingRun() {
        #expect(Self.fields("wrote ✅ 2026-01-02 the report").isEmpty)
        #expect(Self.fields("a ✅ 2026-01-02 b 🔁 every week ✅ 2026-01-03 #x ^id-1").map(\.2) == ["every week", "2026-01-03"])
        #expect(Self.fields("a [completion:: 2026-01-03],").map(\.2) == ["2026-01-03"])
        #expect(Self.fields("due:2026-01-05 first 📅 2026-01-06 later").map(\.2) == ["2026-01-05"])
        let bytes = Array("call 📅 2026-01-05 🔼 then".utf8)
        #expect(TaskEmojiFields(bytes, 0..<bytes.count, codeSpans: []).trailingStart == bytes.count)
    }
}
