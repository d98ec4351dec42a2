import VaultMarkdown
import VaultSystem

/// The page names of a Logseq graph's notes, as Logseq gives them: a page's `title::`, else
/// its file name read in the graph's file-name format (`a___b.md`, or `a%2Fb.md` and `a.b.md`
/// in the legacy format, is page `a/b`), a journal's day in the journal title format
/// (`journals/2021_02_02.md` is `Feb 2nd, 2021`), and each name of its `alias::`. Names are
/// compared as Logseq compares them: without regard to case (and after NFC).
public struct LogseqPages: Sendable {
    /// What a page's first block says of its names.
    public struct Header: Sendable, Equatable {
        public var title: String?
        public var aliases: [String]

        public init(title: String?, aliases: [String]) {
            self.title = title
            self.aliases = aliases
        }
    }

    public let config: LogseqConfig
    /// The headers of the pages that have a `title::` or `alias::`, by path.
    public private(set) var headers: [String: Header]

    public init(config: LogseqConfig, headers: [String: Header]) {
        self.config = config
        self.headers = headers
    }

    /// The name of a page, first the one Logseq shows, then its aliases.
    public func names(of path: String) -> [String] {
        let header = headers[path]
        return [header?.title ?? fileName(of: path)] + (header?.aliases ?? [])
    }

    /// The name Logseq shows for a page.
    public func name(of path: String) -> String { names(of: path)[0] }

    /// The page name a file's path gives: a journal's day in the title format, else the
    /// file name read in the file-name format.
    public func fileName(of path: String) -> String {
        let file = String(path.split(separator: "/").last ?? Substring(path))
        let stem = NoteFiles.stem(file)
        if Naming.collisionKey(LinkIndex.folder(of: path)) == Naming.collisionKey(config.journalsFolder),
            let day = journalDay(fromStem: stem)
        {
            return config.journalTitle.format(day)
        }
        return Self.pageName(fromStem: stem, format: config.fileNameFormat)
    }

    /// The day a journal's file name gives, in the graph's journal file-name format (also
    /// `YYYY-MM-DD`, which `vault` wrote before it read Logseq's settings).
    public func journalDay(fromStem stem: String) -> CalendarDay? {
        config.journalFileName.day(from: stem) ?? NoteReader.journalDate(fromStem: stem).flatMap { CalendarDay($0) }
    }

    /// The page name of a file stem in a file-name format.
    public static func pageName(fromStem stem: String, format: LogseqConfig.FileNameFormat) -> String {
        switch format {
        case .tripleLowbar:
            return PercentEncoding.decode(stem.replacing("___", with: "/"))
        case .legacy:
            // Older graphs wrote `/` as `.` or, where the name held a dot, percent-encoded.
            if stem.contains("%") { return PercentEncoding.decode(stem) }
            return stem.replacing(".", with: "/")
        }
    }

    /// The file stem a page name is written as in a file-name format: `/` as `___` (or `%2F`
    /// in the legacy format), the characters no file name may hold percent-encoded.
    public static func fileStem(forPageName name: String, format: LogseqConfig.FileNameFormat) -> String {
        var stem = ""
        for character in name {
            switch character {
            case "/": stem += format == .tripleLowbar ? "___" : "%2F"
            case "\\", ":", "*", "?", "\"", "<", ">", "|", "#", "%":
                stem += String(character).utf8.map { "%" + Digits.hex($0, width: 2, uppercase: true) }.joined()
            case ".": stem += format == .legacy ? "%2E" : "."
            default: stem.append(character)
            }
        }
        return stem
    }

    /// The pages after some files moved (`moves` maps old path to new path): a moved page
    /// keeps its aliases, and a `title::` follows its new name (the rename writes it).
    public func moving(_ moves: [String: String]) -> LogseqPages {
        var moved = headers
        for (from, to) in moves {
            guard var header = moved.removeValue(forKey: from) else { continue }
            if header.title != nil && NoteFiles.stem(from.fileName) != NoteFiles.stem(to.fileName) {
                header.title = fileName(of: to)
            }
            moved[to] = header
        }
        return LogseqPages(config: config, headers: moved)
    }
}

extension Vault {
    /// The page names of a Logseq graph's notes, nil elsewhere: the start of every note is
    /// read for its `title::` and `alias::`.
    public func logseqPages(_ notes: [Note]) -> LogseqPages? {
        guard let logseq else { return nil }
        let readable = notes.filter { $0.availability == .available && $0.kind != .trash }
        let headers = ParallelMap.map(readable.count) { index -> (String, LogseqPages.Header)? in
            // Page properties are the first lines: the start of the file holds them.
            guard let bytes = try? fileSystem.readPrefix(absolutePath(readable[index].path), limit: NoteReader.summaryPrefix).bytes,
                let properties = NoteStructure(bytes: bytes, extent: .header, dialect: NoteDialect.logseq.forFile(readable[index].path)).properties
            else { return nil }
            let title = properties["title"].flatMap { $0.isEmpty ? nil : $0 }
            let aliases = properties.names("alias")
            return title == nil && aliases.isEmpty ? nil : (readable[index].path, LogseqPages.Header(title: title, aliases: aliases))
        }
        var byPath: [String: LogseqPages.Header] = [:]
        for case let (path, header)? in headers { byPath[path] = header }
        return LogseqPages(config: logseq, headers: byPath)
    }
}
