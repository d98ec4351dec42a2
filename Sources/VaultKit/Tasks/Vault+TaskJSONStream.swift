import VaultSystem

extension Vault {
    /// The tasks `query` selects as the JSON array `TaskJSON.encode` gives for them, handed
    /// to `write` a piece at a time in the query's order; returns how many tasks it holds and
    /// what a person should know (as `tasks(matching:of:into:progress:)`).
    ///
    /// In the order written, each note's tasks are selected and written as JSON by the worker
    /// that read the note, and only the bytes go out in order: written by the one thread that
    /// hands results over, the JSON of 460,000 tasks kept the other cores waiting on it.
    ///
    /// - Parameters: as for `tasks(matching:of:into:progress:)`.
    public func tasksJSON(
        matching query: TaskQuery, of notes: [Note]? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        write: ([UInt8]) -> Void
    ) throws -> (count: Int, warnings: [VaultWarning]) {
        var count = 0
        guard query.order == .note else {
            // Sorted, the tasks are all read before the first goes out: nothing to spread.
            return try withoutActuallyEscaping(write) { write in
                var array = TaskJSON.ArrayWriter()
                var sink = ClosureSink<VaultTask> { task in
                    var bytes: [UInt8] = []
                    array.append(task, to: &bytes)
                    write(bytes)
                    count += 1
                    return true
                }
                let warnings = try tasks(matching: query, of: notes, into: &sink, progress: progress)
                var end: [UInt8] = []
                array.finish(to: &end)
                write(end)
                return (count, warnings)
            }
        }
        let selection = TaskSelection(query, layout: layout)
        let files = try taskFiles(of: notes, selecting: selection.paths)
        var warnings = files.warnings
        // Every element is written after a comma; the first one's becomes the array's `[`.
        ParallelMap.stream(files.count, state: { TaskJSON.ArrayWriter(afterFirst: true) }, progress: progress) { writer, index in
            var tasks: [VaultTask] = []
            let warning = readTasks(files[index], into: &tasks)
            var piece = TaskJSON.Piece(warning: warning)
            tasks.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where selection.matches(buffer.baseAddress! + index) {
                    writer.append(buffer.baseAddress! + index, to: &piece.bytes)
                    piece.count += 1
                }
            }
            return piece
        } deliver: { _, piece in
            if let warning = piece.warning { warnings.append(warning) }
            guard piece.count > 0 else { return true }
            var bytes = piece.bytes
            if count == 0 { bytes[0] = UInt8(ascii: "[") }
            count += piece.count
            write(bytes)
            return true
        }
        write(Array((count == 0 ? "[]\n" : "\n]\n").utf8))
        return (count, warnings)
    }
}
