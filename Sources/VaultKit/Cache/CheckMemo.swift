import VaultMarkdown
import VaultSystem

/// What the last `vault check` found in each note, kept in the cache folder
/// (`CacheLocation.checkFile`): a check of a vault that did not change resolves no link and
/// opens no note.
///
/// A note's findings follow from its bytes, its path and the names of every file of the
/// vault. The memo holds them for one set of names (its key: `LinkIndex.key` with the
/// program and the vault's folder and dialect), and each note's under the status its file
/// had when its record was found valid, and so not racy: a file of that status has the
/// bytes the findings were made from (see `FactsCache.walkedLinkStatus(of:)`). Under
/// another key every note is checked afresh; under the same, each note of another status.
///
/// A memo that cannot be read or written costs the work it would have saved, nothing else:
/// it is not warned of, as the cache file is.
enum CheckMemo {
    /// What one note gave a check.
    struct Findings: Sendable {
        /// Its dangling and ambiguous links, in order.
        var reports: [LinkReport] = []
        /// Its lines that begin like a reference definition but are read as text.
        var broken: [VaultWarning] = []
    }

    /// The findings of a note whose file had `status`.
    struct Entry: Sendable {
        var status: FileStatus
        var findings: Findings
    }

    static let magic: [UInt8] = Array("VAULTCM".utf8) + [1]

    /// The key of a memo for the links of a vault whose index has the key `index`.
    static func key(index: UInt64, location: CacheLocation, isLogseqGraph: Bool) -> UInt64 {
        var writer = ByteWriter()
        writer.fixed64(index)
        // The program, and the cache's format for one whose file cannot be told (no /proc).
        writer.fixed64(CacheFileFormat.program)
        writer.unsigned(CacheFileFormat.version)
        writer.string(location.rootRealPath)
        writer.string(location.dialect.rawValue)
        writer.bool(isLogseqGraph)
        return Checksum64.of(writer.take())
    }

    /// Reads the memo in the file at `path`, when it holds entries for `key` and the `paths`
    /// of a scan's notes, handing each entry to `take` with its position as it is read (the
    /// entries are never all held); `take` returns false to stop. False when there is no
    /// such memo, or when it is found damaged (what was handed before is sound: each piece
    /// is checked before its entries are read).
    ///
    /// The file is the magic, then pieces, each its length, its bytes and their checksum: the
    /// first holds the key and the number of notes, the others whole entries.
    @discardableResult
    static func read(
        _ path: String, key: UInt64, paths: some RandomAccessCollection<String>, fileSystem: any FileSystem,
        take: (Int, Entry) -> Bool
    ) -> Bool {
        guard CacheFileFormat.program != 0, let bytes = try? fileSystem.readFile(path), bytes.starts(with: magic) else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var file = ByteReader(buffer, start: magic.count)
            func piece() throws(ByteReader.Malformed) -> ByteReader {
                let length = try file.count()
                let start = file.offset
                file = ByteReader(buffer, start: start + length)
                let sum = Checksum64.of(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[start..<start + length]))
                guard try file.fixed64() == sum else { throw ByteReader.Malformed(offset: start) }
                return ByteReader(buffer, start: start, end: start + length)
            }
            do {
                var head = try piece()
                guard try head.fixed64() == key, try head.unsigned() == UInt64(paths.count) else { return false }
                var position = 0
                while position < paths.count {
                    var reader = try piece()
                    while !reader.isAtEnd && position < paths.count {
                        let path = paths[paths.index(paths.startIndex, offsetBy: position)]
                        if let entry = try decodeEntry(&reader, path: path), !take(position, entry) { return false }
                        position += 1
                    }
                    guard reader.isAtEnd else { return false }
                }
                return file.isAtEnd
            } catch {
                return false
            }
        }
    }

    private static func decodeEntry(_ reader: inout ByteReader, path: String) throws(ByteReader.Malformed) -> Entry? {
        guard try reader.bool() else { return nil }
        let size = Int64(truncatingIfNeeded: try reader.unsigned())
        let modified = Int64(try reader.int())
        let changed = modified &+ Int64(try reader.int())
        let status = FileStatus(
            kind: .file, size: size, modifiedNanoseconds: modified, changedNanoseconds: changed, device: try reader.unsigned(),
            inode: try reader.unsigned())
        var findings = Findings()
        for _ in 0..<(try reader.count()) {
            let line = try reader.int()
            let text = try reader.string()
            guard let form = Link.Form(rawValue: try reader.string()) else { throw ByteReader.Malformed(offset: reader.offset) }
            findings.reports.append(
                LinkReport(
                    source: path, line: line, text: text, form: form, embed: try reader.bool(), target: try reader.string(),
                    fragment: try reader.optionalString(), resolved: try reader.optionalString(), candidates: try reader.int(),
                    context: try reader.string()))
        }
        for _ in 0..<(try reader.count()) { findings.broken.append(VaultWarning(path: path, message: try reader.string())) }
        return Entry(status: status, findings: findings)
    }

    private static func encode(_ entry: Entry?, into writer: inout ByteWriter) {
        writer.bool(entry != nil)
        guard let entry else { return }
        let status = entry.status
        writer.unsigned(UInt64(truncatingIfNeeded: status.size))
        writer.int(Int(status.modifiedNanoseconds))
        writer.int(Int(status.changedNanoseconds &- status.modifiedNanoseconds))
        writer.unsigned(status.device)
        writer.unsigned(status.inode)
        writer.unsigned(UInt64(entry.findings.reports.count))
        for report in entry.findings.reports {
            writer.int(report.line)
            writer.string(report.text)
            writer.string(report.form.rawValue)
            writer.bool(report.embed)
            writer.string(report.target)
            writer.optionalString(report.fragment)
            writer.optionalString(report.resolved)
            writer.int(report.candidates)
            writer.string(report.context)
        }
        writer.unsigned(UInt64(entry.findings.broken.count))
        for warning in entry.findings.broken { writer.string(warning.message) }
    }

    /// Writes a memo of `count` entries, each asked of `entry` in order, to `path`, replacing
    /// the file there whole, a piece of about 256 KiB at a time: neither the file (9 MB at
    /// 100,000 notes) nor its entries are held whole. A run that cannot write it leaves the
    /// next check to work it all out again; so does a program that cannot tell which it is
    /// (`CacheFileFormat.program` is 0), whose rules the next build may not share.
    static func save(
        key: UInt64, count: Int, to path: String, folder: String, fileSystem: any FileSystem, entry: (Int) -> Entry?
    ) {
        guard CacheFileFormat.program != 0 else { return }
        try? fileSystem.createDirectories(folder)
        try? SafeWriter(fileSystem: fileSystem).replaceDerived(path) { write in
            var writer = ByteWriter(capacity: 1 << 18)
            func flush() throws {
                let bytes = writer.take()
                var framing = ByteWriter()
                framing.unsigned(UInt64(bytes.count))
                try write(framing.take())
                try write(bytes)
                framing.fixed64(Checksum64.of(bytes))
                try write(framing.take())
            }
            try write(magic)
            writer.fixed64(key)
            writer.unsigned(UInt64(count))
            try flush()
            for position in 0..<count {
                encode(entry(position), into: &writer)
                if writer.bytes.count >= 1 << 18 { try flush() }
            }
            if !writer.bytes.isEmpty { try flush() }
        }
    }
}
