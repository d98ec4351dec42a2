import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Throws a thought or a link into the vault (`quick/` or `inbox/`) without reading the
/// vault: only the target folder is listed, so a capture costs about a process start.
public struct Capture {
    /// Where a capture goes.
    public enum Destination: String, Sendable {
        case quick, inbox

        var kind: FolderKind { self == .quick ? .quick : .inbox }
    }

    /// What was captured, or where the same link already was.
    public struct Result: Sendable, Codable, Equatable {
        public var path: String
        public var title: String
        public var created: Date
        /// Set when the link was already captured: the note that holds it.
        public var alreadyCaptured: Bool
        /// Tags added to an earlier capture of the same link.
        public var addedTags: [String]
        /// On a dry run, the new note as a diff that creates it (nil otherwise, and for a
        /// link captured before).
        public var diff: String?
    }

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// Captures `bytes` (kept exactly, line endings and all) as a new note.
    ///
    /// - Parameters:
    ///   - title: the note's title; else a link's host, else the first line (60 characters
    ///     at most), else `Quick Note YYYY-MM-DD HHmm`.
    ///   - force: capture a link again even when the vault already holds it.
    ///   - now: the time of the capture; the vault's clock when nil.
    public func capture(
        _ bytes: [UInt8], title: String? = nil, to destination: Destination = .quick, tags: [String] = [],
        force: Bool = false, now: Date? = nil, dryRun: Bool = false
    ) throws -> Result {
        let now = now ?? vault.clock.now()
        let text = String(decoding: bytes, as: UTF8.self)
        guard !text.isBlank else { throw VaultError.emptyText(what: "capture") }
        let url = Self.soleURL(text)
        let folder = vault.spelledAsOnDisk(folder: vault.layout.folder(for: destination.kind) ?? destination.rawValue)
        // Before an earlier capture is looked for: what is read must be inside the vault too.
        try vault.checkInside(folder: folder)
        // Under the lock from the look for an earlier capture to the write, so two captures of
        // one link by two `vault` processes make one note.
        return try ChangeExecutor(vault: vault).whileLocked(unless: dryRun) { executor in
            if let url, !force, let earlier = try findCapture(of: url.text) {
                let added = dryRun ? [] : try addTags(tags, to: earlier, executor: executor)
                return Result(path: earlier, title: url.host, created: now, alreadyCaptured: true, addedTags: added)
            }
            return try captureNew(bytes, title: title, url: url, text: text, folder: folder, tags: tags, now: now, dryRun: dryRun, executor: executor)
        }
    }

    /// Captures into a new note, named after `title`, the link's host or the first line.
    private func captureNew(
        _ bytes: [UInt8], title: String?, url: (text: String, host: String)?, text: String, folder: String, tags: [String], now: Date,
        dryRun: Bool, executor: ChangeExecutor
    ) throws -> Result {
        let name = title.map(Naming.cleanTitle) ?? url.map { linkTitle($0, folder: folder) } ?? Self.firstLine(text) ?? Self.fallbackTitle(now)
        var content = bytes
        // A note ends with a line break, as every line of a text file does.
        if let last = content.last, last != 0x0A && last != 0x0D { content += NoteText.lineEnding(of: bytes) }
        if let title, !Naming.cleanTitle(title).isEmpty {
            // One line that reads back as the title: no line break or control character in it.
            let heading = "# \(Naming.headingMarkup(forTitle: name))\n\n"
            content = NoteText.lines(heading, ending: NoteText.lineEnding(of: bytes)) + content
        }
        if !tags.isEmpty, let tagged = NoteText.addingTags(tags, to: content) { content = tagged }
        let stem = Naming.fileStem(forTitle: name)
        let path = try vault.createNote(in: folder, stem: stem, content: content, dryRun: dryRun, executor: executor)
        let diff = dryRun ? NoteRewrite(path: path, before: [], after: content, isNew: true, snapshot: .absent).diff() : nil
        return Result(path: path, title: name, created: now, alreadyCaptured: false, addedTags: [], diff: diff)
    }

    /// A link capture's title: the host, or, when a note in `folder` is named after the host
    /// already, the host and the part of the link that tells its pages apart
    /// (`swift.org documentation`), so the second link from a site is not `swift.org 2`.
    private func linkTitle(_ url: (text: String, host: String), folder: String) -> String {
        let stem = Naming.fileStem(forTitle: url.host)
        let key = Naming.collisionKey(stem)
        let entries = (try? vault.fileSystem.entries(vault.absolutePath(folder), whereName: { Naming.mayCollide($0, withStem: stem) })) ?? []
        let taken = entries.contains { entry in
            let name = Placeholders.noteName(forPlaceholder: entry.name) ?? entry.name
            return NoteFiles.isNoteName(name) && Naming.collisionKey(NoteFiles.stem(name)) == key
        }
        guard taken, let page = Self.pageWords(url.text) else { return url.host }
        return String((url.host + " " + page).prefix(60)).trimmed()
    }

    /// The words of a link's path (`/documentation/api-design.html` gives
    /// `documentation api-design`), else of its query, else of its fragment; nil when the
    /// link has none of them.
    static func pageWords(_ link: String) -> String? {
        guard let parts = URLComponents(string: link) else { return nil }
        var path = PercentEncoding.strictDecode(parts.percentEncodedPath) ?? parts.path
        for suffix in [".html", ".htm", ".php", ".aspx"] where path.lowercased().hasSuffix(suffix) {
            path = String(path.dropLast(suffix.count))
        }
        let candidates = [path, parts.query ?? "", parts.fragment ?? ""]
        for candidate in candidates {
            let words = candidate.split(whereSeparator: { "/?&=#".contains($0) }).joined(separator: " ")
            let title = Naming.cleanTitle(words)
            if !title.isEmpty { return title }
        }
        return nil
    }

    /// Appends a capture to a day's journal (made when absent) instead of a new note.
    public func captureToJournal(_ bytes: [UInt8], day: CalendarDay, dryRun: Bool = false) throws -> Result {
        let text = String(decoding: bytes, as: UTF8.self)
        let change = try Journals(vault: vault).append(text, to: day, dryRun: dryRun)
        return Result(
            path: change.path, title: day.description, created: vault.clock.now(), alreadyCaptured: false, addedTags: [],
            diff: dryRun ? change.diff() : nil)
    }

    /// The note in the capture folders that already holds `url`. Only notes named after the
    /// link's host are read (a link capture is named so), which bounds the work to a few
    /// files whatever the size of the vault.
    func findCapture(of url: String) throws -> String? {
        guard let host = Self.soleURL(url)?.host else { return nil }
        let stem = Naming.fileStem(forTitle: host)
        let key = Naming.collisionKey(stem)
        for kind in [FolderKind.quick, .inbox] {
            guard let folder = vault.layout.folder(for: kind), (try? vault.checkInside(folder: folder)) != nil else { continue }
            let entries = (try? vault.fileSystem.entries(vault.absolutePath(folder), whereName: { Naming.mayCollide($0, withStem: stem) })) ?? []
            for entry in entries.sorted(by: { $0.name < $1.name })
            where NoteFiles.isNoteName(entry.name) && (entry.kind == .file || entry.kind == .symlink) {
                let entryKey = Naming.collisionKey(NoteFiles.stem(entry.name))
                guard entryKey == key || entryKey.hasPrefix(key + " ") else { continue }
                let path = folder + "/" + entry.name
                // A note that is a link out of the vault is not read, as the walk does not.
                guard (try? vault.checkInside(path)) != nil else { continue }
                guard let bytes = try? vault.fileSystem.readFile(vault.absolutePath(path)) else { continue }
                if Self.holdsLink(bytes, url) { return path }
            }
        }
        return nil
    }

    private func addTags(_ tags: [String], to path: String, executor: ChangeExecutor) throws -> [String] {
        guard !tags.isEmpty else { return [] }
        try vault.checkInside(path)
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        let (bytes, snapshot) = try writer.read(vault.absolutePath(path))
        guard let updated = NoteText.addingTags(tags, to: bytes) else {
            throw VaultError.wrongPlace(path: path, reason: "has tags in a form vault does not rewrite; add them by hand")
        }
        if updated == bytes { return [] }
        let before = Set(NoteReader.note(path: path, kind: .quick, status: snapshot.status!, bytes: bytes, dialect: vault.dialect.forFile(path)).tags.map(Naming.collisionKey))
        _ = try executor.apply(ChangePlan([.replace(path, expected: snapshot, before: bytes, after: updated)], summary: "tag \(path)"))
        return tags.filter { !before.contains(Naming.collisionKey($0)) }
    }

    /// The host of `text` when it is a link and nothing else (`www.` left out), as a link
    /// capture reads it: what frecency remembers the capture's tags by.
    public static func linkHost(of text: String) -> String? {
        soleURL(text)?.host
    }

    /// True when `url` stands whole somewhere in `bytes`: not the start of a longer link
    /// (`…/talks` in `…/talks/sync`, `?page=1` in `?page=12`) nor the end of one. A
    /// sentence's closing mark after it (`see https://x.org/a.`) does not make it longer.
    static func holdsLink(_ bytes: [UInt8], _ url: String) -> Bool {
        let link = Array(url.utf8)
        guard let first = link.first, bytes.count >= link.count else { return false }
        var start = 0
        while start + link.count <= bytes.count {
            guard let at = bytes[start...].firstIndex(of: first), at + link.count <= bytes.count else { return false }
            start = at + 1
            guard bytes[at..<at + link.count].elementsEqual(link) else { continue }
            if at > 0 && continuesLink(bytes[at - 1]) { continue }
            let end = at + link.count
            if end == bytes.count || !continuesLink(bytes[end]) { return true }
            // A mark that ends a sentence or clause, followed by nothing or a space.
            if ".,;:!?".utf8.contains(bytes[end]) && (end + 1 == bytes.count || !continuesLink(bytes[end + 1]) && !".,;:!?".utf8.contains(bytes[end + 1])) {
                return true
            }
        }
        return false
    }

    /// True for a byte that a link may go on with: anything but a space, a control
    /// character, or the marks that close it in markdown and prose (`) ] > " ' < |` and
    /// a backquote).
    private static func continuesLink(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F && !")]>\"'<|`".utf8.contains(byte)
    }

    /// The text as a link, when it is one `http(s)` URL and nothing else.
    static func soleURL(_ text: String) -> (text: String, host: String)? {
        let trimmed = text.trimmed()
        guard !trimmed.contains(where: { $0 == " " || $0 == "\t" || $0.isNewline }),
            trimmed.lowercased().hasPrefix("http://") || trimmed.lowercased().hasPrefix("https://"),
            let host = URLComponents(string: trimmed)?.host, !host.isEmpty
        else { return nil }
        return (trimmed, host.lowercased().hasPrefix("www.") ? String(host.dropFirst(4)) : host)
    }

    /// The first non-blank line, without heading or list marks, at most 60 characters.
    static func firstLine(_ text: String) -> String? {
        // Line by line from the start: a capture of a million lines is not split whole to
        // name it by its first.
        var rest = Substring(text)
        while !rest.isEmpty {
            let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) ?? rest.endIndex
            let line = rest[..<end]
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            var title = Substring(line.trimmed())
            while let first = title.first, "#>*-+ ".contains(first) { title = title.dropFirst() }
            if title.hasPrefix("[ ] ") || title.hasPrefix("[x] ") { title = title.dropFirst(4) }
            let trimmed = title.trimmed()
            if !trimmed.isEmpty { return String(trimmed.prefix(60)).trimmed() }
        }
        return nil
    }

    /// `Quick Note YYYY-MM-DD HHmm`, in the time zone of the person capturing.
    static func fallbackTitle(_ now: Date, zone: WallTime.Zone = .local) -> String {
        let time = WallTime(now, in: zone)
        return "Quick Note " + time.dayText + " " + time.clockText(separator: "", seconds: false)
    }
}
