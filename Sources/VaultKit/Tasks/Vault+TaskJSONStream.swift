import VaultSystem

extension Vault {
    /// The tasks `query` selects as the JSON array `TaskJSON.encode` gives for them, handed
    /// to `write` a piece at a time in the query's order; returns how many tasks it holds and
    /// what a person should know (as `tasks(matching:of:into:progress:)`).
    ///
    /// - Parameters: as for `tasks(matching:of:into:progress:)`.
    public func tasksJSON(
        matching query: TaskQuery, of notes: [Note]? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        write: ([UInt8]) -> Void
    ) throws -> (count: Int, warnings: [VaultWarning]) {
        // Every element is written after a comma; the first one's becomes the array's `[`.
        let (count, warnings) = try renderedTasks(
            matching: query, of: notes, progress: progress, state: { TaskJSON.ArrayWriter(afterFirst: true) },
            render: { writer, task, bytes in writer.append(task, to: &bytes) }
        ) { bytes, first in
            guard first else { return write(bytes) }
            var bytes = bytes
            bytes[0] = UInt8(ascii: "[")
            write(bytes)
        }
        write(Array((count == 0 ? "[]\n" : "\n]\n").utf8))
        return (count, warnings)
    }

    /// The tasks `query` selects, each written by `render` (given a `State` of its own that
    /// `state` made), handed to `write` a piece at a time in the query's order, `first` true
    /// for the first piece; returns how many tasks there were and what a person should know
    /// (as `tasks(matching:of:into:progress:)`).
    ///
    /// In the order written, each note's tasks are selected and rendered by the worker that
    /// read the note, and only the bytes go out in order: rendered by the one thread that
    /// hands results over, the JSON of 460,000 tasks kept the other cores waiting on it, and
    /// so did their rows for a pipe (`vault tasks` at 100,000 notes, 1.12 s).
    ///
    /// - Parameters: as for `tasks(matching:of:into:progress:)`.
    public func renderedTasks<State>(
        matching query: TaskQuery, of notes: [Note]? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        state: @Sendable () -> State, render: @Sendable (inout State, UnsafePointer<VaultTask>, inout [UInt8]) -> Void,
        write: (_ bytes: [UInt8], _ first: Bool) -> Void
    ) throws -> (count: Int, warnings: [VaultWarning]) {
        var count = 0
        guard query.order == .note else {
            // Sorted, the tasks are all read before the first goes out: nothing to spread.
            return try withoutActuallyEscaping(write) { write in
                try withoutActuallyEscaping(render) { render in
                    var local = state()
                    var sink = ClosureSink<VaultTask> { task in
                        var bytes: [UInt8] = []
                        withUnsafePointer(to: task) { render(&local, $0, &bytes) }
                        write(bytes, count == 0)
                        count += 1
                        return true
                    }
                    let warnings = try tasks(matching: query, of: notes, into: &sink, progress: progress)
                    return (count, warnings)
                }
            }
        }
        let selection = TaskSelection(query, layout: layout)
        let files = try taskFiles(of: notes, selecting: selection.paths, progress: progress)
        var warnings = files.warnings
        ParallelMap.stream(files.count, state: state, progress: progress) { local, index in
            var tasks: [VaultTask] = []
            let warning = readTasks(files[index], into: &tasks)
            var piece = TaskJSON.Piece(warning: warning)
            tasks.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where selection.matches(buffer.baseAddress! + index) {
                    render(&local, buffer.baseAddress! + index, &piece.bytes)
                    piece.count += 1
                }
            }
            return piece
        } deliver: { _, piece in
            if let warning = piece.warning { warnings.append(warning) }
            guard piece.count > 0 else { return true }
            write(piece.bytes, count == 0)
            count += piece.count
            return true
        }
        return (count, warnings)
    }
}
