import Foundation
import TestSupport
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The byte-level shortcuts of a line search (rare-byte scan, ASCII projection of folding
/// letters) must find exactly the lines that matching every line in full would find.
@Suite("Search shortcuts agree with matching every line")
struct SearchShortcutTests {
    static let tricky = """
        Zürich ZÜRICH Zu\u{308}rich and Zurich
        Ærøskøbing on Øresund, Straße, İstanbul, ǅemal
        résumé naïve café Cafe\u{301} CAFÉ
        Αθήνα λόγος ΛΌΓΟΣ Москва МОСКВА
        日本語 京都 and a 📅 2024-05-03 date
        c\u{327}a e\u{1DC0}x tab\tsep ｆｕｌｌ
        plan draft; project plan; plan (draft)
        # Heading with plan.md
        Ｃafe and cafe\u{301}s and cafés
        ĵurnalo, Ĵaŭdo; ǰ alone
        ḃudget and bud\u{301}get, projec\u{301}t plan
        \u{212A}elvin at 300 \u{212A}, \u{212B}ngström, Ƀudget
        büdget, bùdgèt and budgét; éé, ÉE, ée; ŕesumé not rèsume; a bud́get, b\u{301}udget
        two folding letters side by side: bùďget
        and here: éé
        """

    static let queries = [
        "cafe", "cafes", "zurich", "Zurich", "ZURICH", "resume", "oresund", "aeroskobing", "istanbul", "strasse",
        "emal", "λογος", "ΛΟΓΟΣ", "москва", "京都", "2024", "plan", "'plan", "^#", "md$", "plan !draft",
        "cafe | zurich", "ex", "ca", "full", "a b c", "budget", "vault cli", "tasks", "[[", "ana p",
        "jurnalo", "jaudo", "'jaudo", "Jaudo", "projplan", "'project plan", "jurn alo", "udget",
        "kelvin", "'kelvin", "Kelvin", "angstrom", "'budget", "ee", "Ee", "esume", "resume", "dget", "Budget",
    ]

    @Test("fuzzy and exact searches find the same lines as a full match of every line", arguments: [
        LineSearch.Mode.fuzzy, .exact,
    ])
    func agree(mode: LineSearch.Mode) throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(fixture: "demo")
        try folder.write("demo/pages/Tricky.md", Self.tricky)
        let vault = try Vault(root: root)
        let notes = LineSearch.searchable(try vault.scan(detail: .paths).notes, includeTrash: true, includeArchive: true)
            .filter { $0.availability == .available }
        var contents: [String: [UInt8]] = [:]
        for note in notes { contents[note.path] = try vault.contents(of: note) }
        for query in Self.queries {
            let search = try LineSearch(query, mode: mode)
            let found = Set(search.run(vault: vault, notes: notes).matches.map { "\($0.path):\($0.line)" })
            let parsed = FuzzyQuery(query, exact: mode == .exact)
            var expected = Set<String>()
            var matcher = FuzzyMatcher()
            for (path, bytes) in contents {
                let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
                for (index, line) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
                    let trimmed = line.last == 0x0D ? Array(line.dropLast()) : Array(line)
                    var text = FuzzyText()
                    trimmed.withUnsafeBufferPointer { text.load($0) }
                    if parsed.match(text, with: &matcher, positions: false) != nil { expected.insert("\(path):\(index + 1)") }
                }
            }
            #expect(found == expected, "\(mode) \(query): missing \(expected.subtracting(found).sorted()), extra \(found.subtracting(expected).sorted())")
        }
    }

    @Test("the projection folds letters to ASCII and drops combining marks")
    func projection() {
        var output: [UInt8] = []
        let text = Array("Zu\u{308}rich Ærø café ſ 日本".utf8)
        text.withUnsafeBufferPointer { ByteScan.project($0, 0..<$0.count, into: &output) }
        #expect(String(decoding: output, as: UTF8.self) == "Zurich Ærø cafe ſ 日本".replacingOccurrences(of: "ø", with: "o"))
    }

    @Test("the folding table written out is the one Unicode's canonical decompositions give")
    func foldingTableIsUnicodes() {
        let computed = DiacriticFolding.computedTable()
        let values = DiacriticFolding.ranges.flatMap { $0 }
        #expect(computed.count == values.count)
        let differing = zip(values, computed).filter { DiacriticFolding.fold(UInt32($0.0)) != $0.1 }
        #expect(differing.isEmpty, "written out wrong: \(differing.prefix(10).map { String($0.0, radix: 16) + " -> " + String($0.1, radix: 16) })")
        #expect(DiacriticFolding.fold(0xE9) == 0x65 && DiacriticFolding.fold(0x3AC) == 0x3B1 && DiacriticFolding.fold(0x1E03) == 0x62)
    }

    @Test("every letter that folds to an ASCII letter starts with one of that letter's lead bytes")
    func leadBytes() {
        let scalars = (0xC0..<0x280).compactMap(Unicode.Scalar.init) + (0x1E00..<0x1F00).compactMap(Unicode.Scalar.init)
            + [0x212A, 0x212B].compactMap(Unicode.Scalar.init)
        var folding = 0
        for scalar in scalars {
            let folded = DiacriticFolding.fold(scalar.value)
            guard folded < 0x80, folded != scalar.value, let letter = UInt8(exactly: folded) else { continue }
            folding += 1
            let lead = Array(String(scalar).utf8)[0]
            #expect(DiacriticFolding.leadBytes(foldingTo: letter).contains(lead), "\(scalar) folds to \(letter) but its lead byte is not listed")
            #expect(DiacriticFolding.leadBytes(foldingTo: letter ^ 0x20).contains(lead), "\(scalar): the other case of \(letter)")
        }
        #expect(folding > 300)
        #expect(DiacriticFolding.leadBytes(foldingTo: UInt8(ascii: "j")).contains(0xC4))
        #expect(DiacriticFolding.leadBytes(foldingTo: UInt8(ascii: "1")).isEmpty)
    }
}

extension SearchShortcutTests {
    @Test("every character that reads as an ASCII letter or vanishes is seen by the byte checks and projected to that letter")
    func foldingIsSeen() {
        let everyLetter = ByteSet(Array("abcdefghijklmnopqrstuvwxyz".utf8))
        var missed: [String] = []
        for value in 0x80...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = FuzzyText("a\(Character(scalar))b")
            let vanishes = text.count == 2
            guard vanishes || text.lower[1] < 0x80 else { continue }
            let bytes = Array("a\(Character(scalar))b".utf8)
            var projection: [UInt8] = []
            bytes.withUnsafeBufferPointer { ByteScan.project($0, 0..<$0.count, into: &projection) }
            let seen = bytes.withUnsafeBufferPointer { ByteScan.firstFoldable($0, 0..<$0.count, into: everyLetter) != nil }
            let projected = vanishes ? projection == Array("ab".utf8) : projection.count == 3 && projection[1] | 0x20 == UInt8(text.lower[1])
            if !seen || !projected { missed.append("U+" + String(value, radix: 16)) }
        }
        #expect(missed.isEmpty, "not seen or not projected: \(missed)")
    }
}

extension SearchShortcutTests {
    /// The first character of `bytes` in `range` that `foldsInto` answers yes for, found one
    /// character at a time: what the word-at-a-time scan must agree with.
    static func firstFoldableByCharacter(_ bytes: [UInt8], _ range: Range<Int>, into wanted: ByteSet) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            while index < range.upperBound {
                if buffer[index] >= 0xC0 && ByteScan.foldsInto(wanted, buffer, at: index) { return index }
                index += 1
            }
            return nil
        }
    }

    @Test("the word-at-a-time scan for folding characters finds the first one wherever it stands among other characters")
    func firstFoldableAnywhere() {
        let wanted = ByteSet(Array("aeiouzk".utf8))
        // Characters that fold to nothing wanted, of one to four bytes, and some that do.
        let filler = ["x", "—", "“", "日", "📅", "ж", "é", "ñ", "ǅ", "\u{301}", "\u{212A}", "ḃ", "ü", "\u{FE0F}", "ç", "ø"]
        var generator = SeededGenerator(seed: 7)
        for round in 0..<4_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) { text += filler.randomElement(using: &generator)! }
            let bytes = Array(text.utf8)
            let start = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
            // A range starts at a character's first byte, as every caller's does.
            var from = start
            while from < bytes.count && bytes[from] & 0xC0 == 0x80 { from += 1 }
            let range = from..<bytes.count
            let found = bytes.withUnsafeBufferPointer { ByteScan.firstFoldable($0, range, into: wanted) }
            let expected = Self.firstFoldableByCharacter(bytes, range, into: wanted)
            #expect(found == expected, "round \(round): \(text.debugDescription) from \(from)")
        }
    }
}
