import Foundation
import TestSupport
import Testing
@testable import VaultMarkdown
@testable import VaultSystem

/// The program does not load Foundation's text and calendar layer (its time zones and
/// Unicode tables cost a start of every command): what stands in for it gives Foundation's
/// answers, held here against Foundation itself.
@Suite("What stands in for Foundation's text and time")
struct RuntimeTextTests {
    /// Instants from before 1970 to after 2100, on whole seconds and between them.
    private func instants() -> [Date] {
        var generator = SeededGenerator(seed: 7)
        var dates = [0, -1, -0.5, 0.999, 951_782_400, 1_796_040_000, 4_102_444_799.75, -2_208_988_800].map(Date.init(timeIntervalSince1970:))
        for _ in 0..<2_000 { dates.append(Date(timeIntervalSince1970: Double.random(in: -3e9...5e9, using: &generator))) }
        return dates
    }

    @Test("a UTC timestamp is written as Foundation's ISO 8601 style writes it, rounded down to the second")
    func iso8601AsFoundation() {
        for date in instants() {
            #expect(WallTime.iso8601(date) == date.formatted(.iso8601), "\(date.timeIntervalSince1970)")
            // The older formatter cuts a time before 1970 towards 1970, not down.
            if date.timeIntervalSince1970 >= 0 {
                #expect(WallTime.iso8601(date) == ISO8601DateFormatter().string(from: date), "\(date.timeIntervalSince1970)")
            }
        }
    }

    @Test("the wall time at a fixed offset is the Gregorian calendar's in that zone")
    func wallTimeAsCalendar() throws {
        for (position, date) in instants().enumerated() {
            let offset = [0, 14 * 3600, -10 * 3600, 5 * 3600 + 45 * 60][position % 4]
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(secondsFromGMT: offset))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let time = WallTime(date, in: .offset(seconds: offset))
            #expect(
                [time.year, time.month, time.day, time.hour, time.minute, time.second]
                    == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0! },
                "\(date.timeIntervalSince1970) at \(offset)")
        }
    }

    @Test("an ISO 8601 time or day reads as Foundation's formatter reads it, and nonsense reads as nothing")
    func parsesAsFoundation() {
        let full = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        for text in [
            "2026-11-30T09:00:00Z", "2026-11-30T09:00:00+02:00", "2026-11-30T09:00:00-0930", "2026-11-30T23:59:59.25Z",
            "2024-02-29T00:00:00Z", "1969-12-31T23:59:59Z", "2026-11-30", "1600-03-01T00:00:00Z",
        ] {
            let expected = full.date(from: text) ?? fractional.date(from: text) ?? day.date(from: text)
            #expect(expected != nil, "\(text)")
            #expect(WallTime.parseISO8601(text) == expected, "\(text)")
        }
        // Before 1582 Foundation's calendar is the Julian one; a vault's days are Gregorian throughout.
        #expect(WallTime.parseISO8601("0001-01-01T00:00:00Z").map(WallTime.iso8601) == "0001-01-01T00:00:00Z")
        for text in ["", "2026-11-31", "2026-02-29", "2026-13-01T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T09:00:00", "2026-11-30T09:00Z",
            "2026-11-30 09:00:00Z", "2026-11-30T09:00:00.Z", "26-11-30", "2026-11-30T09:00:00+2", "0000-01-01"]
        {
            #expect(WallTime.parseISO8601(text) == nil, "\(text)")
        }
    }

    @Test("strings joined by a separator are what the standard library's joined gives", arguments: [
        [], [""], ["", ""], ["one"], ["one", "two"], ["a", "", "b"], ["Café", "東京", "e\u{301}"],
    ])
    func joinedBy(parts: [String]) {
        for separator in ["", " ", "/", " — "] {
            #expect(parts.joined(by: separator) == parts.joined(separator: separator))
        }
    }

    @Test("a string of ASCII is its own normal forms, and one with a byte above them is composed and decomposed")
    func asciiNormalForms() {
        let ascii = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self)
        #expect(ascii.canonicallyComposed == ascii && ascii.canonicallyDecomposed == ascii)
        #expect(ascii[...].canonicallyComposed == ascii)
        let decomposed = "plain Cafe\u{301}"
        #expect(Array(decomposed.canonicallyComposed.utf8) == Array("plain Caf\u{E9}".utf8))
        #expect(Array("plain Caf\u{E9}".canonicallyDecomposed.utf8) == Array(decomposed.utf8))
    }

    @Test("every scalar decomposes as Foundation decomposes it, and each decomposition composes back")
    func decomposesAsFoundation() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let ours = text.canonicallyDecomposed
            if !ours.unicodeScalars.elementsEqual(text.decomposedStringWithCanonicalMapping.unicodeScalars) {
                wrong.append(String(value, radix: 16))
            }
            if !ours.canonicallyComposed.unicodeScalars.elementsEqual(text.canonicallyComposed.unicodeScalars) {
                wrong.append("back " + String(value, radix: 16))
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }

    @Test("marks after a base are put in the order of their classes, as NFD orders them")
    func ordersMarks() {
        var generator = SeededGenerator(seed: 11)
        let pool: [UInt32] = [0x61, 0x41, 0xE9, 0x1EC7, 0x300, 0x301, 0x323, 0x327, 0x345, 0x3099, 0x5B0, 0x1D165, 0xAC01, 0x1E69, 0x20]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...7, using: &generator) {
                text.unicodeScalars.append(Unicode.Scalar(pool.randomElement(using: &generator)!)!)
            }
            #expect(
                text.canonicallyDecomposed.unicodeScalars.elementsEqual(text.decomposedStringWithCanonicalMapping.unicodeScalars),
                "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("trimming and padding give what Foundation's character sets and padding give")
    func trimsAsFoundation() {
        let samples = [
            "  a b  ", "\t\n x \r\n", "\u{3000}全角\u{00A0}", "\u{2028}line\u{2029}", "", " ", "no", "\n\nkept\t", "\u{200B}zero\u{200B}",
        ]
        for text in samples {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
        for (text, width) in [("list", 9), ("a longer word", 4), ("", 3), ("é", 2)] {
            #expect(text.padded(to: width) == text.padding(toLength: width, withPad: " ", startingAt: 0))
        }
        #expect(Digits.hex(UInt8(0x1F), width: 4) == String(format: "%04x", 0x1F))
        #expect(Digits.hex(UInt32(0x1F600), width: 4, uppercase: true) == String(format: "%04X", 0x1F600))
        #expect(Digits.decimal(42, width: 5) == String(format: "%05d", 42) && Digits.decimal(-7, width: 3) == "-007")
        #expect(Digits.number(UInt8(8), radix: 8, width: 3) == String(format: "%03o", 8))
        #expect(Digits.value(of: Array("x2026-".utf8), at: 1, count: 4) == 2026)
        #expect(Digits.value(of: Array("20a6".utf8), at: 0, count: 4) == nil && Digits.value(of: Array("202".utf8), at: 0, count: 4) == nil)
    }

    @Test("a URI's escapes decode as Foundation's removingPercentEncoding decodes them")
    func percentDecodesAsFoundation() {
        for text in ["a%20b", "%E6%9D%B1%E4%BA%AC", "100%", "%zz", "%E6%9D", "%C3%A9t%C3%A9", "plain", "%2F%2f", "%"] {
            #expect(PercentEncoding.strictDecode(text) == text.removingPercentEncoding, "\(text)")
        }
    }

    @Test("a number appended as bytes is the number as a string writes it", arguments: [0, 7, 10, 99, 100, -5, -10, Int.max, Int.min])
    func decimalBytes(value: Int) {
        var bytes = Array("x".utf8)
        Digits.append(value, to: &bytes)
        #expect(bytes == Array("x\(value)".utf8))
    }
}
