import VaultMarkdown
import VaultSystem

/// Which tasks to list and in what order, as `vault tasks` and scripts ask.
public struct TaskQuery: Sendable {
    /// A condition on the due date; tasks without one never match.
    public enum DueFilter: Sendable, Equatable {
        case today
        /// Due before today.
        case overdue
        /// Due today or in the six days after.
        case week
        case before(CalendarDay)
        case after(CalendarDay)
        case on(CalendarDay)

        /// Reads `today`, `overdue`, `week`, `before:D`, `after:D` or `on:D`, where D is a
        /// day as `CalendarDay.relative` reads it. Nil when the text is none of these.
        public init?(parsing text: String, today: CalendarDay) {
            switch text.lowercased() {
            case "today": self = .today
            case "overdue": self = .overdue
            case "week": self = .week
            default:
                guard let colon = text.firstIndex(of: ":"),
                    let day = CalendarDay.relative(String(text[text.index(after: colon)...]), today: today)
                else { return nil }
                switch text[..<colon].lowercased() {
                case "before": self = .before(day)
                case "after": self = .after(day)
                case "on": self = .on(day)
                default: return nil
                }
            }
        }

        func matches(_ due: CalendarDay, today: CalendarDay) -> Bool {
            switch self {
            case .today: return due == today
            case .overdue: return due < today
            case .week: return due >= today && due <= today.adding(days: 6)
            case .before(let day): return due < day
            case .after(let day): return due > day
            case .on(let day): return due == day
            }
        }
    }

    /// How tasks are ordered.
    public enum Order: String, Sendable, CaseIterable {
        /// By note path, then line: the order written.
        case note
        /// Soonest due first, tasks without a due date last.
        case due
        /// Highest priority first (no priority sits between medium and low).
        case priority
    }

    /// The states listed; by default the work still to do.
    public var states: Set<TaskState> = [.open, .inProgress]
    public var due: DueFilter?
    /// Tags the task's own text must carry (`project` also matches `project/vault`); all must.
    public var tags: [String] = []
    /// Folders (vault-relative, or a system folder's name like `inbox`); any may match.
    public var folders: [String] = []
    /// Priorities to keep; `nil` in the set stands for "no priority". Empty keeps all.
    public var priorities: Set<TaskPriority?> = []
    /// Whether tasks in `archive/` and `trash/` are listed.
    public var includeRetired = false
    public var order: Order = .note
    /// The day "today" means.
    public var today: CalendarDay

    public init(today: CalendarDay) {
        self.today = today
    }

    /// Every state: what `--status all` asks for.
    public static let allStates = Set(TaskState.allCases)

    /// Reads a state name as typed (`in-progress`, `cancelled` or `canceled`, ...); `all` is
    /// handled by the caller.
    public static func state(named name: String) -> TaskState? {
        switch name.lowercased() {
        case "canceled": return .cancelled
        case "in_progress", "inprogress", "doing": return .inProgress
        case "todo": return .open
        default: return TaskState(rawValue: name.lowercased())
        }
    }

    /// The tasks that match, in order. Given an array nothing else holds, the tasks are
    /// filtered in place rather than copied.
    public func apply(to tasks: consuming [VaultTask], layout: VaultLayout) -> [VaultTask] {
        let selection = TaskSelection(self, layout: layout)
        var selected = tasks
        // Filtered in place through the buffer: a kept task is moved, never copied (a copy
        // retains each of its strings, which adds up over a large vault).
        let kept = selected.withUnsafeMutableBufferPointer { buffer -> Int in
            var kept = 0
            for index in buffer.indices where selection.matches(buffer.baseAddress! + index) {
                buffer.swapAt(kept, index)
                kept += 1
            }
            return kept
        }
        selected.removeLast(selected.count - kept)
        sort(&selected)
        return selected
    }

    /// Puts tasks the query selected in its order (`.note` keeps the order they came in).
    public func sort(_ tasks: inout [VaultTask]) {
        switch order {
        case .note:
            return
        case .due:
            tasks.sort { a, b in
                if a.due != b.due { return (a.due ?? .distantFuture) < (b.due ?? .distantFuture) }
                if a.priority != b.priority { return TaskPriority.rank(a.priority) < TaskPriority.rank(b.priority) }
                return (a.path, a.line) < (b.path, b.line)
            }
        case .priority:
            tasks.sort { a, b in
                if a.priority != b.priority { return TaskPriority.rank(a.priority) < TaskPriority.rank(b.priority) }
                if a.due != b.due { return (a.due ?? .distantFuture) < (b.due ?? .distantFuture) }
                return (a.path, a.line) < (b.path, b.line)
            }
        }
    }
}

extension CalendarDay {
    /// A day after every real due date, for sorting tasks without one last.
    static let distantFuture = CalendarDay(year: 9999, month: 12, day: 31)!
}

/// How many tasks are in each state.
public struct TaskSummary: Sendable, Equatable, Encodable {
    public var counts: [TaskState: Int]
    public var total: Int

    public init(_ tasks: [VaultTask]) {
        var counts: [TaskState: Int] = [:]
        for state in TaskState.allCases { counts[state] = 0 }
        tasks.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { counts[buffer[index].state, default: 0] += 1 }
        }
        self.counts = counts
        total = tasks.count
    }

    /// Counts one more task, for counts kept as tasks stream past.
    public mutating func add(_ task: VaultTask) {
        counts[task.state, default: 0] += 1
        total += 1
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// `{"open": 59, "in-progress": 4, ..., "total": 91}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for state in TaskState.allCases {
            try container.encode(counts[state] ?? 0, forKey: Key(stringValue: state.rawValue))
        }
        try container.encode(total, forKey: Key(stringValue: "total"))
    }
}
