import VaultMarkdown

/// Where a vault's journals are and how their files are named: `journals/YYYY-MM-DD.md` (also
/// Logseq's `YYYY_MM_DD.md`, at any depth of the folder); in a Logseq graph its journal
/// file-name format; in an Obsidian vault with daily notes settings their folder (the top
/// folder when empty) and moment format, whose slashes make folders (`YYYY/MM/YYYY-MM-DD`).
public struct JournalNaming: Sendable {
    /// How a day becomes a file name.
    public enum Format: Sendable {
        /// `YYYY-MM-DD`, read also as `YYYY_MM_DD`, the file name at any depth.
        case standard
        /// Logseq's `:journal/file-name-format`, then the standard names.
        case logseq(LogseqDateFormat)
        /// Obsidian's daily note format: the path below the folder, without its extension;
        /// a standard name directly in the folder is read too.
        case moment(MomentDateFormat)
    }

    /// The journals folder, vault-relative; empty for the vault's top folder.
    public let folder: String
    public let format: Format

    public init(folder: String, format: Format) {
        self.folder = folder
        self.format = format
    }

    /// How many folders below `folder` a journal of a moment format is (nil: any depth), so
    /// that listing the journals descends no further.
    public var depth: Int? {
        guard case .moment(let moment) = format else { return nil }
        return moment.format(.init(day: CalendarDay(year: 2026, month: 11, day: 30)!)).count(where: { $0 == "/" })
    }

    /// The name of a day's journal below `folder`, without its extension.
    public func name(for day: CalendarDay) -> String {
        switch format {
        case .standard: return day.description
        case .logseq(let logseq): return logseq.format(day)
        case .moment(let moment): return moment.format(.init(day: day))
        }
    }

    /// The vault-relative path of a new journal for a day in `folder` (as written on disk).
    public func path(for day: CalendarDay, in folder: String) -> String {
        (folder.isEmpty ? "" : folder + "/") + name(for: day) + ".md"
    }

    /// The day a journal's name below the folder gives (without its extension), nil when it
    /// names no day in this format.
    public func day(fromName name: String) -> CalendarDay? {
        let stem = name.split(separator: "/").last.map(String.init) ?? name
        func standard(_ text: String) -> CalendarDay? { NoteReader.journalDate(fromStem: text).flatMap { CalendarDay($0) } }
        switch format {
        case .standard: return standard(stem)
        case .logseq(let logseq): return logseq.day(from: stem) ?? standard(stem)
        case .moment(let moment): return moment.day(from: name) ?? (name.contains("/") ? nil : standard(name))
        }
    }

    /// True in a Logseq graph, whose `.org` journals are journals too.
    var readsOrg: Bool {
        if case .logseq = format { return true }
        return false
    }

    /// The day of the journal at a vault-relative path, nil when it is no journal: not a
    /// note under `folder` (compared as the disk compares names) or not named for a day.
    public func day(ofPath path: String) -> CalendarDay? {
        guard let dot = path.lastIndex(of: "."), NoteFiles.isNoteName(String(path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]), org: readsOrg)
        else { return nil }
        var name = String(path[..<dot])
        if !folder.isEmpty {
            let count = folder.split(separator: "/").count
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count > count, Naming.collisionKey(parts[..<count].joined(separator: "/")) == Naming.collisionKey(folder)
            else { return nil }
            name = parts[count...].joined(separator: "/")
        }
        return day(fromName: name)
    }
}
