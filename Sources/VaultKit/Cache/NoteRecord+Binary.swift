import VaultMarkdown
import VaultSystem

extension NoteRecord {
    /// The parts only a record's body holds: a command asking for none of them reads only
    /// the index of the cache file.
    static let bodyParts: NoteFacts.Parts = [.headings, .blockIDs, .links, .tasks]

    /// Appends the record in two pieces: its index entry (the status first, so validating
    /// it decodes nothing else, then the header facts, then the filter of its link targets,
    /// `TargetSignature`) and its body (the other facts, the
    /// task lines, the broken definitions). The index entry is written without a table
    /// (`index.table` nil), so that reading it never needs one. A title that is the stem of
    /// `path`, the note's, is not written (70,000 titles, 1.1 MB, of a 100,000-note vault).
    func encode(index: inout ByteWriter, body: inout ByteWriter, path: String) {
        assert(index.table == nil, "an index entry shares nothing")
        index.unsigned(UInt64(max(0, status.size)))
        index.int(Int(status.modifiedNanoseconds))
        // Most notes' status changed when their content did: the difference is short.
        index.int(Int(status.changedNanoseconds &- status.modifiedNanoseconds))
        index.unsigned(status.inode)
        index.unsigned(status.device)
        index.byte((complete ? 1 : 0) | (racy ? 2 : 0) | (mayHoldMergeMarkers ? 4 : 0))
        facts.encodeHeader(to: &index, titleIsStem: facts.title.map { NoteFiles.stem(ofPath: path).utf8.elementsEqual($0.utf8) } ?? false)
        // Last, where a question about a few notes' links finds it without decoding the header.
        TargetSignature.append(of: facts.links, known: complete && facts.isUTF8 && facts.parts.contains(.links), to: &index)
        facts.encodeBody(to: &body, taskLines: taskLines)
        body.unsigned(UInt64(brokenDefinitions.count))
        for definition in brokenDefinitions {
            body.int(definition.line)
            body.string(definition.text)
            body.string(definition.reason)
        }
    }

    /// What an index entry says before its facts are decoded: enough to tell whether the
    /// record serves a file of some status, and what it holds.
    struct Head {
        /// The file's status when it was read.
        let status: FileStatus
        /// 1: the file was read whole; 2: it was racy; 4: it may hold merge markers.
        let flags: UInt8
        /// The parts of its facts the record holds.
        let parts: NoteFacts.Parts
        /// The header's flags (see `NoteFacts.header(from:)`): 1 when the note is valid UTF-8.
        let factFlags: UInt8

        var isRacy: Bool { flags & 2 != 0 }
        var isComplete: Bool { flags & 1 != 0 }
        var isUTF8: Bool { factFlags & 1 != 0 }
    }

    /// The head of the index entry in `index[range]`; nil when it cannot be read.
    static func head(in index: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Head? {
        var reader = ByteReader(index, start: range.lowerBound, end: range.upperBound)
        guard let (status, flags) = try? head(&reader), let parts = try? reader.byte(), let factFlags = try? reader.byte() else { return nil }
        return Head(status: status, flags: flags, parts: NoteFacts.Parts(rawValue: parts), factFlags: factFlags)
    }

    /// The status and flags at the head of an index entry.
    static func head(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> (status: FileStatus, flags: UInt8) {
        let size = Int64(truncatingIfNeeded: try reader.unsigned())
        let modified = Int64(try reader.int())
        let changed = modified &+ Int64(try reader.int())
        let inode = try reader.unsigned()
        let device = try reader.unsigned()
        let flags = try reader.byte()
        return (
            FileStatus(kind: .file, size: size, modifiedNanoseconds: modified, changedNanoseconds: changed, device: device, inode: inode),
            flags
        )
    }

    /// Reads the broken definitions a body keeps after its facts.
    static func brokenDefinitions(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> [BrokenDefinition] {
        var definitions: [BrokenDefinition] = []
        for _ in 0..<(try reader.count()) {
            let line = try reader.int()
            let text = try reader.string()
            definitions.append(BrokenDefinition(line: line, text: text, reason: try reader.string()))
        }
        return definitions
    }

    /// Decodes a record from its index entry and, when `wanted` needs it, its body (nil when
    /// the body cannot be had: the record then holds only its header facts); `stem` gives
    /// the stem of the path it was written for, asked only of a title not written.
    init(
        index: inout ByteReader, body: UnsafeMutablePointer<ByteReader>?, wanted: NoteFacts.Parts, taskLines wantsTaskLines: Bool,
        stem: () -> String
    ) throws(ByteReader.Malformed) {
        let (status, flags) = try Self.head(&index)
        let header = try NoteFacts.header(from: &index)
        try TargetSignature.skip(&index)
        var facts = header.facts
        if header.titleIsStem { facts.title = stem() }
        var lines: [[UInt8]] = []
        var definitions: [BrokenDefinition] = []
        if let body, !wanted.isDisjoint(with: Self.bodyParts) {
            try withUnsafeMutablePointer(to: &lines) { pointer throws(ByteReader.Malformed) in
                try facts.decodeBody(from: &body.pointee, header: header, wanted: wanted, taskLines: wantsTaskLines ? pointer : nil)
            }
            definitions = try Self.brokenDefinitions(&body.pointee)
        }
        facts.restrict(to: wanted)
        self.init(
            status: status, complete: flags & 1 != 0, racy: flags & 2 != 0, facts: facts, taskLines: lines,
            brokenDefinitions: definitions, mayHoldMergeMarkers: flags & 4 != 0)
    }
}
