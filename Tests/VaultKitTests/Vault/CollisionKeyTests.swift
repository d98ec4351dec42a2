import Foundation
import TestSupport
import Testing
@testable import VaultKit
import VaultSystem

@Suite("The key under which names collide")
struct CollisionKeyTests {
    /// True when the two are spelled with the same bytes: `==` on strings holds for any two
    /// canonically equivalent spellings, NFC or not.
    private func sameBytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    /// What the key must be: NFC, then lower case. NFC as the runtime composes it, not as
    /// Foundation's `precomposedStringWithCanonicalMapping` does: that leaves a Hangul
    /// syllable and a trailing jamo (`\u{AC00}\u{11A8}`) apart, where Unicode composes them.
    /// The key as the runtime makes it: NFC, lowercased, and the final sigma folded to the
    /// sigma, as a case-insensitive disk folds it.
    private func slowKey(_ name: String) -> String { folded(name.canonicallyComposed.lowercased()) }

    private func folded(_ lowered: String) -> String { lowered.replacingOccurrences(of: "\u{3C2}", with: "\u{3C3}") }

    @Test("every scalar of the ranges taken as composed is NFC on its own")
    func everyScalarIsComposed() {
        let ranges: [ClosedRange<UInt32>] = [0x80...0x2FF, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3]
        var wrong: [UInt32] = []
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let name = String(Character(scalar))
                if !Naming.isComposed(name) || !sameBytes(name.precomposedStringWithCanonicalMapping, name) { wrong.append(value) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("names mixing those scalars with the ones that compose get the key NFC gives")
    func mixedNamesKeyAsNFC() {
        // Around each edge of the ranges, and the scalars that compose or decompose.
        let pool: [UInt32] = [
            0x41, 0x61, 0x49, 0x2E, 0x20, 0xC5, 0xE9, 0xD8, 0x130, 0x2FF, 0x300, 0x301, 0x308, 0x345, 0x3A9, 0x212B, 0x2126,
            0x3040, 0x3041, 0x304B, 0x304C, 0x3096, 0x3099, 0x309A, 0x309B, 0x30A1, 0x30AB, 0x30AC, 0x30FA, 0x30FB,
            0x4E00, 0x6771, 0x9FFF, 0xF900, 0x2F800, 0xAC00, 0xAC01, 0xD7A3, 0x1100, 0x1161, 0x11A8, 0x1E9E, 0x1F600,
        ]
        var generator = SeededGenerator(seed: 42)
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...6, using: &generator)
            var name = ""
            for _ in 0..<length { name.unicodeScalars.append(Unicode.Scalar(pool.randomElement(using: &generator)!)!) }
            if !sameBytes(Naming.collisionKey(name), slowKey(name)) { mismatches.append(name) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    @Test("an ASCII name keys as lower case, whatever its length, and is its own key when it has no capital")
    func asciiNames() {
        #expect(Naming.collisionKey("") == "")
        #expect(Naming.collisionKey("Projects/Roadmap Q3.md") == "projects/roadmap q3.md")
        #expect(Naming.collisionKey("@[Z]`{a}") == "@[z]`{a}")
        let long = String(repeating: "AbZz09-", count: 100)
        #expect(Naming.collisionKey(long) == long.lowercased())
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<2_000 {
            let name = String(decoding: (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...127, using: &generator) }, as: UTF8.self)
            #expect(sameBytes(Naming.collisionKey(name), slowKey(name)))
        }
    }

    @Test("every scalar up to U+2FFFF, alone and after a capital, keys as the runtime lowercases it")
    func everyScalarLowercases() {
        var wrong: [UInt32] = []
        for value in UInt32(0x80)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var name = "Q"
            name.unicodeScalars.append(scalar)
            let alone = String(Character(scalar))
            if !sameBytes(Naming.collisionKey(name), slowKey(name)) || !sameBytes(Naming.collisionKey(alone), slowKey(alone))
                || !sameBytes(Naming.lowercased(name + alone), folded((name + alone).lowercased()))
            {
                wrong.append(value)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    @Test("a Greek name with a final sigma and the same in capitals are one name")
    func finalSigma() {
        #expect(Naming.collisionKey("οδος.md") == Naming.collisionKey("ΟΔΟΣ.md"))
        #expect(Naming.collisionKey("Οδος.md") == Naming.collisionKey("οδοσ.md"))
        #expect(Naming.collisionKey("οδος.md") != Naming.collisionKey("οδοι.md"))
    }

    @Test("a name in a script without case is its own key; one with a capital anywhere is lowercased")
    func caselessScripts() {
        for name in ["हिन्दी station", "北京 evening", "読書 archive", "한국어"] {
            #expect(sameBytes(Naming.collisionKey(name), slowKey(name)))
        }
        #expect(Naming.collisionKey("北京 Evening") == "北京 evening")
        #expect(sameBytes(Naming.collisionKey("İstanbul 東京"), slowKey("İstanbul 東京")))
    }

    @Test("a name with a combining mark, a jamo or a decomposing scalar takes NFC's way")
    func namesThatNeedNFC() {
        for name in ["Cafe\u{301}", "\u{212B}ngstr\u{F6}m", "\u{304B}\u{3099}", "\u{1100}\u{1161}", "\u{F900}", "\u{2126}"] {
            #expect(!Naming.isComposed(name), "\(name)")
            #expect(sameBytes(Naming.collisionKey(name), slowKey(name)))
        }
        #expect(Naming.collisionKey("Cafe\u{301}.md") == Naming.collisionKey("Café.md"))
        #expect(Naming.collisionKey("東京 Plan") == "東京 plan")
        #expect(Naming.collisionKey("Øresund") == "øresund")
    }

    @Test("whether a name has a key, or one that starts with another, is told as the key itself tells it")
    func hasKeyAsTheKeySays() {
        let names = ["Plan", "plan", "PLAN.md", "Plans", "pla", "Café", "Cafe\u{301}", "CAFÉ notes", "北京 Evening", "", "ßtraße", "Øresund"]
        let keys = names.map(Naming.collisionKey) + ["plan", "café", "北京", "", "x"]
        for name in names {
            for key in keys {
                #expect(Naming.hasCollisionKey(name, key) == (Naming.collisionKey(name) == key), "\(name) \(key)")
                #expect(Naming.hasCollisionKey(name, key, prefix: true) == Naming.collisionKey(name).hasPrefix(key), "\(name) \(key)")
            }
        }
    }
}
