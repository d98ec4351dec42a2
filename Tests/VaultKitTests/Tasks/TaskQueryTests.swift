import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Filters and orders of `vault tasks`, on the demo vault ("today" is 2026-11-30).
@Suite("Task queries")
struct TaskQueryTests {
    static let vault = try! Vault(root: Fixtures.path("demo"))
    static let all = try! vault.tasks().tasks
    static let today = CalendarDay("2026-11-30")!

    func run(_ change: (inout TaskQuery) -> Void) -> [VaultTask] {
        var query = TaskQuery(today: Self.today)
        change(&query)
        return query.apply(to: Self.all, layout: Self.vault.layout)
    }

    @Test("by default the open and in-progress live tasks, in the order written")
    func defaults() {
        let tasks = run { _ in }
        #expect(tasks.count == 63)
        #expect(tasks.allSatisfy { ($0.state == .open || $0.state == .inProgress) && !$0.isRetired })
        #expect(tasks == tasks.sorted { ($0.path, $0.line) < ($1.path, $1.line) })
    }

    @Test("states can be picked, and retired tasks asked for")
    func states() {
        #expect(run { $0.states = [.done] }.count == 19)
        #expect(run { $0.states = [.forwarded, .other] }.count == 5)
        #expect(run { $0.states = TaskQuery.allStates }.count == 91)
        #expect(
            run {
                $0.states = TaskQuery.allStates
                $0.includeRetired = true
            }.count == 97)
        #expect(
            run {
                $0.states = TaskQuery.allStates
                $0.folders = ["trash"]
            }.count == 2)
        #expect(TaskQuery.state(named: "canceled") == .cancelled)
        #expect(TaskQuery.state(named: "in-progress") == .inProgress)
        #expect(TaskQuery.state(named: "started") == nil)
    }

    @Test("due filters: today, overdue, the week ahead, before, after and on a day")
    func due() {
        let today = TaskQuery.DueFilter(parsing: "today", today: Self.today)
        #expect(
            run { $0.due = today }.map(\.description) == [
                "Remapped vault", "README table", "Give [[Piranesi]] back to Ana",
                "Read [[Local-first software]] properly",
            ])
        let overdue = run { $0.due = .overdue }
        #expect(overdue.count == 18)
        #expect(overdue.allSatisfy { $0.due! < Self.today })
        let week = run { $0.due = .week }
        #expect(week.allSatisfy { $0.due! >= Self.today && $0.due! <= CalendarDay("2026-12-06")! })
        #expect(
            week.contains { $0.description.hasPrefix("Post office") }
                && !week.contains { $0.description.hasPrefix("Ship") })
        #expect(run { $0.due = TaskQuery.DueFilter(parsing: "on:2026-12-01", today: Self.today) }.count == 3)
        #expect(run { $0.due = TaskQuery.DueFilter(parsing: "after:2026-12-10", today: Self.today) }.count == 2)
        #expect(run { $0.due = TaskQuery.DueFilter(parsing: "before:tomorrow", today: Self.today) }.count == 18 + 4)
        #expect(TaskQuery.DueFilter(parsing: "before:someday", today: Self.today) == nil)
        #expect(TaskQuery.DueFilter(parsing: "soon", today: Self.today) == nil)
    }

    @Test("tags match the task's own tags, nested ones included, without case")
    func tags() {
        #expect(run { $0.tags = ["project"] }.count == 3)
        #expect(run { $0.tags = ["#Project/Vault"] }.count == 3)
        #expect(run { $0.tags = ["to-do"] }.map(\.path) == ["journals/2026-11-25.md", "pages/People/Ana Pereira.md"])
        #expect(run { $0.tags = ["project", "to-do"] }.isEmpty)
    }

    @Test("folders by path or by system folder name, and priorities, none included")
    func foldersAndPriorities() {
        #expect(run { $0.folders = ["inbox"] }.count == 4)
        #expect(run { $0.folders = ["pages/Projects/"] }.count == 9)
        #expect(run { $0.priorities = [.high] }.count == 5)
        #expect(run { $0.priorities = [.low, .lowest] }.count == 2)
        #expect(run { $0.priorities = [nil] }.count == 63 - 9)
    }

    @Test("sorted by due date (undated last) or by priority (none between medium and low)")
    func orders() {
        let byDue = run { $0.order = .due }
        #expect(byDue.first?.due == CalendarDay("2026-11-16"))
        #expect(byDue.prefix(while: { $0.due != nil }).count == 30)
        #expect(byDue.suffix(33).allSatisfy { $0.due == nil })
        let byPriority = run { $0.order = .priority }
        #expect(
            byPriority.map { TaskPriority.rank($0.priority) }
                == byPriority.map { TaskPriority.rank($0.priority) }.sorted())
        #expect(byPriority.first?.priority == .high && byPriority.last?.priority == .low)
    }

    @Test("the JSON of tasks is byte for byte what the generic encoder writes")
    func json() throws {
        let tasks = Self.all
        #expect(TaskJSON.encode(tasks) == (try JSONValueEncoder().encode(tasks).formattedBytes()))
        #expect(TaskJSON.encode([]) == (try JSONValueEncoder().encode([VaultTask]()).formattedBytes()))
    }

    @Test("the JSON written note by note on the workers is the JSON of the tasks selected, in every order and for none")
    func streamedJSON() throws {
        // Many notes, most without a task, so that pieces come from both workers and the first is empty.
        var files: [String: String] = [:]
        for number in 0..<400 {
            files[String(format: "pages/N%03d.md", number)] = number % 7 == 3 ? "- [ ] task \(number) #t\(number % 3)\n- [x] done \(number)\n" : "text\n"
        }
        let (folder, vault) = try TemporaryFolder.vault(files)
        defer { withExtendedLifetime(folder) {} }
        for change in [{ (_: inout TaskQuery) in }, { $0.states = [.done] }, { $0.order = .priority }, { $0.tags = ["t1"] }, { $0.tags = ["none"] }] {
            var query = TaskQuery(today: Self.today)
            change(&query)
            var selected = CollectingSink<VaultTask>()
            _ = try vault.tasks(matching: query, into: &selected)
            var written: [UInt8] = []
            let (count, _) = try vault.tasksJSON(matching: query) { written += $0 }
            #expect(written == TaskJSON.encode(selected.elements))
            #expect(count == selected.elements.count)
        }
    }
}
