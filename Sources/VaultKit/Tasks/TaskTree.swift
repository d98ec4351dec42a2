import VaultMarkdown
import VaultSystem

/// Parents and subtasks by nesting (DESIGN.md 5): each task's depth, the reference of its
/// parent, the rollup of its subtree and its effective state.
public enum TaskTree {
    /// Fills the tree fields of one note's tasks, `tasks[first...]`, given in the order written
    /// with `parentIndex` set relative to `first` (a parent always comes before its subtasks).
    static func link(_ tasks: inout [VaultTask], from first: Int = 0) {
        guard (first..<tasks.count).contains(where: { tasks[$0].parentIndex >= 0 }) else { return }
        let count = tasks.count - first
        var done = [Int](repeating: 0, count: count)
        var total = [Int](repeating: 0, count: count)
        var descendants = [Int](repeating: 0, count: count)
        var inProgress = [Bool](repeating: false, count: count)
        for index in (0..<count).reversed() {
            let parent = tasks[first + index].parentIndex
            guard parent >= 0 else { continue }
            let state = tasks[first + index].state
            done[parent] += done[index] + (state == .done ? 1 : 0)
            total[parent] += total[index] + (state == .cancelled || state == .forwarded ? 0 : 1)
            descendants[parent] += descendants[index] + 1
            inProgress[parent] = inProgress[parent] || inProgress[index] || state == .inProgress
        }
        for index in 0..<count {
            let parent = tasks[first + index].parentIndex
            if parent >= 0 {
                tasks[first + index].depth = tasks[first + parent].depth + 1
                tasks[first + index].parentLine = tasks[first + parent].line
                tasks[first + index].parentHash = tasks[first + parent].textHash
            }
            guard descendants[index] > 0 else { continue }
            tasks[first + index].rollup = TaskRollup(done: done[index], total: total[index])
            if tasks[first + index].state == .open
                && (inProgress[index] || (done[index] > 0 && done[index] < total[index]))
            {
                tasks[first + index].effectiveState = .inProgress
            }
        }
    }

    /// For tasks listed together (after any filter), how many of each task's ancestors are
    /// listed too: the indentation of a tree view. `all` holds every task the list came from.
    ///
    /// Each task's count is its parent's plus one when the parent is listed, worked out once
    /// per task: walking every task's ancestors would cost the square of the depth.
    public static func displayDepths(_ shown: [VaultTask], all: [VaultTask]) -> [Int] {
        var parentOf: [String: String] = [:]
        for task in all { if let parent = task.parent { parentOf[task.reference] = parent } }
        let listed = Set(shown.map(\.reference))
        var listedAncestors: [String: Int] = [:]
        func count(_ reference: String) -> Int {
            if let known = listedAncestors[reference] { return known }
            // The chain up to the first task already counted, then back down it.
            // A parent is on an earlier line of the same note, so the chain ends.
            var chain = [reference]
            var base = 0
            while let parent = parentOf[chain.last!] {
                if let known = listedAncestors[parent] {
                    base = known + (listed.contains(parent) ? 1 : 0)
                    break
                }
                chain.append(parent)
            }
            for (offset, task) in chain.enumerated().reversed() {
                if offset < chain.count - 1 {
                    let parent = chain[offset + 1]
                    base = listedAncestors[parent]! + (listed.contains(parent) ? 1 : 0)
                }
                listedAncestors[task] = base
            }
            return listedAncestors[reference]!
        }
        return shown.map { count($0.reference) }
    }
}
