/// An Obsidian Tasks field in Dataview's format: `[due:: 2024-01-05]`, or in parentheses,
/// `(priority:: high)` (Tasks' "Dataview Format" page: the keys it reads, in brackets only).
package struct DataviewField: Sendable, Equatable {
    /// The field's key, as Tasks names it.
    package enum Key: String, Sendable, CaseIterable {
        case due, scheduled, start, created, completion, cancelled, priority, repeatRule = "repeat", onCompletion, id, dependsOn
    }

    package var key: Key
    /// The whole field, brackets included.
    package var range: Range<Int>
    /// Its value, white space around it left out.
    package var value: Range<Int>

    /// The field that starts at `position` (its `[` or `(`), ending by `end`; nil when none
    /// does, or its key is not one Tasks reads.
    package static func read(_ bytes: [UInt8], at position: Int, end: Int) -> DataviewField? {
        guard position < end else { return nil }
        let closing: UInt8
        switch bytes[position] {
        case UInt8(ascii: "["): closing = UInt8(ascii: "]")
        case UInt8(ascii: "("): closing = UInt8(ascii: ")")
        default: return nil
        }
        var keyStart = position + 1
        while keyStart < end && (bytes[keyStart] == 0x20 || bytes[keyStart] == 0x09) { keyStart += 1 }
        var cursor = keyStart
        while cursor < end && isKeyByte(bytes[cursor]) { cursor += 1 }
        guard cursor > keyStart, cursor + 1 < end, bytes[cursor] == UInt8(ascii: ":"), bytes[cursor + 1] == UInt8(ascii: ":"),
            let key = Key(rawValue: String(decoding: bytes[keyStart..<cursor], as: UTF8.self))
        else { return nil }
        cursor += 2
        while cursor < end && (bytes[cursor] == 0x20 || bytes[cursor] == 0x09) { cursor += 1 }
        let valueStart = cursor
        while cursor < end && bytes[cursor] != closing && bytes[cursor] != UInt8(ascii: "[") && bytes[cursor] != UInt8(ascii: "(") {
            cursor += 1
        }
        guard cursor < end, bytes[cursor] == closing else { return nil }
        var valueEnd = cursor
        while valueEnd > valueStart && (bytes[valueEnd - 1] == 0x20 || bytes[valueEnd - 1] == 0x09) { valueEnd -= 1 }
        return DataviewField(key: key, range: position..<cursor + 1, value: valueStart..<valueEnd)
    }

    /// The day a date field holds; nil for another key, or a value that names no day.
    package func day(in bytes: [UInt8]) -> CalendarDay? {
        guard [.due, .scheduled, .start, .created, .completion, .cancelled].contains(key), value.count == 10 else { return nil }
        return CalendarDay.parse(bytes, at: value.lowerBound)
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
