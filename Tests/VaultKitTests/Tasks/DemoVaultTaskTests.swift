import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The tasks `Fixtures/README.md` promises in the demo and remapped vaults.
@Suite("The fixture vaults' tasks")
struct DemoVaultTaskTests {
    let vault: Vault
    let scan: TaskScan

    init() throws {
        vault = try Vault(root: Fixtures.path("demo"))
        scan = try vault.tasks()
    }

    var live: [VaultTask] { scan.tasks.filter { !$0.isRetired } }

    func counts(_ tasks: [VaultTask]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for task in tasks { counts[task.marker, default: 0] += 1 }
        return counts
    }

    @Test("91 live tasks: 59 open, 19 done (18 x, 1 X), 4 in progress, 4 cancelled, 2 forwarded, 3 other")
    func liveCounts() {
        #expect(live.count == 91)
        #expect(counts(live) == [" ": 59, "x": 18, "X": 1, "/": 4, "-": 4, ">": 2, "?": 2, "!": 1])
        let summary = TaskSummary(live)
        #expect(summary.counts == [.open: 59, .done: 19, .inProgress: 4, .cancelled: 4, .forwarded: 2, .other: 3])
    }

    @Test("6 retired tasks: 4 in archive/ (x 2, open 1, cancelled 1) and 2 open in trash/")
    func retired() {
        let archived = scan.tasks.filter { $0.kind == .archive }
        let trashed = scan.tasks.filter { $0.kind == .trash }
        #expect(counts(archived) == ["x": 2, " ": 1, "-": 1])
        #expect(counts(trashed) == [" ": 2])
    }

    @Test("the opted-out template, the conflict copies and the placeholder give no task")
    func leftOut() {
        #expect(!scan.tasks.contains { $0.path.contains("Template") || $0.path.contains("conflict") })
        #expect(scan.warnings.map(\.path) == ["pages/Evicted Idea.md"])
    }

    static let perNote: [(String, [String: Int])] = [
        ("journals/2026_11_16.md", [" ": 3, "x": 2]), ("journals/2026-11-17.md", [" ": 2, "x": 1]),
        ("journals/2026-11-18.md", [" ": 1, "x": 1]), ("journals/2026-11-20.md", [" ": 2, "/": 1]),
        ("journals/2026-11-23.md", [" ": 5, "x": 1, "-": 1]), ("journals/2026-11-24.md", [" ": 2, "x": 1, "!": 1]),
        ("journals/2026-11-25.md", [" ": 1, "x": 1, ">": 1]), ("journals/2026-11-27.md", [" ": 1, "x": 1]),
        ("journals/2026-11-30.md", [" ": 4, "x": 1, "/": 1, "?": 1]), ("pages/BOM Note.md", [" ": 1]),
        ("pages/Budget (50% draft).md", [" ": 2]), ("pages/Errands.md", [" ": 7, "x": 1, "/": 1]),
        ("pages/Gift ideas.md", [" ": 2, "-": 1]), ("pages/Ideas.md", [" ": 2]),
        ("pages/Meetings/Sync design review.md", [" ": 2, "x": 1]), ("pages/People/Ana Pereira.md", [" ": 2]),
        ("pages/People/Tom Becker.md", [" ": 1]), ("pages/Projects/Roadmap.md", [" ": 5, "x": 1]),
        ("pages/Projects/Vault CLI.md", [" ": 3, "x": 2, "X": 1, "/": 1, "-": 1, ">": 1, "?": 1]),
        ("pages/Reading List.md", ["x": 2, "-": 1]), ("pages/Reading/Thinking in Systems.md", [" ": 2]),
        ("pages/Windows Note.md", [" ": 2, "x": 1]), ("pages/京都旅行.md", [" ": 2, "x": 1]),
        ("inbox/Call notes.md", [" ": 2]), ("inbox/Ideas.md", [" ": 1]), ("inbox/Local-first software.md", [" ": 1]),
        ("quick/Buy stamps.md", [" ": 1]),
    ]

    @Test("each note has the tasks the fixture table lists", arguments: perNote.indices)
    func note(index: Int) {
        let (path, expected) = Self.perNote[index]
        #expect(counts(scan.tasks.filter { $0.path == path }) == expected, "\(path)")
    }

    @Test("Errands uses every bullet, Roadmap both ordered delimiters")
    func listMarkers() {
        var bullets: [String: Int] = [:]
        for task in scan.tasks where task.path == "pages/Errands.md" { bullets[task.listMarker, default: 0] += 1 }
        #expect(bullets == ["*": 3, "+": 2, "-": 4])
        #expect(
            scan.tasks.filter { $0.path == "pages/Projects/Roadmap.md" }.map(\.listMarker) == [
                "1.", "2.", "3.", "1)", "2)", "3)",
            ])
    }

    func task(_ path: String, _ prefix: String) throws -> VaultTask {
        try #require(scan.tasks.first { $0.path == path && $0.description.hasPrefix(prefix) }, "\(path): \(prefix)")
    }

    @Test("the nesting, rollups and effective states the fixture README lists")
    func trees() throws {
        let ship = try task("pages/Projects/Vault CLI.md", "Ship 0.1")
        let rename = try task("pages/Projects/Vault CLI.md", "Rename with backlinks")
        #expect(scan.tasks.filter { $0.parent == ship.reference }.map(\.description.first) == ["P", "W", "R", "T"])
        #expect(scan.tasks.filter { $0.parent == rename.reference }.count == 3)
        #expect(ship.effectiveState == .inProgress && rename.effectiveState == .inProgress)
        #expect(ship.rollup == TaskRollup(done: 3, total: 6))
        let christmas = try task("journals/2026-11-23.md", "Christmas plans")
        let presents = try task("journals/2026-11-23.md", "Presents")
        #expect(christmas.effectiveState == .inProgress && presents.effectiveState == .inProgress)
        #expect(christmas.rollup == TaskRollup(done: 1, total: 4))
        #expect(try task("journals/2026-11-30.md", "Finish the fixtures").effectiveState == .inProgress)
        let decide = try task("journals/2026_11_16.md", "Decide on a name")
        #expect(decide.parentLine == nil && decide.effectiveState == .inProgress)
        #expect(try task("journals/2026_11_16.md", "Create the repo").parentLine == nil)
        let git = try task("pages/Windows Note.md", "Install Git")
        #expect(git.state == .done && git.effectiveState == .done && git.rollup == TaskRollup(done: 0, total: 1))
        #expect(try task("journals/2026-11-20.md", "Send Ana the draft").due == CalendarDay("2026-11-28"))
    }

    @Test("the fields the fixture README lists")
    func fields() throws {
        func day(_ text: String) -> CalendarDay? { CalendarDay(text) }
        let listing = try task("pages/Projects/Vault CLI.md", "Task listing")
        #expect(listing.due == day("2026-12-01") && listing.priority == .high)
        #expect(try task("journals/2026-11-23.md", "Fixtures for the rename").due == day("2026-11-26"))
        let bike = try task("pages/Errands.md", "Bike to the repair shop")
        #expect(bike.due == day("2026-12-05") && bike.start == day("2026-11-29"))
        #expect(try task("pages/Errands.md", "Post office").due == day("2026-12-03"))
        #expect(try task("pages/Projects/Vault CLI.md", "Ship 0.1").priority == .high)
        #expect(try task("pages/Projects/Roadmap.md", "`vault rename`").priority == .medium)
        #expect(try task("pages/Errands.md", "Tax return").priority == .low)
        #expect(try task("journals/2026-11-27.md", "Taxes").priority == .medium)
        #expect(try task("pages/Projects/Vault CLI.md", "Rename with backlinks").scheduled == day("2026-12-02"))
        #expect(try task("inbox/Local-first software.md", "Read it properly").start == day("2026-11-29"))
        #expect(try task("pages/Reading List.md", "Piranesi").doneDate == day("2026-11-28"))
        #expect(try task("pages/People/Ana Pereira.md", "Send her").tags == ["to-do"])
        #expect(try task("journals/2026-11-30.md", "Is the goals tag").tags == ["2026-goals"])
        let fromJournal = try task("journals/2026_11_16.md", "Check the names")
        #expect(fromJournal.due == day("2026-11-16") && fromJournal.dueFromJournal)
        #expect(
            try task("pages/People/Tom Becker.md", "Ask Tom").text == "Ask Tom about the OneDrive `-HOSTNAME` copies")
        #expect(try task("pages/People/Ana Pereira.md", "Give back").text == "Give back the book she lent me")
    }

    @Test("the remapped vault: Daily/ is the journals folder, 99 Trash/ and 90 Archive/ are retired")
    func remapped() throws {
        let remapped = try Vault(root: Fixtures.path("remapped")).tasks()
        let live = remapped.tasks.filter { !$0.isRetired }
        #expect(live.count == 11)
        #expect(remapped.tasks.filter { $0.kind == .archive }.map(\.marker).sorted() == ["-", "x"])
        #expect(remapped.tasks.filter { $0.kind == .trash }.map(\.marker) == [" "])
        let daily = remapped.tasks.filter { $0.path.hasPrefix("Daily/") }
        #expect(daily.allSatisfy { $0.kind == .journal })
        #expect(
            daily.filter { $0.path == "Daily/2026-11-29.md" }.compactMap(\.due).map(\.description).sorted() == [
                "2026-11-29", "2026-12-06",
            ])
        let plan = remapped.tasks.filter { $0.path == "Notes/Projects/Allotment plan.md" }
        #expect(plan.first?.rollup == TaskRollup(done: 1, total: 2))
    }
}
