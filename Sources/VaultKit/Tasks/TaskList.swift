import VaultMarkdown
import VaultSystem

/// Every task of a set of notes, read once: what a long-running server keeps so that each
/// question about tasks filters what it holds instead of reading every note again.
///
/// Valid for the notes as they were read; the holder drops it when any of them changes.
public struct TaskList: Sendable {
    /// Every task, in every state, retired ones included, in the order of the notes.
    public let tasks: [VaultTask]
    /// What a person should know about the notes read (as `Vault.tasks` returns it).
    public let warnings: [VaultWarning]

    /// Reads every task of `notes` (from an earlier scan); nil as soon as there are more than
    /// `limit`, so that a holder with a memory budget never holds them all.
    public init?(vault: Vault, notes: [Note], limit: Int = .max) throws {
        // Every state and no date filter: the day plays no part in what is read.
        var query = TaskQuery(today: .distantFuture)
        query.states = TaskQuery.allStates
        query.includeRetired = true
        var all = BoundedSink(limit: limit)
        let warnings = try vault.tasks(matching: query, of: notes, into: &all)
        guard !all.overflowed else { return nil }
        self.warnings = warnings
        tasks = all.joined()
    }

    /// Keeps what it is handed until it has more than `limit`, then ends the read.
    ///
    /// In pieces of a fixed size: an array grown by doubling held its old and new storage
    /// at once, half as much again as the tasks, just before a large vault's read ended.
    private struct BoundedSink: ResultSink {
        static let piece = 4096
        let limit: Int
        var pieces: [[VaultTask]] = []
        var count = 0
        var overflowed = false

        mutating func receive(_ element: consuming VaultTask) -> Bool {
            guard count < limit else {
                overflowed = true
                return false
            }
            if count % Self.piece == 0 {
                pieces.append([])
                pieces[pieces.count - 1].reserveCapacity(Self.piece)
            }
            pieces[pieces.count - 1].append(element)
            count += 1
            return true
        }

        /// The tasks in one array, each piece let go once copied.
        mutating func joined() -> [VaultTask] {
            var all: [VaultTask] = []
            all.reserveCapacity(count)
            for index in pieces.indices {
                all += pieces[index]
                pieces[index] = []
            }
            return all
        }
    }

    /// Hands the tasks `query` selects to `sink` in the query's order, as `Vault.tasks` would
    /// for the same notes.
    public func select(_ query: TaskQuery, layout: VaultLayout, into sink: inout some ResultSink<VaultTask>) {
        let selection = TaskSelection(query, layout: layout)
        if query.order == .note {
            tasks.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where selection.matches(buffer.baseAddress! + index) {
                    guard sink.receive(buffer[index]) else { return }
                }
            }
            return
        }
        var selected: [VaultTask] = []
        tasks.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where selection.matches(buffer.baseAddress! + index) { selected.append(buffer[index]) }
        }
        query.sort(&selected)
        for task in selected {
            guard sink.receive(task) else { break }
        }
    }
}
