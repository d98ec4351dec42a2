import VaultMarkdown
import VaultSystem

extension Vault {
    /// True in an Obsidian vault.
    public var isObsidianVault: Bool { obsidian != nil }

    /// The layout of an Obsidian vault: `layout` with the journals in the daily notes folder
    /// when that is one top-level folder a layout can hold; a folder it cannot hold (nested,
    /// the top folder, a name the layout refuses) keeps the layout and is still where the
    /// journals are (`journalNaming`).
    static func layout(_ layout: VaultLayout, journalsOf settings: inout ObsidianSettings) -> VaultLayout {
        guard let folder = settings.dailyNotes?.folder, !folder.isEmpty, !folder.contains("/"),
            folder != layout.folder(for: .journal)
        else { return layout }
        return (try? layout.moving(.journal, to: folder)) ?? layout
    }

    /// Where the journals are: an Obsidian vault's daily notes settings, else the layout's
    /// journals folder, named in a Logseq graph's file-name format or as `YYYY-MM-DD`.
    static func journalNaming(layout: VaultLayout, logseq: LogseqConfig?, obsidian: ObsidianSettings?) -> JournalNaming {
        if let daily = obsidian?.dailyNotes {
            return JournalNaming(folder: daily.folder, format: .moment(MomentDateFormat(daily.format)))
        }
        let folder = layout.folder(for: .journal) ?? "journals"
        if let logseq { return JournalNaming(folder: folder, format: .logseq(logseq.journalFileName)) }
        return JournalNaming(folder: folder, format: .standard)
    }

    /// The folder a new page goes to when none is asked for: the layout's pages folder, or in
    /// an Obsidian vault without it the folder of `newFileFolderPath` in `.obsidian/app.json`
    /// (with `newFileLocation` `"folder"`).
    public var newPageFolder: String {
        let pages = layout.folder(for: .page) ?? "pages"
        guard let folder = obsidian?.newFileFolder, !fileSystem.exists(absolutePath(pages)) else { return pages }
        return folder
    }

    /// True when a note's title or journal day is not the one its file name gives as such:
    /// in a Logseq graph, or where journals are named in another format.
    var namesNotesItself: Bool {
        if logseq != nil { return true }
        if case .standard = journalNaming.format { return false }
        return true
    }

    /// A note as the vault's dialect names it: a Logseq page by its page name, a journal by
    /// the day its name gives in the journal format.
    func dialectNamed(_ note: Note) -> Note {
        var named = logseq == nil ? note : logseqTitled(note)
        if case .standard = journalNaming.format {} else {
            named.journalDate = journalNaming.day(ofPath: note.path)?.description
        }
        return named
    }
}
