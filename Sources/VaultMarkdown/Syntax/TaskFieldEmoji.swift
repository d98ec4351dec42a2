/// The emoji that introduce an Obsidian Tasks field, in one table for both readers of a
/// task's fields: `TaskFields` (what a task's dates and priority are) and `TaskEmojiFields`
/// (where each field's bytes are, for an edit). Each reader takes the kinds it knows and
/// passes over the rest, so the two can never disagree on which emoji means what.
package enum TaskFieldEmoji {
    package enum Kind: Sendable, Equatable {
        case due, scheduled, start, done, cancelled, created
        case recurrence, onCompletion, id, dependsOn
        case priority(TaskPriority)
    }

    /// Each emoji's UTF-8 bytes and what it introduces; a date kind needs a date after it.
    package static let table: [(bytes: [UInt8], kind: Kind)] =
        ([
            ("📅", .due), ("📆", .due), ("🗓", .due), ("⏳", .scheduled), ("⌛", .scheduled), ("🛫", .start),
            ("✅", .done), ("❌", .cancelled), ("➕", .created), ("🔁", .recurrence), ("🏁", .onCompletion),
            ("🆔", .id), ("⛔", .dependsOn), ("🔺", .priority(.highest)), ("⏫", .priority(.high)),
            ("🔼", .priority(.medium)), ("🔽", .priority(.low)), ("⏬", .priority(.lowest)),
        ] as [(String, Kind)]).map { (Array($0.0.utf8), $0.1) }

    /// VS16, which asks for the emoji presentation and may follow any of them.
    package static let presentationSelector: [UInt8] = [0xEF, 0xB8, 0x8F]

    /// The emoji at `position` in `bytes`, with where it ends (a VS16 after it included).
    package static func match(_ bytes: [UInt8], at position: Int) -> (kind: Kind, end: Int)? {
        guard let (pattern, kind) = table.first(where: { startsWith(bytes, position, $0.bytes) }) else { return nil }
        var end = position + pattern.count
        if startsWith(bytes, end, presentationSelector) { end += 3 }
        return (kind, end)
    }

    /// True when two bytes may begin one of the emoji (all are `F0 9F …` or `E2 8C/8F/9C/9D/9E …`):
    /// most non-ASCII text is turned away here.
    package static func mayStart(_ first: UInt8, _ second: UInt8) -> Bool {
        first == 0xF0
            ? second == 0x9F
            : first == 0xE2 && (second == 0x8C || second == 0x8F || second == 0x9C || second == 0x9D || second == 0x9E || second == 0x9B)
    }

    /// True at the end of the text, before white space, common punctuation or another
    /// field's emoji: where a field's value may end.
    package static func endsWord(_ bytes: [UInt8], _ position: Int, _ end: Int) -> Bool {
        position >= end
            || [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ")")].contains(bytes[position])
            // Fields glued together (`📅 2026-12-10⏫`) are each read, as Tasks reads them.
            || ((bytes[position] == 0xF0 || bytes[position] == 0xE2) && match(bytes, at: position) != nil)
    }

    private static func startsWith(_ bytes: [UInt8], _ position: Int, _ pattern: [UInt8]) -> Bool {
        guard position + pattern.count <= bytes.count else { return false }
        for index in pattern.indices where bytes[position + index] != pattern[index] { return false }
        return true
    }
}
