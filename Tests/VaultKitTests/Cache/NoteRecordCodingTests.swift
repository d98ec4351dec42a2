import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A record written to the cache reads back as the facts the note gives, for every part a
/// command may ask for alone, and damage reads as damage, never as other facts or a crash.
@Suite("Cache records")
struct NoteRecordCodingTests {
    /// A record's index entry and body, as the cache file keeps them.
    /// The record's index entry (which shares nothing, as the cache writes it) and its body.
    static func encoded(_ record: NoteRecord, table: ByteTableBuilder? = nil, path: String = "note.md") -> (index: [UInt8], body: [UInt8]) {
        var index = ByteWriter()
        var body = ByteWriter(table: table)
        record.encode(index: &index, body: &body, path: path)
        return (index.bytes, body.bytes)
    }

    static func decoded(
        _ index: [UInt8], _ body: [UInt8], wanted: NoteFacts.Parts, table: ByteTableBuilder? = nil, path: String = "note.md"
    ) throws -> NoteRecord {
        func decode(_ table: ByteTable?) throws -> NoteRecord {
            try index.withUnsafeBufferPointer { index in
                try body.withUnsafeBufferPointer { body in
                    var reader = ByteReader(index)
                    var bodyReader = ByteReader(body, table: table)
                    return try withUnsafeMutablePointer(to: &bodyReader) { pointer in
                        try NoteRecord(index: &reader, body: pointer, wanted: wanted, taskLines: true, stem: { NoteFiles.stem(ofPath: path) })
                    }
                }
            }
        }
        guard let table else { return try decode(nil) }
        return try table.withTable { try decode($0) }
    }

    static let asked: [NoteFacts.Parts] = [.header, [.header, .tags], [.header, .tags, .headings], .links, .tasks, .blockIDs, [], .all]

    /// Round trips of every note under `root`; the notes that differ.
    static func roundTrips(_ paths: [String], dialect: NoteDialect = .markdown, shared: Bool = false) throws -> [String] {
        var differences: [String] = []
        // One table for all the notes, as a run's records share one.
        let table = shared ? ByteTableBuilder() : nil
        for path in paths {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let record = NoteRecord(status: FileStatus(kind: .file, size: Int64(bytes.count), modifiedNanoseconds: 7), bytes: bytes, racy: false, dialect: dialect)
            let (index, body) = Self.encoded(record, table: table, path: path)
            for parts in asked {
                let decoded = try Self.decoded(index, body, wanted: parts, table: table, path: path)
                // What reading the note for those parts alone gives.
                let expected = NoteFacts(bytes: bytes, parts: parts, dialect: dialect)
                var facts = decoded.facts
                facts.headerTagCount = expected.headerTagCount
                let bodyAsked = !parts.isDisjoint(with: NoteRecord.bodyParts)
                // Strings compare equal across normalization forms: their bytes must agree too.
                if facts != expected || !String(describing: facts).utf8.elementsEqual(String(describing: expected).utf8) || !decoded.isConsistent
                    || decoded.taskLines != (parts.contains(.tasks) ? record.taskLines : decoded.taskLines)
                    || decoded.status != record.status || decoded.brokenDefinitions != (bodyAsked ? record.brokenDefinitions : [])
                {
                    differences.append("\(path) \(parts.rawValue)")
                }
            }
        }
        return differences
    }

    @Test("a link form's number is its place among all forms and gives the form back; no other number is a form")
    func formNumbers() {
        for (place, form) in Link.Form.allCases.enumerated() {
            #expect(Int(form.number) == place)
            #expect(Link.Form(number: form.number) == form)
        }
        for number in UInt8(Link.Form.allCases.count)...UInt8.max { #expect(Link.Form(number: number) == nil) }
    }

    @Test("every fixture note reads back as the facts of each part alone")
    func fixtures() throws {
        let root = Fixtures.path("demo")
        let paths = OutlineAgreementTests.notes(under: root)
        #expect(paths.count > 20)
        #expect(try Self.roundTrips(paths) == [])
        #expect(try Self.roundTrips(paths, shared: true) == [])
    }

    @Test("every corpus note reads back as the facts of each part alone")
    func corpora() throws {
        guard let paths = Corpora.notes() else { return }
        #expect(try Self.roundTrips(paths) == [])
        #expect(try Self.roundTrips(paths, shared: true) == [])
        // Logseq's documentation is a graph: its notes are read by Logseq's rules there.
        let graph = paths.filter { $0.contains("/logseq-docs/") }
        #expect(!graph.isEmpty)
        #expect(try Self.roundTrips(graph, dialect: .logseq) == [])
    }

    @Test("a link written in decomposed letters reads back with the bytes of its target and of what was written")
    func decomposedTarget() throws {
        let bytes = Array("see [[Cafe\u{301} Ole\u{301}]] and [[Caf\u{E9}]]\n".utf8)
        let record = NoteRecord(status: FileStatus(kind: .file, size: 9, modifiedNanoseconds: 9), bytes: bytes, racy: false, dialect: .markdown)
        for table in [nil, ByteTableBuilder()] {
            let (index, body) = Self.encoded(record, table: table)
            let links = try Self.decoded(index, body, wanted: .links, table: table).facts.links
            try #require(links.count == record.facts.links.count)
            for (decoded, read) in zip(links, record.facts.links) {
                #expect(Array(decoded.target.utf8) == Array(read.target.utf8))
                #expect(Array(decoded.rawTarget.utf8) == Array(read.rawTarget.utf8))
            }
        }
    }

    @Test("a title that is its note's file name is not written and reads back as it was; one that differs by a byte is written")
    func titleOfTheFileName() throws {
        let composed = "Caf\u{E9} notes", decomposed = "Cafe\u{301} notes"
        let cases: [(title: String, path: String, omitted: Bool)] = [
            ("Budget", "pages/Budget.md", true), ("Budget", "pages/budget.md", false), (composed, "pages/\(composed).md", true),
            (composed, "pages/\(decomposed).md", false), ("2024.10 plan", "2024.10 plan.markdown", true), ("Budget", "Budget.md.md", false),
        ]
        for (title, path, omitted) in cases {
            let bytes = Array("---\ntitle: \"\(title)\"\n---\n\nSee [[Budget]], ![[Chart]] and [[Budget#Totals|the totals]].\n".utf8)
            let record = NoteRecord(status: FileStatus(kind: .file, size: 9, modifiedNanoseconds: 9), bytes: bytes, racy: false, dialect: .markdown)
            try #require(record.facts.title.map { Array($0.utf8) } == Array(title.utf8))
            let (index, body) = Self.encoded(record, path: path)
            let (other, _) = Self.encoded(record, path: "pages/Other name.md")
            #expect((index.count < other.count) == omitted, "\(path)")
            for parts in Self.asked where parts.contains(.header) {
                let decoded = try Self.decoded(index, body, wanted: parts, path: path)
                #expect(decoded.facts.title.map { Array($0.utf8) } == Array(title.utf8), "\(path)")
                #expect(decoded.facts == record.facts.restricted(to: parts))
            }
        }
    }

    @Test("a record that names places outside its note or its task lines is not consistent, and a sound one is")
    func consistency() {
        let bytes = Array("# T\n\n- [ ] task [[L]]\n  - [x] nested\n".utf8)
        let record = NoteRecord(status: FileStatus(kind: .file, size: Int64(bytes.count), modifiedNanoseconds: 9), bytes: bytes, racy: false, dialect: .markdown)
        #expect(record.isConsistent)
        #expect(record.facts.tasks.count == 2 && record.facts.links.count == 1)
        var forged = [record, record, record, record, record]
        forged[0].facts.links[0].range = 0..<bytes.count + 1
        forged[1].facts.tasks[0].text = forged[1].facts.tasks[0].text.lowerBound..<bytes.count + 5
        forged[2].facts.tasks[1].parent = 1
        forged[3].taskLines[0] = Array(forged[3].taskLines[0].prefix(3))
        forged[4].status.size = 4
        for (number, record) in forged.enumerated() { #expect(!record.isConsistent, "forged record \(number)") }
    }

    @Test("a note whose header ends its record (many tags, nothing after them) reads back")
    func headerAtTheEnd() throws {
        let bytes = Array("---\ntags: [a, b, c, d, e, f, g]\n---\nplain\n".utf8)
        let record = NoteRecord(status: FileStatus(kind: .file, size: 9, modifiedNanoseconds: 9), bytes: bytes, racy: false, dialect: .markdown)
        let (index, body) = Self.encoded(record)
        for parts in Self.asked {
            let decoded = try Self.decoded(index, body, wanted: parts)
            #expect(decoded.facts.tags == NoteFacts(bytes: bytes, parts: parts).tags)
        }
    }

    @Test("a record cut anywhere or with a byte changed reads as malformed or as some record, never a crash")
    func damage() throws {
        let bytes = Array("---\ntags: [a]\n---\n# T\n\n- [ ] task 📅 2026-12-01 [[L]]\n[r]: x.md\n".utf8)
        let record = NoteRecord(status: FileStatus(kind: .file, size: 9, modifiedNanoseconds: 9), bytes: bytes, racy: false, dialect: .markdown)
        let (index, body) = Self.encoded(record)
        var malformed = 0
        for cut in 0..<index.count where (try? Self.decoded(Array(index.prefix(cut)), body, wanted: .all)) == nil { malformed += 1 }
        for cut in 0..<body.count where (try? Self.decoded(index, Array(body.prefix(cut)), wanted: .all)) == nil { malformed += 1 }
        #expect(malformed == index.count + body.count, "every cut record is malformed")
        for position in index.indices {
            var changed = index
            changed[position] ^= 0xFF
            _ = try? Self.decoded(changed, body, wanted: .all)
        }
        for position in body.indices {
            var changed = body
            changed[position] ^= 0xFF
            _ = try? Self.decoded(index, changed, wanted: .all)
        }
    }
}
