/// Obsidian Tasks' global filter (`#task`): in a vault that sets one, only the checklist
/// items whose text holds it are tasks (its "Global Filter" page); the others are plain list
/// items, counted nowhere and never edited as tasks.
enum TaskFilter {
    /// Keeps, of `tasks[first...]` (one note's, in order, each `parentIndex` counted from
    /// `first`), those whose text holds `filter`; a kept task's parent is its nearest kept
    /// ancestor. With `removed`, each kept description leaves the filter out.
    static func keep(_ tasks: inout [VaultTask], from first: Int, holding filter: (filter: String, removed: Bool)) {
        let count = tasks.count - first
        guard count > 0 else { return }
        let kept = (0..<count).map { tasks[first + $0].text.contains(filter.filter) }
        var newIndex = [Int](repeating: -1, count: count)
        var next = 0
        for index in 0..<count where kept[index] {
            newIndex[index] = next
            next += 1
        }
        var result: [VaultTask] = []
        result.reserveCapacity(next)
        for index in 0..<count where kept[index] {
            var task = tasks[first + index]
            var parent = task.parentIndex
            while parent >= 0 && !kept[parent] { parent = tasks[first + parent].parentIndex }
            task.parentIndex = parent >= 0 ? newIndex[parent] : -1
            if filter.removed { task.description = Self.leavingOut(filter.filter, from: task.description) }
            result.append(task)
        }
        tasks.removeSubrange(first...)
        tasks += result
    }

    /// `description` without `filter`, white space runs it leaves collapsed.
    static func leavingOut(_ filter: String, from description: String) -> String {
        description.replacing(filter, with: "").split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
