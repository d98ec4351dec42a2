import Glibc
import VaultMarkdown
import VaultSystem

/// The daily notes of a vault (DESIGN.md 2): `journals/YYYY-MM-DD.md`, also Logseq's
/// `YYYY_MM_DD.md`, in the journals folder of the vault's layout.
///
/// A day has at most one journal: an existing one in either form (or a placeholder of one
/// that is not downloaded) is always used, never doubled by a new file.
public struct Journals: Sendable {
    /// One journal: its day and vault-relative path.
    public struct Entry: Sendable, Equatable, Codable {
        public var day: CalendarDay
        public var path: String
        /// True when only an iCloud placeholder of the note is on disk.
        public var isPlaceholder: Bool
    }

    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// The journals folder as it is on disk (`Vault.journalNaming`; empty for the vault's top
    /// folder): a folder differing only in case stands for it (a case-insensitive disk lets
    /// `Journals/` stand for `journals/`).
    public func folder() -> String {
        let name = vault.journalNaming.folder
        if name.isEmpty || vault.fileSystem.exists(vault.absolutePath(name)) { return name }
        let (parent, last) = name.contains("/") ? SafeWriter.split(name) : ("", name)
        let key = Naming.collisionKey(last)
        let entries = (try? vault.fileSystem.entries(parent.isEmpty ? vault.root : vault.absolutePath(parent))) ?? []
        guard let found = entries.first(where: { $0.kind == .directory && Naming.collisionKey($0.name) == key })?.name else {
            return name
        }
        return parent.isEmpty ? found : parent + "/" + found
    }

    /// Every journal, newest first (a day with both name forms lists the dashed one first).
    public func list() throws -> [Entry] {
        var entries: [Entry] = []
        let top = folder()
        let naming = vault.journalNaming
        // A journals folder that is a link is not listed, as the walk does not list it.
        if !top.isEmpty { try vault.checkInside(folder: top) }
        // Below the folder: the name in the journal format, its folders included.
        var pending: [(name: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = pending.popLast() {
            let folderPath = [top, relative].filter { !$0.isEmpty }.joined(separator: "/")
            let listing: [DirectoryEntry]
            do {
                listing = try vault.fileSystem.entries(folderPath.isEmpty ? vault.root : vault.absolutePath(folderPath))
            } catch let error as SystemError where error.code == ENOENT {
                continue
            } catch let error as SystemError {
                throw VaultError.noteUnavailable(path: folderPath, reason: error.reason)
            }
            for item in listing {
                if item.kind == .directory {
                    if !item.name.hasPrefix("."), naming.depth.map({ depth < $0 }) ?? true {
                        pending.append((relative.isEmpty ? item.name : relative + "/" + item.name, depth + 1))
                    }
                    continue
                }
                var fileName = item.name
                var isPlaceholder = false
                if let stands = Placeholders.noteName(forPlaceholder: fileName) {
                    fileName = stands
                    isPlaceholder = true
                } else if !NoteFiles.isNoteName(fileName, org: vault.isLogseqGraph) || SyncArtifacts.isIgnored(fileName) {
                    continue
                }
                let shown = relative.isEmpty ? fileName : relative + "/" + fileName
                let stem = relative.isEmpty ? NoteFiles.stem(fileName) : relative + "/" + NoteFiles.stem(fileName)
                guard let day = naming.day(fromName: stem) else { continue }
                entries.append(Entry(day: day, path: top.isEmpty ? shown : top + "/" + shown, isPlaceholder: isPlaceholder))
            }
        }
        return entries.sorted { ($0.day, $1.path) > ($1.day, $0.path) }
    }

    /// The journal of a day, if it has one.
    public func entry(for day: CalendarDay) throws -> Entry? {
        try list().first { $0.day == day }
    }

    /// Where a new journal for the day goes: `YYYY-MM-DD.md`, in a Logseq graph its journal
    /// file-name format (`YYYY_MM_DD.md` by default), in an Obsidian vault its daily note
    /// format (`Daily/2026/11-30.md`).
    public func newPath(for day: CalendarDay) -> String {
        vault.journalNaming.path(for: day, in: folder())
    }

    /// What a new journal starts with: the vault's journal template (`Vault.journalTemplate()`)
    /// filled in for the day (`{{title}}` is the journal's name, as in Obsidian, `{{date}}`
    /// the day and `{{yesterday}}` and `{{tomorrow}}` the days around it, each named as its
    /// journal is), else a `# YYYY-MM-DD` heading and a blank line; nothing in a Logseq
    /// graph, whose journal pages take their title from the file name.
    public func initialContents(for day: CalendarDay) -> [UInt8] {
        if let template = vault.journalTemplate() {
            let naming = vault.journalNaming
            let name = { @Sendable (day: CalendarDay) in String(naming.name(for: day).split(separator: "/").last ?? "") }
            var context = vault.templateContext(title: vault.logseq?.journalTitle.format(day) ?? name(day), day: day)
            context.journalName = name
            return Array(template.filled(context).utf8)
        }
        if vault.logseq != nil { return [] }
        return Array("# \(day)\n\n".utf8)
    }

    /// The journal of a day, created (under the write lock) when it has none.
    ///
    /// - Parameter dryRun: report what would be created without writing.
    /// - Returns: the journal and, when it was (or would be) created, its new contents.
    public func openOrCreate(_ day: CalendarDay, dryRun: Bool = false) throws -> (entry: Entry, created: NoteRewrite?) {
        if let existing = try entry(for: day) { return (existing, nil) }
        let path = newPath(for: day)
        let rewrite = NoteRewrite(
            path: path, before: [], after: initialContents(for: day), isNew: true, snapshot: .absent)
        if !dryRun {
            let made = try ChangeExecutor(vault: vault).whileLocked { executor -> Entry? in
                // Another process may have made it while this one waited for the lock.
                if let existing = try entry(for: day) { return existing }
                _ = try executor.apply(rewrite.changePlan("create \(path)"))
                return nil
            }
            if let made { return (made, nil) }
        }
        return (Entry(day: day, path: path, isPlaceholder: false), rewrite)
    }

    /// Appends text as new lines at the end of a day's journal, making the journal first when
    /// the day has none; the journal's line endings are kept.
    public func append(_ text: String, to day: CalendarDay, dryRun: Bool = false) throws -> NoteRewrite {
        guard !text.isBlank else { throw VaultError.emptyText(what: "append") }
        if let entry = try entry(for: day) {
            if entry.isPlaceholder { throw VaultError.noteNotDownloaded(path: entry.path) }
            return try NoteAuthoring(vault: vault).add(text, to: entry.path, dryRun: dryRun)
        }
        // A new journal is made with the text in it: one write, not a create and a rewrite.
        let path = newPath(for: day)
        let rewrite = NoteRewrite(
            path: path, before: [], after: NoteText.appending(vault.blockForm(of: text, in: path), to: initialContents(for: day)), isNew: true,
            snapshot: .absent)
        if dryRun { return rewrite }
        let made = try ChangeExecutor(vault: vault).whileLocked { executor -> Bool in
            // Another process may have made it while this one waited for the lock.
            if try entry(for: day) != nil { return false }
            _ = try executor.apply(rewrite.changePlan("create \(path)"))
            return true
        }
        return made ? rewrite : try append(text, to: day)
    }
}
