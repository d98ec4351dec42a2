import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("Combining marks")
struct CombiningMarksTests {
    @Test("the byte scanner, the folding of diacritics and the UTF-8 check take the same characters for marks, every one of the BMP")
    func oneListForAll() {
        for value in UInt32(0x80)...0xFFFF where !(0xD800...0xDFFF).contains(value) {
            let bytes = Array(String(Unicode.Scalar(value)!).utf8)
            let mark = CombiningMarks.contains(value)
            let scanned = bytes.withUnsafeBufferPointer { ByteScan.isMark($0, at: 0) }
            #expect(scanned == mark, "U+\(String(value, radix: 16, uppercase: true))")
            // After a base letter, a mark makes the text decomposed for the UTF-8 check too.
            var decomposed = false
            let text = [0x65] + bytes
            _ = text.withUnsafeBytes { UTF8Check.validate($0, decomposed: &decomposed) }
            let alsoComposing = (0x1161...0x11FF).contains(value) || value == 0x3099 || value == 0x309A
            #expect(decomposed == (mark || alsoComposing), "U+\(String(value, radix: 16, uppercase: true))")
        }
        // Signs and selectors beside the ranges are no marks: the currency sign U+20C0, a
        // variation selector, a CJK compatibility form, a Tai Tham digit.
        for value: UInt32 in [0x20C0, 0xFE00, 0xFE30, 0x1A80] { #expect(!CombiningMarks.contains(value)) }
        #expect("e\u{301}".unicodeScalars.dropFirst().allSatisfy { CombiningMarks.contains($0.value) })
    }
}
