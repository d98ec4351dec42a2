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

    /// The findings of a note whose file had a status of `stamp` (`FileStatus.sameFileStamp`).
    struct Entry: Sendable {
        var stamp: UInt64
        var findings: Findings

        init(stamp: UInt64, findings: Findings) {
            self.stamp = stamp
            self.findings = findings
        }

        init(status: FileStatus, findings: Findings) {
            self.init(stamp: status.sameFileStamp, findings: findings)
        }
    }

    static let magic: [UInt8] = Array("VAULTCM".utf8) + [3]
    /// The largest memo read: far beyond the findings of a million notes.
    static let largest: Int64 = 1 << 30

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
    /// The file is a `MemoFile`: its first piece holds the key and the number of notes, the
    /// others whole entries.
    @discardableResult
    static func read(
        _ path: String, key: UInt64, paths: some RandomAccessCollection<String>, fileSystem: any FileSystem,
        take: (Int, Entry) -> Bool
    ) -> Bool {
        MemoFile.read(path, magic: magic, largest: largest, fileSystem: fileSystem) { pieces throws(ByteReader.Malformed) -> Bool? in
            guard var head = try pieces.next(), try head.fixed64() == key, try head.unsigned() == UInt64(paths.count), head.isAtEnd
            else { return false }
            var position = 0
            while position < paths.count {
                guard var reader = try pieces.next() else { return false }
                while !reader.isAtEnd && position < paths.count {
                    let path = paths[paths.index(paths.startIndex, offsetBy: position)]
                    if let entry = try decodeEntry(&reader, path: path), !take(position, entry) { return false }
                    position += 1
                }
                guard reader.isAtEnd else { return false }
            }
            return pieces.isAtEnd
        } ?? false
    }

    // An entry is its stamp, then each report: its line, form, whether it embeds, its
    // context, its text and target (each, as most are, where it is found in the one before:
    // its offset plus one and its length, else 0 and itself), its fragment, where it
    // resolves and among how many. Written whole, the text and target of the 30,000
    // dangling links of a 100,000-note vault were 1.4 MB of a memo of 9 MB, and each
    // note's status 2 MB.

    private static func decodeEntry(_ reader: inout ByteReader, path: String) throws(ByteReader.Malformed) -> Entry? {
        guard try reader.bool() else { return nil }
        var entry = Entry(stamp: try reader.fixed64(), findings: Findings())
        for _ in 0..<(try reader.count()) {
            let line = try reader.int()
            guard let form = Link.Form(number: try reader.byte()) else { throw ByteReader.Malformed(offset: reader.offset - 1) }
            let embed = try reader.bool()
            let context = try reader.string()
            let text = try part(&reader, of: context)
            entry.findings.reports.append(
                LinkReport(
                    source: path, line: line, text: text, form: form, embed: embed,
                    target: try part(&reader, of: text),
                    fragment: try reader.optionalString(), resolved: try reader.optionalString(), candidates: try reader.int(),
                    context: context))
        }
        for _ in 0..<(try reader.count()) { entry.findings.broken.append(VaultWarning(path: path, message: try reader.string())) }
        return entry
    }

    private static func encode(_ entry: Entry?, into writer: inout ByteWriter) {
        writer.bool(entry != nil)
        guard let entry else { return }
        writer.fixed64(entry.stamp)
        writer.unsigned(UInt64(entry.findings.reports.count))
        for report in entry.findings.reports {
            writer.int(report.line)
            writer.byte(report.form.number)
            writer.bool(report.embed)
            let context = report.context
            writer.string(context)
            part(report.text, of: context, into: &writer)
            part(report.target, of: report.text, into: &writer)
            writer.optionalString(report.fragment)
            writer.optionalString(report.resolved)
            writer.int(report.candidates)
        }
        writer.unsigned(UInt64(entry.findings.broken.count))
        for warning in entry.findings.broken { writer.string(warning.message) }
    }

    /// Writes `value` as where its bytes are first found in `whole`, or as itself.
    private static func part(_ value: String, of whole: String, into writer: inout ByteWriter) {
        var (value, whole) = (value, whole)
        let offset = value.withUTF8 { needle in
            whole.withUTF8 { haystack -> Int? in
                guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
                return ByteScan.findRun(needle, first: 0, second: needle.count - 1, caseSensitive: true, in: haystack, 0..<haystack.count)
            }
        }
        guard let offset else {
            writer.unsigned(0)
            writer.string(value)
            return
        }
        writer.unsigned(UInt64(offset) + 1)
        writer.unsigned(UInt64(value.utf8.count))
    }

    /// Reads what `part(_:of:into:)` wrote of a part of `whole`.
    private static func part(_ reader: inout ByteReader, of whole: String) throws(ByteReader.Malformed) -> String {
        let start = try reader.unsigned()
        guard start > 0 else { return try reader.string() }
        let length = try reader.unsigned()
        let bytes = whole.utf8
        guard start - 1 <= UInt64(bytes.count), length <= UInt64(bytes.count) - (start - 1) else {
            throw ByteReader.Malformed(offset: reader.offset)
        }
        let from = bytes.index(bytes.startIndex, offsetBy: Int(start - 1))
        return String(decoding: bytes[from..<bytes.index(from, offsetBy: Int(length))], as: UTF8.self)
    }

    /// Writes a memo of `count` entries, each asked of `entry` in order, to `path`, replacing
    /// the file there whole, a piece of about 256 KiB at a time: neither the file (6.4 MB at
    /// 100,000 notes) nor its entries are held whole. A run that cannot write it leaves the
    /// next check to work it all out again.
    static func save(
        key: UInt64, count: Int, to path: String, folder: String, fileSystem: any FileSystem, entry: (Int) -> Entry?
    ) {
        MemoFile.save(path, magic: magic, folder: folder, fileSystem: fileSystem) { file in
            var writer = ByteWriter(capacity: 1 << 18)
            writer.fixed64(key)
            writer.unsigned(UInt64(count))
            try file.piece(writer.take())
            for position in 0..<count {
                encode(entry(position), into: &writer)
                if writer.bytes.count >= 1 << 18 { try file.piece(writer.take()) }
            }
            if !writer.bytes.isEmpty { try file.piece(writer.take()) }
        }
    }
}
