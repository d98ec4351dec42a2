import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A record written to the cache reads back as the facts the note gives, for every part a
/// command may ask for alone, and damage reads as damage, never as other facts or a crash.
@Suite("Cache records")
struct NoteRecordCodingTests {
    static let asked: [NoteFacts.Parts] = [.header, [.header, .tags], [.header, .tags, .headings], .links, .tasks, .blockIDs, [], .all]

    /// Round trips of every note under `root`; the notes that differ.
    static func roundTrips(_ paths: [String], dialect: NoteDialect = .markdown) throws -> [String] {
        var differences: [String] = []
        for path in paths {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let record = NoteRecord(status: FileStatus(kind: .file, size: Int64(bytes.count), modifiedNanoseconds: 7), bytes: bytes, racy: false, dialect: dialect)
            var writer = ByteWriter()
            record.encode(to: &writer)
            for parts in asked {
                let decoded = try writer.bytes.withUnsafeBufferPointer { buffer in
                    var reader = ByteReader(buffer)
                    return try NoteRecord(from: &reader, wanted: parts, taskLines: true)
                }
                // What reading the note for those parts alone gives.
                let expected = NoteFacts(bytes: bytes, parts: parts, dialect: dialect)
                var facts = decoded.facts
                facts.headerTagCount = expected.headerTagCount
                if facts != expected || decoded.taskLines != (parts.contains(.tasks) ? record.taskLines : decoded.taskLines)
                    || decoded.status != record.status || decoded.brokenDefinitions != record.brokenDefinitions
                {
                    differences.append("\(path) \(parts.rawValue)")
                }
            }
        }
        return differences
    }

    @Test("every fixture note reads back as the facts of each part alone")
    func fixtures() throws {
        let root = Fixtures.path("demo")
        let paths = OutlineAgreementTests.notes(under: root)
        #expect(paths.count > 20)
        #expect(try Self.roundTrips(paths) == [])
    }

    @Test("every corpus note reads back as the facts of each part alone")
    func corpora() throws {
        guard let paths = Corpora.notes() else { return }
        #expect(try Self.roundTrips(paths) == [])
        // Logseq's documentation is a graph: its notes are read by Logseq's rules there.
        let graph = paths.filter { $0.contains("/logseq-docs/") }
        #expect(!graph.isEmpty)
        #expect(try Self.roundTrips(graph, dialect: .logseq) == [])
    }

    @Test("a record cut anywhere or with a byte changed reads as malformed or as some record, never a crash")
    func damage() throws {
        let bytes = Array("---\ntags: [a]\n---\n# T\n\n- [ ] task 📅 2026-12-01 [[L]]\n[r]: x.md\n".utf8)
        let record = NoteRecord(status: FileStatus(kind: .file, size: 9, modifiedNanoseconds: 9), bytes: bytes, racy: false, dialect: .markdown)
        var writer = ByteWriter()
        record.encode(to: &writer)
        let encoded = writer.bytes
        var malformed = 0
        for cut in 0..<encoded.count {
            let prefix = Array(encoded.prefix(cut))
            if (try? prefix.withUnsafeBufferPointer { buffer in
                var reader = ByteReader(buffer)
                return try NoteRecord(from: &reader, wanted: .all, taskLines: true)
            }) == nil { malformed += 1 }
        }
        #expect(malformed == encoded.count, "every cut record is malformed")
        for index in encoded.indices {
            var changed = encoded
            changed[index] ^= 0xFF
            _ = try? changed.withUnsafeBufferPointer { buffer in
                var reader = ByteReader(buffer)
                return try NoteRecord(from: &reader, wanted: .all, taskLines: true)
            }
        }
    }
}
