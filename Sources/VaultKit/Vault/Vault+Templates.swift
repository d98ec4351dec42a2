import FoundationEssentials
import VaultMarkdown
import VaultSystem

extension Vault {
    /// The vault's own template folder, for every vault.
    public static let ownTemplateFolder = ".zennotes/templates"

    /// The folders a template is looked up in, first match winning: Obsidian's template folder
    /// (`folder` in `.obsidian/templates.json`) when the vault has one, then `.zennotes/templates`.
    public var templateFolders: [String] {
        var folders: [String] = []
        if let folder = obsidian?.templateFolder { folders.append(folder) }
        return folders + [Self.ownTemplateFolder]
    }

    /// The template `name` (`Weekly`, `Weekly.md` or `Work/Weekly` inside a template folder).
    public func template(named name: String) throws -> NoteTemplate {
        let file = name.hasSuffix(".md") ? name : name + ".md"
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
            throw VaultError.unknownTemplate(name: name, folders: templateFolders, available: availableTemplates())
        }
        for folder in templateFolders {
            if let template = try readTemplate(folder + "/" + file) { return template }
        }
        throw VaultError.unknownTemplate(name: name, folders: templateFolders, available: availableTemplates())
    }

    /// The template a new journal starts from: `template` of `.obsidian/daily-notes.json` when
    /// it names one that exists, else `.zennotes/templates/journal.md`; nil when there is none.
    public func journalTemplate() -> NoteTemplate? {
        if let named = obsidian?.dailyNotes?.template,
            let template = try? readTemplate(named.hasSuffix(".md") ? named : named + ".md")
        {
            return template
        }
        return try? readTemplate(Self.ownTemplateFolder + "/journal.md")
    }

    /// What a template is filled with for a note titled `title` made now (on the clock of
    /// `zone`), for `day` (today when nil).
    public func templateContext(
        title: String, day: CalendarDay? = nil, now: Date? = nil, zone: WallTime.Zone = .local
    ) -> NoteTemplate.Context {
        let time = WallTime(now ?? clock.now(), in: zone)
        let moment = MomentDateFormat.Moment(
            day: CalendarDay(year: time.year, month: time.month, day: time.day)!, hour: time.hour, minute: time.minute, second: time.second)
        return NoteTemplate.Context(
            title: title, day: day ?? moment.day, now: moment, journalTitle: logseq?.journalTitle ?? .defaultTitle)
    }

    /// The names of the templates the folders hold, for a hint.
    private func availableTemplates() -> [String] {
        var names: Set<String> = []
        for folder in templateFolders {
            let entries = (try? fileSystem.entries(absolutePath(folder))) ?? []
            for entry in entries where entry.name.hasSuffix(".md") && !entry.name.hasPrefix(".") { names.insert(String(entry.name.dropLast(3))) }
        }
        return names.sorted()
    }

    /// A template file's text; nil when there is no such file. A template that leads out of
    /// the vault or is not UTF-8 is an error, not a missing template.
    private func readTemplate(_ path: String) throws -> NoteTemplate? {
        guard (try? fileSystem.status(absolutePath(path))) != nil else { return nil }
        try checkInside(path)
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(absolutePath(path))
        } catch {
            throw VaultError.noteUnavailable(path: path, reason: String(describing: error))
        }
        guard UTF8Check.validate(bytes) == .valid else {
            throw VaultError.wrongPlace(path: path, reason: "is not valid UTF-8, so it cannot be used as a template")
        }
        return NoteTemplate(text: String(decoding: bytes, as: UTF8.self))
    }
}
