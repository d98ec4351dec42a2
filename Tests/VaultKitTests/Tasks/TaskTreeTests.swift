import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Parents, subtasks, rollups and effective states (DESIGN.md 5).
@Suite("The task tree")
struct TaskTreeTests {
    static func tasks(_ text: String) -> [VaultTask] {
        TaskScanner.tasks(in: Array(text.utf8), origin: .init(path: "x.md", kind: .page))
    }

    /// `line<parent line` for each task.
    static func shape(_ text: String) -> [String] {
        tasks(text).map { "\($0.line)<\($0.parentLine.map(String.init) ?? "-")" }
    }

    @Test("subtasks nest by indentation, with spaces or tabs")
    func nesting() {
        #expect(
            Self.shape("- [ ] a\n  - [ ] b\n    - [ ] c\n  - [ ] d\n- [ ] e\n") == ["1<-", "2<1", "3<2", "4<1", "5<-"])
        #expect(Self.shape("- [ ] a\n\t- [ ] b\n\t\t- [ ] c\n\t- [ ] d\n") == ["1<-", "2<1", "3<2", "4<1"])
    }

    @Test("a Logseq outline: tasks under a plain bullet have no parent task")
    func underPlainBullet() {
        let text =
            "- Kickoff #project\n\t- [x] Create the repo\n\t- [ ] Decide\n\t\t- [x] Shortlist\n\t\t- [ ] Check\n- Lunch\n"
        #expect(Self.shape(text) == ["2<-", "3<-", "4<3", "5<3"])
        let tasks = Self.tasks(text)
        #expect(tasks[1].effectiveState == .inProgress)
        #expect(tasks[1].rollup == TaskRollup(done: 1, total: 2))
    }

    @Test("a task under a plain item under a task is still its subtask")
    func throughPlainItem() {
        #expect(Self.shape("- [ ] a\n  - note\n    - [ ] b\n- plain\n  - [ ] c\n") == ["1<-", "3<1", "5<-"])
    }

    @Test("an ordered list nests by the width of its markers")
    func orderedNesting() {
        #expect(Self.shape("1. [ ] a\n   - [ ] b\n10. [ ] c\n    1. [ ] d\n") == ["1<-", "2<1", "3<-", "4<3"])
    }

    @Test("nesting in a block quote")
    func quoted() {
        #expect(Self.shape("> - [ ] a\n>     - [ ] b\n> - [ ] c\n") == ["1<-", "2<1", "3<-"])
    }

    @Test("a blank line inside an item keeps its subtasks; an unindented paragraph ends it")
    func blankLines() {
        #expect(Self.shape("- [ ] a\n\n  - [ ] b\n") == ["1<-", "3<1"])
        #expect(Self.shape("- [ ] a\n\nText\n  - [ ] b\n") == ["1<-", "4<-"])
        #expect(Self.shape("- [ ] a\nlazy text\n  - [ ] b\n") == ["1<-", "3<1"])
    }

    @Test("a deep tree rolls up done/total of every descendant")
    func deepRollup() {
        var text = ""
        for depth in 0..<12 {
            text += String(repeating: "  ", count: depth) + "- [\(depth == 11 ? "x" : " ")] level \(depth)\n"
        }
        let tasks = Self.tasks(text)
        #expect(tasks.count == 12)
        #expect(tasks.map(\.depth) == Array(0..<12))
        #expect(tasks[0].rollup == TaskRollup(done: 1, total: 11))
        #expect(tasks[10].rollup == TaskRollup(done: 1, total: 1))
        #expect(tasks[11].rollup == nil)
        #expect(tasks[0].effectiveState == .inProgress)
        // All done below: the parent is not in progress, it is ready to be closed.
        #expect(tasks[10].effectiveState == .open)
    }

    @Test("cancelled and forwarded subtasks do not count in the rollup")
    func closedSubtasks() throws {
        let parent = try #require(Self.tasks("- [ ] p\n  - [x] a\n  - [-] b\n  - [>] c\n  - [?] d\n").first)
        #expect(parent.rollup == TaskRollup(done: 1, total: 2))
        #expect(parent.effectiveState == .inProgress)
    }

    @Test("a subtask in progress puts an open parent in progress; a closed parent keeps its state")
    func effectiveStates() {
        #expect(Self.tasks("- [ ] p\n  - [ ] a\n  - [/] b\n")[0].effectiveState == .inProgress)
        #expect(Self.tasks("- [ ] p\n  - [ ] a\n  - [ ] b\n")[0].effectiveState == .open)
        #expect(Self.tasks("- [x] p\n  - [ ] a\n")[0].effectiveState == .done)
        #expect(Self.tasks("- [-] p\n  - [/] a\n")[0].effectiveState == .cancelled)
        #expect(Self.tasks("- [?] p\n  - [x] a\n  - [ ] b\n")[0].effectiveState == .other)
    }

    @Test("the parent's reference names the parent task")
    func parentReference() {
        let tasks = Self.tasks("- [ ] p\n  - [ ] a\n")
        #expect(tasks[1].parent == tasks[0].reference)
        #expect(tasks[0].parent == nil)
    }

    @Test("a tree view indents by the ancestors that are listed too")
    func displayDepths() {
        let all = Self.tasks("- [ ] a\n  - [x] b\n    - [ ] c\n- [ ] d\n")
        let open = all.filter { $0.state == .open }
        #expect(TaskTree.displayDepths(open, all: all) == [0, 1, 0])
        #expect(TaskTree.displayDepths(all, all: all) == [0, 1, 2, 0])
    }
}
