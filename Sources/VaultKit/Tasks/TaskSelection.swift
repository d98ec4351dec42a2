import VaultMarkdown
import VaultSystem

/// The filters of a `TaskQuery` made ready to test one task after another: folder prefixes
/// and tags folded once, not for every task.
struct TaskSelection {
    private let query: TaskQuery
    /// The notes whose tasks may be listed: the folders asked for, and the archive and the
    /// trash only when asked for.
    let paths: PathSelection
    private let wantedTags: [String]

    init(_ query: TaskQuery, layout: VaultLayout) {
        self.query = query
        // A folder asked for in the archive or the trash lists the tasks of both.
        paths = PathSelection(folders: query.folders, leftOut: query.includeRetired ? [] : [.archive, .trash], layout: layout)
        wantedTags = query.tags.map { Naming.collisionKey($0.hasPrefix("#") ? String($0.dropFirst()) : $0) }
    }

    /// True when the query lists the task, read in place (a copy would retain its strings).
    func matches(_ task: UnsafePointer<VaultTask>) -> Bool {
        if !query.states.contains(task.pointee.state) { return false }
        if let due = query.due {
            guard let day = task.pointee.due, due.matches(day, today: query.today) else { return false }
        }
        if !query.priorities.isEmpty && !query.priorities.contains(task.pointee.priority) { return false }
        // Last: a folder asked for folds the path's case for every task.
        if !paths.selects(task.pointee.path, task.pointee.kind) { return false }
        if !wantedTags.isEmpty {
            let own = task.pointee.tags.map(Naming.collisionKey)
            if !wantedTags.allSatisfy({ wanted in own.contains { $0 == wanted || $0.hasPrefix(wanted + "/") } }) {
                return false
            }
        }
        return true
    }
}
