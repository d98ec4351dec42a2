/// The UTF-8 byte order mark some editors write at the start of a file (Notepad on Windows):
/// not text, so never part of a note's first line or a JSON document, and kept by every edit
/// (DESIGN.md 3). The one place that knows its bytes.
package enum ByteOrderMark {
    /// `EF BB BF`.
    package static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many bytes the mark takes at the start of `text`: 3 when it starts with one, else 0.
    package static func length<Text: Collection>(of text: Text) -> Int where Text.Element == UInt8 {
        var iterator = text.makeIterator()
        guard iterator.next() == 0xEF, iterator.next() == 0xBB, iterator.next() == 0xBF else { return 0 }
        return 3
    }

    /// `length(of:)` of a buffer, not generic: a search asks it of every note, from another
    /// module, where the generic one is not specialised.
    package static func length(of text: UnsafeBufferPointer<UInt8>) -> Int {
        text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
    }
}
