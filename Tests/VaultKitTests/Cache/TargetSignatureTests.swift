import Glibc
import Testing
import TestSupport
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The filter of a record's link targets never passes over a note whose links a needle
/// matches, and passes over most that name something else.
@Suite("Link target filters")
struct TargetSignatureTests {
    /// The filter's answer for `probe` of an index entry made from `links`.
    func mayHold(_ probe: TargetSignature.Probe, _ links: [Link]) -> Bool {
        var writer = ByteWriter()
        writer.byte(7)  // what comes before it in an index entry
        TargetSignature.append(of: links, known: true, to: &writer)
        let (index, signature, filter) = TargetSignature.split(writer.bytes[...])
        #expect(Array(index) == [7])
        return Array(filter).withUnsafeBufferPointer { TargetSignature.mayHold(probe, signature: signature, filter: $0) }
    }

    func links(_ text: String) -> [Link] { NoteFacts(bytes: Array(text.utf8), parts: .links).links }

    /// What the needles say of a link's target, as written and as decoded, as a record's
    /// shapes are asked.
    func matches(_ needles: LinkNeedles, _ link: Link) -> Bool {
        var raw = link.rawTarget, target = link.target
        return raw.withUTF8 { needles.mayMatch(targetBytes: $0) } || target.withUTF8 { needles.mayMatch(targetBytes: $0) }
    }

    @Test("a note whose links name other notes is passed over; one that names the note, in any spelling, is not")
    func excludesAndKeeps() throws {
        let probe = try #require(LinkNeedles(paths: ["pages/Cobalt exam.md"]).signatureProbe)
        #expect(!mayHold(probe, links("See [[Other]], [[Alpha beta]] and [a file](Gamma.md).\n")))
        #expect(!mayHold(probe, links("No links at all.\n")))
        #expect(!mayHold(probe, links("[[ab]] [[x]]\n")))
        for text in [
            "[[Cobalt exam]]", "[[cobalt EXAM|alias]]", "[[Areas/Minor/Cobalt exam#Part]]", "[x](Cobalt%20exam.md)",
            "[x](<Cobalt exam.md>)", "[x](%43obalt%20%65xam.md)", "---\nup: \"[[\\x43obalt \\u0065xam]]\"\n---\n",
            "![[Cobalt exam]]", "[x]: <Cobalt exam.md>\n\n[y][x]",
        ] {
            let found = links(text + "\n")
            #expect(!found.isEmpty, "\(text)")
            #expect(mayHold(probe, found), "\(text)")
        }
    }

    @Test("a needle too short for a run, or none that can be used, gives no probe: every record is read")
    func noProbe() {
        #expect(LinkNeedles(paths: ["pages/Ab.md"]).signatureProbe == nil)
        #expect(LinkNeedles(paths: ["pages/Éé.md"]).signatureProbe == nil)
        #expect(LinkNeedles(paths: ["pages/Abc.md"]).signatureProbe != nil)
    }

    @Test("an entry that holds no filter, or a filter of another length than its signature says, passes every note")
    func absentFilter() throws {
        let probe = try #require(LinkNeedles(paths: ["pages/Target.md"]).signatureProbe)
        for (signature, filter): (UInt8, [UInt8]) in [(TargetSignature.absent, []), (9, [0, 0, 0]), (200, []), (64, [1, 2, 3]), (8, [0, 0])] {
            #expect(filter.withUnsafeBufferPointer { TargetSignature.mayHold(probe, signature: signature, filter: $0) }, "\(signature)")
        }
        #expect(![UInt8]().withUnsafeBufferPointer { TargetSignature.mayHold(probe, signature: 0, filter: $0) })
        var writer = ByteWriter()
        TargetSignature.append(of: links("[[Other]]\n"), known: false, to: &writer)
        #expect(writer.bytes == [TargetSignature.absent])
        #expect(TargetSignature.split([1, 2, 3, 200]) == ([1, 2, 3], TargetSignature.absent, []))
        #expect(TargetSignature.split([1, 2, 9, 9, 9, 9, 9, 9, 9, 9, 8]).signature == 8)
    }

    @Test("over random targets with escapes, cases and letters beyond ASCII, a link a needle matches is never passed over")
    func neverMissesRandom() throws {
        var generator = SeededGenerator(seed: 2026)
        let pieces = [
            "a", "B", "c", "D", "e", "x", "4", "1", " ", "-", "(", ")", "%", "%4", "%41", "%61", "%2", "\\", "\\(", "\\x", "\\x41",
            "\\x6", "\\u00e9", "\\u0041", "\\\\x42", "%%41", "é", "É", "e\u{301}", "ß", "/", "#", "'", "''", "ab", "abc", "CAB",
            "\\%41", "\\ ", "\\_", "_", "\u{212A}", "k", "\u{37E}", ";", "\\N",
        ]
        // A name with `%` or `\` is looked for in every note: the stems draw from the rest.
        let stemPieces = pieces.filter { !$0.contains("%") && !$0.contains("\\") }
        func word(_ count: Int, from pieces: [String] = pieces) -> String {
            (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        var tested = 0, kept = 0
        for _ in 0..<5000 {
            let stems = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
                word(Int.random(in: 1...4, using: &generator), from: stemPieces)
            }
            let needles = LinkNeedles(paths: stems.map { "pages/\($0).md" })
            guard let probe = needles.signatureProbe else { continue }
            var text = ""
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let inner = Bool.random(using: &generator) ? stems.randomElement(using: &generator)! : ""
                let target = word(Int.random(in: 0...3, using: &generator)) + inner + word(Int.random(in: 0...3, using: &generator))
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: text += "[[\(target)]] "
                case 1: text += "[t](<\(target).md>) "
                case 2: text += "[t](\(target.replacingOccurrences(of: " ", with: "%20")).md) "
                default: text += "---\nup: \"[[\(target)]]\"\n---\n"
                }
            }
            let found = links(text + "\n")
            tested += 1
            if found.contains(where: { matches(needles, $0) }) {
                kept += 1
                #expect(mayHold(probe, found), "\(stems) in \(text)")
            }
        }
        #expect(tested > 1000 && kept > 400, "\(tested) \(kept)")
    }

    /// A vault of a note, one that links to it and one that does not, and its cache rebuilt.
    func rebuiltCache(in folder: TemporaryFolder) throws -> CachedRuns {
        try folder.write("vault/pages/Target.md", "# Target\n")
        try folder.write("vault/pages/Wiki.md", "See [[Target]] and [[Other]].\n")
        try folder.write("vault/pages/Unrelated.md", "Only [[Other]] and [a file](Other.md).\n")
        let runs = folder.cachedRuns
        _ = try runs.run { vault in try vault.rebuildCache() }
        CachedRuns.nextTick()
        return runs
    }

    @Test("a warm backlinks passes over the records whose filter lacks the note, without reading their bodies")
    func warmQuestionSkipsBodies() throws {
        let folder = TemporaryFolder()
        let runs = try rebuiltCache(in: folder)
        let (vault, cache) = try runs.opened()
        _ = try vault.scan()
        let needles = LinkNeedles(paths: ["pages/Target.md"])
        var asked = 0
        func ask(_ path: String, probe: TargetSignature.Probe?) -> [Link]? {
            cache.links(of: path, answers: LinkTargetAnswers(), probe: probe, withTarget: { target in
                asked += 1
                return needles.mayMatch(targetBytes: target)
            })?.links
        }
        #expect(ask("pages/Unrelated.md", probe: needles.signatureProbe)?.isEmpty == true)
        #expect(asked == 0)
        #expect(ask("pages/Unrelated.md", probe: nil)?.isEmpty == true)
        #expect(asked > 0)
        asked = 0
        #expect(ask("pages/Wiki.md", probe: needles.signatureProbe)?.map(\.target) == ["Target"])
        #expect(asked > 0)
        #expect(cache.links(of: "pages/Unrelated.md", probe: needles.signatureProbe, mayMatch: { _ in true }) == false)
        try cache.finish()
    }

    @Test("the filters are kept apart from the index: a listing never reads them, and filters damaged on disk are not used")
    func filtersApartAndChecked() throws {
        let folder = TemporaryFolder()
        let runs = try rebuiltCache(in: folder)
        func backlinks(_ vault: Vault) throws -> [String] {
            let scan = try vault.scan()
            let note = try #require(scan.notes.first { $0.path == "pages/Target.md" })
            return vault.backlinkReports(to: note, scan: scan).reports.map(\.source)
        }
        let (vault, cache) = try runs.opened()
        let file = try #require(cache.files().file)
        _ = try vault.scan()
        #expect(!file.hasReadFilters)
        #expect(try backlinks(vault) == ["pages/Wiki.md"])
        #expect(file.hasReadFilters)
        let (path, filters) = (file.path, file.contents.filters)
        #expect(filters.count >= 16)
        try cache.finish()
        // Zeros in place of the filters: used, they would pass over the note that links.
        let descriptor = open(path, O_WRONLY)
        #expect(descriptor >= 0)
        let zeros = [UInt8](repeating: 0, count: filters.count)
        #expect(pwrite(descriptor, zeros, zeros.count, off_t(filters.lowerBound)) == zeros.count)
        close(descriptor)
        #expect(try runs.run(backlinks).value == ["pages/Wiki.md"])
    }
}
