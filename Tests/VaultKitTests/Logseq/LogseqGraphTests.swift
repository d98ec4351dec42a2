import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A Logseq graph read, checked and changed as Logseq reads it.
@Suite("Logseq graphs")
struct LogseqGraphTests {
    static let config = "{:file/name-format :triple-lowbar}\n"

    /// A small graph: a namespaced page, a page with title:: and alias::, a journal, and
    /// a page linking to all of them in every form.
    static let graph: [String: String] = [
        "logseq/config.edn": config,
        "pages/Projects___Vault.md": "tags:: tool\n\n- the vault project\n",
        "pages/meeting_notes.md": "title:: Meeting Notes\nalias:: Meetings, Standup\n\n- every Monday\n",
        "journals/2021_02_02.md": "- TODO call the bank\n\t- LATER ask about fees\n- DONE pay rent\n",
        "pages/tool.md": "- a tool page\n",
        "pages/Links.md": """
            tags:: tool, Projects/Vault
            
            - [[projects/vault]] and #[[Projects/Vault]] and [the vault]([[Projects/Vault]])
            - [[meeting notes]], [[Meetings]], #Standup and [[Feb 2nd, 2021]]
            - #tool and [[Nobody Wrote This]] ((63bc6201-53b1-47a4-834f-83934b69ad49)) ![pic](../assets/missing.png)
            
            """,
    ]

    private static func edges(_ vault: Vault) throws -> [String] { try edgesOf("pages/Links.md", vault) }

    /// Each link of the note at `path` and where it leads, in order.
    private static func edgesOf(_ path: String, _ vault: Vault) throws -> [String] {
        let scan = try vault.scan(detail: .paths)
        return LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan), notes: scan.notes.filter { $0.path == path })
            .edges.map { "\($0.text) -> \($0.resolution.path ?? "nothing")" }
    }

    /// Where each link of `pages/Links.md` leads, in order.
    private static func targets(_ vault: Vault) throws -> [String] {
        try edges(vault).map { String($0[$0.range(of: " -> ")!.upperBound...]) }
    }

    @Test("page links resolve by title::, alias::, namespaced file names, journal titles and in any case")
    func resolution() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        _ = folder
        #expect(vault.isLogseqGraph)
        #expect(try Self.edges(vault) == [
            "tool -> pages/tool.md", "Projects/Vault -> pages/Projects___Vault.md",
            "[[projects/vault]] -> pages/Projects___Vault.md", "#[[Projects/Vault]] -> pages/Projects___Vault.md",
            "[the vault]([[Projects/Vault]]) -> pages/Projects___Vault.md",
            "[[meeting notes]] -> pages/meeting_notes.md", "[[Meetings]] -> pages/meeting_notes.md",
            "#Standup -> pages/meeting_notes.md", "[[Feb 2nd, 2021]] -> journals/2021_02_02.md",
            "#tool -> pages/tool.md", "[[Nobody Wrote This]] -> nothing", "![pic](../assets/missing.png) -> nothing",
        ])
    }

    @Test("a page saved with Windows line breaks has its properties read line by line, as with Unix ones")
    func windowsLineBreaks() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "logseq/config.edn": Self.config, "pages/meeting_notes.md": "title:: Meeting Notes\r\nalias:: Meetings, Standup\r\ntags:: tool\r\n\r\n- every Monday\r\n",
            "pages/Links.md": "- [[Meetings]] and #Standup\r\n", "pages/org.org": "#+TITLE: Org Page\r\n#+ALIAS: Orgy\r\n\r\n* text\r\n",
        ])
        _ = folder
        let notes = try vault.scan(detail: .summary).notes
        let page = try #require(notes.first { $0.path == "pages/meeting_notes.md" })
        #expect(page.title == "Meeting Notes" && page.aliases == ["Meetings", "Standup"])
        #expect(notes.first { $0.path == "pages/org.org" }?.title == "Org Page")
        #expect(try Self.edgesOf("pages/Links.md", vault) == ["[[Meetings]] -> pages/meeting_notes.md", "#Standup -> pages/meeting_notes.md"])
        let properties = LogseqProperties(text: "title:: A\r\nalias:: B\r\n\r\n- text")
        #expect(properties.entries.map(\.key) == ["title", "alias"] && properties["title"] == "A" && properties.byteCount == 22)
    }

    @Test("check counts a page link with no file apart, as no problem, and a missing file as dangling")
    func check() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        _ = folder
        let check = VaultCheck(vault: vault, scan: try vault.scan(detail: .summary))
        #expect(check.dangling.map(\.text) == ["![pic](../assets/missing.png)"])
        #expect(check.pagesWithoutFile.map(\.text) == ["[[Nobody Wrote This]]"])
        // The file name no longer names a page that has a title::.
        let (other, titled) = try TemporaryFolder.vault(Self.graph.merging(["pages/a.md": "- [[meeting_notes]]\n"]) { $1 })
        _ = other
        #expect(VaultCheck(vault: titled, scan: try titled.scan(detail: .summary)).pagesWithoutFile.map(\.text).sorted()
            == ["[[Nobody Wrote This]]", "[[meeting_notes]]"])
    }

    @Test("a note's title is its Logseq page name: title::, else the name its file gives")
    func titles() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        _ = folder
        let titles = Dictionary(uniqueKeysWithValues: try vault.scan(detail: .summary).notes.map { ($0.path, $0.title) })
        #expect(titles["pages/Projects___Vault.md"] == "Projects/Vault")
        #expect(titles["pages/meeting_notes.md"] == "Meeting Notes")
        #expect(titles["journals/2021_02_02.md"] == "Feb 2nd, 2021")
        #expect(try NoteLookup(notes: vault.scan(detail: .summary).notes, in: vault).note(named: "feb 2nd, 2021").path == "journals/2021_02_02.md")
    }

    @Test("a Logseq graph is a vault root found from a folder inside it")
    func discovery() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        let found = try Vault.locateFolder(explicit: nil, environment: [:], workingDirectory: folder.path + "/pages")
        #expect(found == vault.root)
    }

    @Test("a config.edn that does not parse is said once and the graph is read with the defaults")
    func badConfig() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph.merging(["logseq/config.edn": "{:file/name-format"]) { $1 })
        _ = folder
        #expect(vault.logseq?.problems == ["logseq/config.edn does not parse (line 1: { is not closed); Logseq's default settings are used"])
        #expect(vault.logseq?.fileNameFormat == .legacy)
    }

    @Test("a rename rewrites [[p]], #[[p]], ([[p]]) and tags:: names, keeps title:: in step, and a round trip gives the links back")
    func rename() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        let before = try Self.targets(vault)
        let plan = try RenamePlanner(vault: vault).planRename("Projects/Vault", to: "Work/Vault CLI")
        #expect(plan.moves.map(\.to) == ["pages/Work___Vault CLI.md"])
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
        #expect(try folder.text("pages/Links.md").hasPrefix("""
            tags:: tool, Work/Vault CLI
            
            - [[Work/Vault CLI]] and #[[Work/Vault CLI]] and [the vault]([[Work/Vault CLI]])
            """))
        #expect(try Self.targets(vault) == before.map { $0 == "pages/Projects___Vault.md" ? "pages/Work___Vault CLI.md" : $0 })
        let back = try RenamePlanner(vault: vault).planRename("Work/Vault CLI", to: "Projects/Vault")
        _ = try ChangeExecutor(vault: vault).apply(back, summary: "test")
        // Written `[[projects/vault]]`, the link comes back in the page's own case; a tag
        // comes back in its shortest spelling, `#name` where the name is one tag.
        let expected = Self.graph["pages/Links.md"]!.replacingOccurrences(of: "[[projects/vault]]", with: "[[Projects/Vault]]")
            .replacingOccurrences(of: "#[[Projects/Vault]]", with: "#Projects/Vault")
        #expect(try folder.text("pages/Links.md") == expected)

        let titled = try RenamePlanner(vault: vault).planRename("Meeting Notes", to: "Team meetings")
        _ = try ChangeExecutor(vault: vault).apply(titled, summary: "test")
        #expect(try folder.text("pages/Team meetings.md") == "title:: Team meetings\nalias:: Meetings, Standup\n\n- every Monday\n")
        let links = try folder.text("pages/Links.md")
        // Links by an alias still name the page: Logseq leaves them.
        #expect(links.contains("- [[Team meetings]], [[Meetings]], #Standup and [[Feb 2nd, 2021]]"))
    }

    @Test("a rename or a move keeps a path written with spaces and parentheses as it was written, not %-encoded")
    func spacedPathRewrites() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "logseq/config.edn": Self.config,
            "pages/Old Name.md": "- old\n",
            "assets/file (1).png": "x",
            "assets/one year.png": "y",
            "assets/x y.png": "z",
            "pages/a.md": "- [l](../pages/Old Name.md) ![c](../assets/file (1).png) ![d](../assets/one year.png)\n",
            "pages/b.md": "- [t](../assets/x y.png \"a (b\") and [u](../assets/x y.png \"t)\")\n",
        ])
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Old Name", to: "New Name"), summary: "test")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("assets/file (1).png", to: "assets/file (2).png"), summary: "test")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("assets/one year.png", to: "assets/two (2)"), summary: "test")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("assets/x y.png", to: "assets/x 'y'"), summary: "test")
        // A spaced path ending in `(2)` or `'y'` would read as a path and a title: its spaces are encoded.
        #expect(try folder.text("pages/a.md") == "- [l](../pages/New Name.md) ![c](../assets/file (2).png) ![d](../assets/two%20(2))\n")
        #expect(try Self.edgesOf("pages/a.md", vault) == [
            "[l](../pages/New Name.md) -> pages/New Name.md", "![c](../assets/file (2).png) -> assets/file (2).png",
            "![d](../assets/two%20(2)) -> assets/two (2)",
        ])
        // Titles in quotes, parentheses in them and all, stay the titles' own.
        #expect(try folder.text("pages/b.md") == "- [t](../assets/x%20'y' \"a (b\") and [u](../assets/x%20'y' \"t)\")\n")
        #expect(try Self.edgesOf("pages/b.md", vault).map { String($0.suffix(from: $0.range(of: " -> ")!.upperBound)) } == ["assets/x 'y'", "assets/x 'y'"])
    }

    @Test("a tag renamed to a name with a space becomes #[[name]], and back to #name")
    func tagRename() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("tool", to: "Power tool"), summary: "t")
        #expect(try folder.text("pages/Links.md").contains("- #[[Power tool]] and [[Nobody Wrote This]]"))
        #expect(try folder.text("pages/Links.md").hasPrefix("tags:: Power tool, Projects/Vault\n"))
        #expect(try folder.text("pages/Projects___Vault.md").hasPrefix("tags:: Power tool\n"))
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Power tool", to: "tool"), summary: "t")
        #expect(try folder.text("pages/Links.md") == Self.graph["pages/Links.md"]!)
        #expect(try folder.text("pages/Projects___Vault.md") == Self.graph["pages/Projects___Vault.md"]!)
    }

    @Test("a hand-written #[[one]] keeps its brackets through a rename and back; #one stays #one")
    func bracketedTagRename() throws {
        let links = "- #[[tool]] and #tool and [[tool]]\n"
        let (folder, vault) = try TemporaryFolder.vault(["logseq/config.edn": Self.config, "pages/tool.md": "- a tool\n", "pages/Links.md": links])
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("tool", to: "gadget"), summary: "t")
        #expect(try folder.text("pages/Links.md") == "- #[[gadget]] and #gadget and [[gadget]]\n")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("gadget", to: "tool"), summary: "t")
        #expect(try folder.text("pages/Links.md") == links)
    }

    @Test("renaming a namespace's page renames the pages under it, their files and the links to them, and back")
    func namespaceRename() throws {
        let files = [
            "logseq/config.edn": Self.config,
            "pages/a___b.md": "- the parent\n",
            "pages/a___b___c.md": "- a child\n",
            "pages/A___B___c___d.md": "- a grandchild, named in another case\n",
            "pages/titled.md": "title:: a/b/titled\n\n- named by its title\n",
            "pages/a___bc.md": "- no child: another name\n",
            "pages/a.md": "- the namespace above\n",
            "pages/Links.md": "- [[a/b]], [[a/b/c]], [[a/b/c/d]], #[[a/b/titled]], [[a/bc]], [[a]] and [[a/b/none]]\n",
        ]
        let (folder, vault) = try TemporaryFolder.vault(files)
        let plan = try RenamePlanner(vault: vault).planRename("a/b", to: "x")
        #expect(plan.moves.map { "\($0.from) -> \($0.to)" } == [
            "pages/A___B___c___d.md -> pages/x___c___d.md", "pages/a___b.md -> pages/x.md", "pages/a___b___c.md -> pages/x___c.md",
            "pages/titled.md -> pages/x___titled.md",
        ])
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "t")
        #expect(try folder.text("pages/Links.md") == "- [[x]], [[x/c]], [[x/c/d]], #[[x/titled]], [[a/bc]], [[a]] and [[a/b/none]]\n")
        #expect(try folder.text("pages/x___titled.md") == "title:: x/titled\n\n- named by its title\n")
        let scan = try vault.scan(detail: .summary)
        #expect(VaultCheck(vault: vault, scan: scan).dangling.isEmpty)
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("x", to: "a/b"), summary: "t")
        // The grandchild's file comes back in the parent's case: its name is the page's.
        #expect(FileManager.default.fileExists(atPath: folder.path + "/pages/a___b___c___d.md"))
        #expect(try folder.text("pages/Links.md") == files["pages/Links.md"]!)
        // A page named by its title:: takes the file its name gives, as the page renamed does.
        #expect(try folder.text("pages/a___b___titled.md") == files["pages/titled.md"]!)
    }

    @Test("renaming a namespace whose page has no file renames the pages under it; a name with no page under it is still unknown")
    func filelessNamespaceRename() throws {
        let files = [
            "logseq/config.edn": Self.config, "pages/setting___language.md": "- a child\n",
            "pages/setting___theme modes.md": "- another\n", "pages/Links.md": "- [[setting/language]], #[[setting/theme modes]] and [[setting]]\n",
        ]
        let (folder, vault) = try TemporaryFolder.vault(files)
        let plan = try RenamePlanner(vault: vault).planRename("setting", to: "Settings")
        #expect(plan.moves.map(\.to) == ["pages/Settings___language.md", "pages/Settings___theme modes.md"])
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "t")
        // `[[setting]]`, a page without a file, is left: vault renames files and the links to them.
        #expect(try folder.text("pages/Links.md") == "- [[Settings/language]], #[[Settings/theme modes]] and [[setting]]\n")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("Settings", to: "setting"), summary: "t")
        for (path, text) in files { #expect(try folder.text(path) == text) }
        #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planRename("settin", to: "x") }
    }

    @Test("a namespace's page is not renamed onto a page that exists: nothing is written")
    func namespaceRenameRefused() throws {
        let files = [
            "logseq/config.edn": Self.config, "pages/a___b.md": "- parent\n", "pages/a___b___c.md": "- child\n",
            "pages/x___c.md": "- in the way\n", "pages/Links.md": "- [[a/b/c]]\n",
        ]
        let (folder, vault) = try TemporaryFolder.vault(files)
        #expect(throws: FileError.fileExists(path: "pages/x___c.md")) { try RenamePlanner(vault: vault).planRename("a/b", to: "x") }
        for (path, text) in files { #expect(try folder.text(path) == text) }
    }

    @Test("tasks are listed in Logseq's words and edited in them: TODO to DONE, LATER to NOW, forward refused")
    func tasks() throws {
        var (folder, vault) = try TemporaryFolder.vault(Self.graph)
        vault.clock = .fixed(Date(timeIntervalSince1970: 1_796_115_600))
        vault.zone = .utc
        let found = try vault.tasks().tasks
        #expect(found.map { "\($0.marker) \($0.text) \($0.state.rawValue)" } == [
            "TODO call the bank open", "LATER ask about fees open", "DONE pay rent done",
        ])
        #expect(found[0].due == CalendarDay(year: 2021, month: 2, day: 2))
        let today = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        func reference(_ task: VaultTask) -> TaskReference { TaskReference(path: task.path, line: task.line, hash: task.hash) }
        _ = try vault.editTask(reference(found[0]), action: .done, today: today)
        _ = try vault.editTask(reference(found[1]), action: .start, today: today)
        // Started, a task is clocked in, as Logseq tracks time.
        let clocked = "\t- NOW ask about fees\n\t  :LOGBOOK:\n\t  CLOCK: [2026-12-01 Tue 09:00:00]\n\t  :END:\n"
        #expect(try folder.text("journals/2021_02_02.md") == "- DONE call the bank\n" + clocked + "- DONE pay rent\n")
        let again = try vault.tasks().tasks
        _ = try vault.editTask(reference(again[0]), action: .reopen, today: today)
        #expect(throws: TaskError.noLogseqWord(reference: reference(again[1]).description, state: .forwarded)) {
            try vault.editTask(reference(again[1]), action: .forward, today: today)
        }
        // Reopened from DONE, a task takes the graph's preferred workflow: `:now` unless set.
        #expect(try folder.text("journals/2021_02_02.md") == "- LATER call the bank\n" + clocked + "- DONE pay rent\n")
    }

    @Test(
        "a task in neither workflow is reopened and started in the graph's preferred one; one in a workflow keeps it",
        arguments: [
            ("", "DONE", TaskAction.reopen, "LATER"), ("", "WAITING", .start, "NOW"), (":preferred-workflow :now", "DONE", .reopen, "LATER"),
            (":preferred-workflow :todo", "DONE", .reopen, "TODO"), (":preferred-workflow :todo", "WAITING", .start, "DOING"),
            (":preferred-workflow :todo", "LATER", .start, "NOW"), (":preferred-workflow :now", "TODO", .start, "DOING"),
            (":preferred-workflow :now", "CANCELED", .toggle, "LATER"),
        ])
    func preferredWorkflow(setting: String, word: String, action: TaskAction, expected: String) throws {
        // Time tracking is off: a start would clock the task in (see `LogseqClockTests`).
        let config = "{\(setting) :feature/enable-timetracking? false}\n"
        let (folder, vault) = try TemporaryFolder.vault(["logseq/config.edn": config, "pages/a.md": "- \(word) finished\n"])
        let task = try #require(try vault.tasks().tasks.first)
        _ = try vault.editTask(
            TaskReference(path: task.path, line: task.line, hash: task.hash), action: action, today: try #require(CalendarDay("2026-12-01")))
        #expect(try folder.text("pages/a.md") == "- \(expected) finished\n")
    }

    @Test("a :preferred-workflow that is neither :now nor :todo is said, and :now is used")
    func unknownWorkflow() {
        let config = LogseqConfig(text: "{:preferred-workflow :later}")
        #expect(config.prefersNowWorkflow && config.problems == ["logseq/config.edn: :preferred-workflow :later is neither :now nor :todo; :now is used"])
        #expect(!LogseqConfig(text: "{:preferred-workflow :todo}").prefersNowWorkflow)
    }

    @Test("a page and a journal read whole (show --json, read_note) keep the titles the walk gives them")
    func fullNoteTitles() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        defer { withExtendedLifetime(folder) {} }
        let scan = try vault.scan()
        for path in ["pages/Projects___Vault.md", "journals/2021_02_02.md", "pages/meeting_notes.md"] {
            let note = try #require(scan.notes.first { $0.path == path })
            #expect(try vault.fullNote(note).note.title == note.title)
        }
        #expect(scan.notes.first { $0.path == "pages/Projects___Vault.md" }?.title == "Projects/Vault")
    }

    @Test("a journal and a new page are named in the graph's formats")
    func naming() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.graph)
        let day = try #require(CalendarDay(year: 2026, month: 12, day: 1))
        #expect(Journals(vault: vault).newPath(for: day) == "journals/2026_12_01.md")
        #expect(try Journals(vault: vault).entry(for: try #require(CalendarDay(year: 2021, month: 2, day: 2)))?.path == "journals/2021_02_02.md")
        let page = try NoteAuthoring(vault: vault).create(title: "Team/Plans: 2027")
        #expect(page.path == "pages/Team___Plans%3A 2027.md")
        #expect(try folder.read("pages/Team___Plans%3A 2027.md").isEmpty)
        let (other, dashed) = try TemporaryFolder.vault([
            "logseq/config.edn": "{:journal/file-name-format \"yyyy-MM-dd\" :journals-directory \"days\"}",
        ])
        _ = other
        #expect(Journals(vault: dashed).newPath(for: day) == "days/2026-12-01.md")
    }
}
