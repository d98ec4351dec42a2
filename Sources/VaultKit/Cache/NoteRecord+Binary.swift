import VaultMarkdown
import VaultSystem

extension NoteRecord {
    /// Appends the record; its status comes first, so that validating it decodes nothing else.
    func encode(to writer: inout ByteWriter) {
        writer.unsigned(UInt64(max(0, status.size)))
        writer.int(Int(status.modifiedNanoseconds))
        writer.int(Int(status.changedNanoseconds))
        writer.unsigned(status.inode)
        writer.unsigned(status.device)
        writer.byte((complete ? 1 : 0) | (racy ? 2 : 0) | (mayHoldMergeMarkers ? 4 : 0))
        facts.encode(to: &writer, taskLines: taskLines)
        writer.unsigned(UInt64(brokenDefinitions.count))
        for definition in brokenDefinitions {
            writer.int(definition.line)
            writer.string(definition.text)
            writer.string(definition.reason)
        }
    }

    /// The status and flags at the head of an encoded record.
    static func head(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> (status: FileStatus, flags: UInt8) {
        let size = Int64(truncatingIfNeeded: try reader.unsigned())
        let modified = Int64(try reader.int())
        let changed = Int64(try reader.int())
        let inode = try reader.unsigned()
        let device = try reader.unsigned()
        let flags = try reader.byte()
        return (
            FileStatus(kind: .file, size: size, modifiedNanoseconds: modified, changedNanoseconds: changed, device: device, inode: inode),
            flags
        )
    }

    /// Decodes a record, reading only the `wanted` facts and, unless asked for, no task lines.
    init(from reader: inout ByteReader, wanted: NoteFacts.Parts, taskLines wantsTaskLines: Bool) throws(ByteReader.Malformed) {
        let (status, flags) = try Self.head(&reader)
        var lines: [[UInt8]] = []
        let facts = try withUnsafeMutablePointer(to: &lines) { pointer throws(ByteReader.Malformed) in
            try NoteFacts(from: &reader, wanted: wanted, taskLines: wantsTaskLines ? pointer : nil)
        }
        var definitions: [BrokenDefinition] = []
        for _ in 0..<(try reader.count()) {
            let line = try reader.int()
            let text = try reader.string()
            definitions.append(BrokenDefinition(line: line, text: text, reason: try reader.string()))
        }
        self.init(
            status: status, complete: flags & 1 != 0, racy: flags & 2 != 0, facts: facts, taskLines: lines,
            brokenDefinitions: definitions, mayHoldMergeMarkers: flags & 4 != 0)
    }
}
