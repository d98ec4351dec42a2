import VaultMarkdown
import VaultSystem

/// How a task is named on the command line: `pages/Errands.md:16@3fa9c1`, the note's path,
/// the task's line and a short hash of its text.
///
/// The hash makes a reference safe to keep in a script: when the line no longer holds the
/// task that was listed, the reference is refused instead of changing another task.
public struct TaskReference: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var hash: String

    public init(path: String, line: Int, hash: String) {
        self.path = path
        self.line = line
        self.hash = hash
    }

    /// Reads `PATH:LINE@HASH` (the path may itself hold `:` or `@`: the last ones count).
    ///
    /// - Throws: `TaskError.badReference` when the text is not of that form.
    public init(parsing text: String) throws {
        guard let at = text.lastIndex(of: "@") else { throw TaskError.badReference(text) }
        let hash = text[text.index(after: at)...]
        let location = text[..<at]
        guard let colon = location.lastIndex(of: ":"),
            let line = Int(location[location.index(after: colon)...]), line >= 1,
            hash.count == Self.hashLength, hash.allSatisfy(\.isHexDigit)
        else { throw TaskError.badReference(text) }
        var path = String(location[..<colon])
        if path.hasPrefix("./") { path.removeFirst(2) }
        guard !path.isEmpty else { throw TaskError.badReference(text) }
        self.init(path: path, line: line, hash: hash.lowercased())
    }

    public var description: String { "\(path):\(line)@\(hash)" }

    /// Hex digits in a hash.
    static let hashLength = 6

    /// The hash of a task's text: the low 24 bits of the FNV-1a hash (`ContentHash`) of the
    /// bytes of `text` but those of the fields `left` (its done and cancelled dates, which a
    /// change of state writes), trailing white space left out.
    ///
    /// Of every task listed, so without an array made for each: a byte is left out when it
    /// is in `first` or `second`, and the hash stops at the last byte kept that is no space.
    static func hash(_ bytes: [UInt8], _ text: Range<Int>, leavingOut first: Range<Int>?, _ second: Range<Int>?) -> UInt32 {
        func kept(_ index: Int) -> Bool { !(first?.contains(index) ?? false) && !(second?.contains(index) ?? false) }
        var end = text.upperBound
        while end > text.lowerBound && (!kept(end - 1) || bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in text.lowerBound..<end where kept(index) {
            hash ^= UInt64(bytes[index])
            hash = hash &* 0x100_0000_01b3
        }
        return UInt32(truncatingIfNeeded: hash & 0xFF_FFFF)
    }

    /// A hash as six hex digits.
    static func format(_ hash: UInt32) -> String {
        Digits.hex(hash, width: hashLength)
    }
}
