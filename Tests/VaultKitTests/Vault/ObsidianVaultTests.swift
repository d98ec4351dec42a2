import Testing
@testable import VaultKit
import VaultMarkdown
import VaultSystem

/// An Obsidian vault (a folder holding `.obsidian/`) is a vault root, and its daily notes and
/// new file settings decide where journals and new pages go (DESIGN.md 3, "Dialects").
@Suite("Obsidian vaults")
struct ObsidianVaultTests {
    static let day = CalendarDay(year: 2026, month: 11, day: 30)!

    static func daily(_ json: String, files: [String: String] = [:]) throws -> (TemporaryFolder, Vault) {
        var all = files
        all[".obsidian/daily-notes.json"] = json
        return try TemporaryFolder.vault(all)
    }

    @Test("a folder holding .obsidian/ is found from a folder inside it")
    func root() throws {
        let folder = TemporaryFolder()
        try folder.write(".obsidian/app.json", "{}\n")
        try folder.write("Notes/Deep/x.md", "x\n")
        let found = try Vault.locateFolder(explicit: nil, environment: [:], workingDirectory: folder.path + "/Notes/Deep")
        #expect(found == Vault.absolute(folder.path))
    }

    @Test("a .obsidian that is a file marks no vault")
    func fileIsNoRoot() throws {
        let folder = TemporaryFolder()
        try folder.write("inner/.obsidian", "not a folder\n")
        #expect(throws: VaultError.self) {
            try Vault.locateFolder(explicit: nil, environment: [:], workingDirectory: folder.path + "/inner")
        }
    }

    @Test("the daily notes folder and a nested format name a day's journal and list the journals")
    func nestedFormat() throws {
        let (folder, vault) = try Self.daily(
            #"{"folder": "/Daily/", "format": "YYYY/MM-DD ddd"}"#,
            files: ["Daily/2026/11-29 Sun.md": "- [ ] a\n", "Daily/2026-11-28.md": "old\n", "Daily/2026/11-29 Mon.md": "wrong day\n",
                    "Daily/2026/11/30.md": "too deep\n", "journals/2026-11-27.md": "not the journals folder here\n"])
        let journals = Journals(vault: vault)
        #expect(vault.layout.folder(for: .journal) == "Daily")
        #expect(journals.newPath(for: Self.day) == "Daily/2026/11-30 Mon.md")
        #expect(try journals.list().map(\.path) == ["Daily/2026/11-29 Sun.md", "Daily/2026-11-28.md"])
        let made = try journals.openOrCreate(Self.day)
        #expect(made.entry.path == "Daily/2026/11-30 Mon.md")
        #expect(try folder.text("Daily/2026/11-30 Mon.md") == "# 2026-11-30\n\n")
        #expect(try journals.entry(for: Self.day)?.path == "Daily/2026/11-30 Mon.md")
    }

    @Test("a task in a journal named in the daily note format is due on its day")
    func taskDue() throws {
        let (folder, vault) = try Self.daily(
            #"{"folder": "Log/Days", "format": "DD.MM.YYYY"}"#,
            files: ["Log/Days/29.11.2026.md": "- [ ] water\n", "Log/29.11.2026.md": "- [ ] not a journal\n"])
        let tasks = try vault.tasks().tasks
        #expect(tasks.map(\.path) == ["Log/29.11.2026.md", "Log/Days/29.11.2026.md"])
        #expect(tasks.map(\.due) == [nil, CalendarDay(year: 2026, month: 11, day: 29)])
        let notes = try vault.scan(detail: .summary).notes
        #expect(notes.map(\.journalDate) == [nil, "2026-11-29"])
        withExtendedLifetime(folder) {}
    }

    @Test("an empty folder puts journals in the vault's top folder")
    func topFolder() throws {
        let (folder, vault) = try Self.daily(#"{"folder": "", "format": "YYYY-MM-DD"}"#, files: ["2026-11-29.md": "x\n", "pages/2026-11-28.md": "x\n"])
        let journals = Journals(vault: vault)
        #expect(journals.newPath(for: Self.day) == "2026-11-30.md")
        #expect(try journals.list().map(\.path) == ["2026-11-29.md"])
        withExtendedLifetime(folder) {}
    }

    @Test("a format vault cannot read back is named in a warning and YYYY-MM-DD is used")
    func unreadableFormat() throws {
        let (_, vault) = try Self.daily(#"{"folder": "Daily", "format": "GGGG-[W]WW"}"#)
        #expect(vault.obsidian?.problems == [
            #".obsidian/daily-notes.json: the format "GGGG-[W]WW" does not name one day in a way vault can read back; "YYYY-MM-DD" is used"#,
        ])
        #expect(Journals(vault: vault).newPath(for: Self.day) == "Daily/2026-11-30.md")
    }

    @Test("settings that do not parse, or a folder out of the vault, are said and Obsidian's defaults used")
    func badSettings() throws {
        let (_, broken) = try Self.daily(#"{"folder": "Daily""#)
        #expect(broken.obsidian?.problems.count == 1)
        #expect(broken.obsidian?.problems.first?.hasPrefix(".obsidian/daily-notes.json does not parse (") == true)
        #expect(Journals(vault: broken).newPath(for: Self.day) == "2026-11-30.md")
        let (_, outside) = try Self.daily(#"{"folder": "../Elsewhere"}"#)
        #expect(outside.obsidian?.problems == [
            #".obsidian/daily-notes.json: folder "../Elsewhere" is not a folder inside the vault; the vault's top folder is used, as Obsidian does"#,
        ])
        #expect(Journals(vault: outside).newPath(for: Self.day) == "2026-11-30.md")
    }

    @Test("without daily-notes.json the vault's journals folder is used")
    func noDailySettings() throws {
        let (_, vault) = try TemporaryFolder.vault([".obsidian/app.json": "{}"])
        #expect(vault.obsidian == ObsidianSettings())
        #expect(Journals(vault: vault).newPath(for: Self.day) == "journals/2026-11-30.md")
    }

    @Test("the daily note template starts a new journal")
    func template() throws {
        let (folder, vault) = try Self.daily(
            #"{"folder": "Daily", "format": "DD.MM.YYYY", "template": "Templates/Day"}"#,
            files: ["Templates/Day.md": "# {{date:dddd D MMMM}}\n"])
        _ = try Journals(vault: vault).openOrCreate(Self.day)
        #expect(try folder.text("Daily/30.11.2026.md") == "# Monday 30 November\n")
    }

    @Test("a new page goes to newFileFolderPath when the vault has no pages/, and to pages/ when it has")
    func newFileFolder() throws {
        let app = #"{"newFileLocation": "folder", "newFileFolderPath": "Inbox/New/"}"#
        let (folder, vault) = try TemporaryFolder.vault([".obsidian/app.json": app])
        #expect(try NoteAuthoring(vault: vault).create(title: "Seeds").path == "Inbox/New/Seeds.md")
        #expect(try folder.text("Inbox/New/Seeds.md") == "# Seeds\n\n")
        let (pagesFolder, withPages) = try TemporaryFolder.vault([".obsidian/app.json": app, "pages/x.md": "x\n"])
        #expect(try NoteAuthoring(vault: withPages).create(title: "Seeds").path == "pages/Seeds.md")
        let (currentFolder, current) = try TemporaryFolder.vault(
            [".obsidian/app.json": #"{"newFileLocation": "current", "newFileFolderPath": "Inbox"}"#])
        #expect(try NoteAuthoring(vault: current).create(title: "Seeds").path == "pages/Seeds.md")
        withExtendedLifetime((pagesFolder, currentFolder)) {}
    }
}
