import VaultMarkdown

/// A task filter given by name that names nothing `vault tasks` knows.
public struct TaskFilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, for the person who typed it; the filter's own name is left to the caller
    /// (`--due` on the command line, `due` for an agent).
    public let description: String
}

extension TaskQuery {
    /// Sets the states from their names as typed (`open`, `in-progress`, `done`, `all`, ...);
    /// none leaves the default (open and in progress), or every state when `everyByDefault`.
    public mutating func select(states names: [String], everyByDefault: Bool = false) throws(TaskFilterError) {
        if names.contains("all") || (everyByDefault && names.isEmpty) {
            states = Self.allStates
            return
        }
        guard !names.isEmpty else { return }
        var chosen = Set<TaskState>()
        for name in names {
            guard let state = Self.state(named: name) else {
                throw TaskFilterError(description: "unknown status \"\(name)\": use open, in-progress, done, cancelled, forwarded, other or all")
            }
            chosen.insert(state)
        }
        states = chosen
    }

    /// Sets the due filter from `today`, `overdue`, `week`, `before:D`, `after:D` or `on:D`.
    public mutating func select(due text: String) throws(TaskFilterError) {
        guard let filter = DueFilter(parsing: text, today: today) else {
            throw TaskFilterError(
                description: "must be today, overdue, week, before:D, after:D or on:D (D a YYYY-MM-DD day), not \"\(text)\"")
        }
        due = filter
    }

    /// Sets the priorities from their names (`highest` ... `lowest`, or `none`).
    public mutating func select(priorities names: [String]) throws(TaskFilterError) {
        var chosen = Set<TaskPriority?>()
        for name in names {
            if name.lowercased() == "none" {
                chosen.insert(nil)
                continue
            }
            guard let priority = TaskPriority(name: name) else {
                throw TaskFilterError(description: "unknown priority \"\(name)\": use highest, high, medium, low, lowest or none")
            }
            chosen.insert(priority)
        }
        priorities = chosen
    }
}
