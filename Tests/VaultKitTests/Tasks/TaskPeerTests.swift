import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Our task grammar against the Obsidian Tasks plugin's own test facts and Obsidian's recorded
/// parse of real notes (kept beside the repository in `shared/peer-cases/`, not in it).
@Suite("Tasks as Obsidian sees them")
struct TaskPeerTests {
    static func load(_ name: String) throws -> [String: Any]? {
        let path = OutlineAgreementTests.shared + "/peer-cases/" + name
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    }

    @Test("each task line the Tasks plugin's tests describe is read the same way")
    func pluginLineCases() throws {
        guard let data = try Self.load("task_status_obsidian_tasks.json") else {
            print("peer cases folder absent (\(OutlineAgreementTests.shared)/peer-cases); skipped")
            return
        }
        var agree = 0
        var differ: [String] = []
        let cases = data["line_cases"] as? [[String: Any]] ?? []
        for item in cases {
            let line = item["line"] as! String
            let ours = TaskScanner.tasks(in: Array((line + "\n").utf8), origin: .init(path: "x.md", kind: .page)).first
            var same = true
            if let isTask = item["is_task"] as? Bool { same = same && (ours != nil) == isTask }
            if let symbol = item["status_symbol"] as? String { same = same && ours?.marker == symbol }
            if let marker = item["list_marker"] as? String {
                same = same && ours.map { $0.listMarker == marker } ?? true
            }
            if same { agree += 1 } else { differ.append(line) }
        }
        print("Tasks plugin line cases: \(agree) of \(cases.count) agree")
        #expect(cases.count > 20)
        #expect(differ.isEmpty, "\(differ)")
    }

    @Test("the status types of the plugin's registry match our states")
    func statusTypes() throws {
        guard let data = try Self.load("task_status_obsidian_tasks.json") else { return }
        let types: [String: TaskState] = [
            "TODO": .open, "DONE": .done, "IN_PROGRESS": .inProgress, "CANCELLED": .cancelled,
        ]
        let registry = (data["default_status_registry"] as! [String: Any])["statuses"] as! [[String: Any]]
        for status in registry {
            let symbol = status["symbol"] as! String
            #expect(TaskState(marker: Character(symbol)) == types[status["type"] as! String], "\(symbol)")
        }
        // The plugin's checkbox click: an open box is checked, anything else unchecked.
        for item in (data["toggle"] as! [String: Any])["cases"] as! [[String: Any]] {
            let line = item["line"] as! String
            guard let task = TaskScanner.tasks(in: Array(line.utf8), origin: .init(path: "x.md", kind: .page)).first
            else {
                #expect(line == item["after"] as! String)
                continue
            }
            let target = TaskAction.toggle.target(from: task.state)
            var bytes = Array(line.utf8)
            bytes.replaceSubrange(task.markerRange, with: Array(String(target.marker!).utf8))
            #expect(String(decoding: bytes, as: UTF8.self) == item["after"] as! String)
        }
    }

    @Test("list items, tasks and parents agree with Obsidian's parse of its test notes")
    func obsidianMetadata() throws {
        guard let data = try Self.load("obsidian_tasks_metadata.json") else {
            print("peer cases folder absent; skipped")
            return
        }
        var itemsAgree = 0
        var itemsTotal = 0
        var tasksAgree = 0
        var tasksTotal = 0
        var notTasksAgree = 0
        var notTasksTotal = 0
        var differences: [String] = []
        var byDesign = 0
        for file in data["cases"] as? [[String: Any]] ?? [] {
            let contents = Array((file["contents"] as! String).utf8)
            let ours = CMarkOutline(fast: contents)
            let path = file["vault_path"] as! String
            let theirs = file["obsidian_list_items"] as! [[String: Any]]
            // Obsidian lists a second item on a line for `- [ ] 1. text` (an ordered list after
            // the checkbox); CommonMark reads that as text, so lines are compared once.
            var seen = Set<Int>()
            for item in theirs {
                let line = (item["line"] as! Int) + 1
                guard seen.insert(line).inserted else {
                    byDesign += 1
                    continue
                }
                let parent = (item["parent"] as! Int) < 0 ? nil : (item["parent"] as! Int) + 1
                let task = item["task"] as? String
                itemsTotal += 1
                if ours.items.contains(CMarkOutline.Item(line: line, parentLine: parent)) {
                    itemsAgree += 1
                } else {
                    differences.append("\(path):\(line) item with parent \(parent.map(String.init) ?? "-")")
                }
                if let task {
                    tasksTotal += 1
                    if ours.tasks.contains(where: { $0.line == line && $0.marker == task }) {
                        tasksAgree += 1
                    } else {
                        differences.append("\(path):\(line) task [\(task)]")
                    }
                }
            }
            for item in file["lines_that_look_like_tasks_but_are_not_list_items"] as! [[String: Any]] {
                let line = (item["line"] as! Int) + 1
                notTasksTotal += 1
                if !ours.tasks.contains(where: { $0.line == line }) {
                    notTasksAgree += 1
                } else {
                    differences.append("\(path):\(line) not a task")
                }
            }
            let extra = ours.tasks.filter { task in
                !theirs.contains { ($0["line"] as! Int) + 1 == task.line && $0["task"] is String }
            }
            for task in extra {
                tasksTotal += 1
                differences.append("\(path):\(task.line) extra task")
            }
        }
        print(
            "Obsidian metadata: list items \(itemsAgree)/\(itemsTotal) (+\(byDesign) Obsidian reads inside task text), "
                + "tasks \(tasksAgree)/\(tasksTotal), look-alikes rejected \(notTasksAgree)/\(notTasksTotal); "
                + "differences: \(differences)")
        #expect(byDesign <= 2)
        #expect(tasksAgree == tasksTotal, "\(differences)")
        #expect(notTasksAgree == notTasksTotal)
        #expect(itemsAgree == itemsTotal, "\(differences)")
    }
}
