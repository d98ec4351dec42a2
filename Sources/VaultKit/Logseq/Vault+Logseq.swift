import VaultMarkdown
import VaultSystem

extension Vault {
    /// True in a Logseq graph.
    public var isLogseqGraph: Bool { logseq != nil }

    /// How the vault's notes are written, for the one scanner.
    public var dialect: NoteDialect { logseq == nil ? .markdown : .logseq }

    /// `text` as it is added to the note at `path`: in a Logseq graph's markdown page, as a
    /// block (`NoteText.logseqBlock`), which is how Logseq itself adds to a page; else as is.
    public func blockForm(of text: String, in path: String) -> String {
        guard dialect.forFile(path) == .logseq else { return text }
        return NoteText.logseqBlock(text)
    }

    /// A note of a Logseq graph titled by its page name: a note with no `title::` (its title
    /// is its file stem) is titled as Logseq names it, `a/b` for `a___b.md`, a journal by
    /// its day in the title format.
    func logseqTitled(_ note: Note) -> Note {
        guard let logseq, note.title == note.stem else { return note }
        var titled = note
        titled.title = LogseqPages(config: logseq, headers: [:]).fileName(of: note.path)
        return titled
    }

    /// The settings of the Logseq graph at `root`, nil when it is none; a settings file that
    /// cannot be read gives the defaults, with the reason among its problems.
    static func logseqConfig(at root: String, fileSystem: any FileSystem) -> LogseqConfig? {
        let path = root + "/" + LogseqConfig.path
        guard (try? fileSystem.status(path))??.kind == .file else { return nil }
        do {
            let bytes = try fileSystem.readFile(path)
            guard UTF8Check.validate(bytes) == .valid else {
                var config = LogseqConfig()
                config.problems.append("\(LogseqConfig.path) is not valid UTF-8; Logseq's default settings are used")
                return config
            }
            return LogseqConfig(text: String(decoding: bytes, as: UTF8.self))
        } catch {
            var config = LogseqConfig()
            config.problems.append("\(LogseqConfig.path) could not be read (\(error)); Logseq's default settings are used")
            return config
        }
    }

    /// The layout of a Logseq graph without `vault.json`: its pages and journals folders.
    static func layout(of config: inout LogseqConfig) -> VaultLayout {
        var remaps: [(key: String, value: JSONValue)] = []
        if config.journalsFolder != "journals" { remaps.append(("journals", .string(config.journalsFolder))) }
        if config.pagesFolder != "pages" { remaps.append(("pages", .string(config.pagesFolder))) }
        guard !remaps.isEmpty else { return .standard }
        do {
            return try VaultLayout(systemFolderPaths: remaps)
        } catch {
            config.problems.append("\(LogseqConfig.path): the folders it names cannot be used (\(error)); pages/ and journals/ are used")
            config.pagesFolder = "pages"
            config.journalsFolder = "journals"
            return .standard
        }
    }
}
