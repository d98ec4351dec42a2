import VaultMarkdown
import VaultSystem

extension Vault {
    /// Hands every task `query` selects to `sink` in the query's order, and returns what a
    /// person should know (as `TaskScan.warnings`).
    ///
    /// In the order written (`.note`), each note's tasks go to the sink as soon as that note
    /// and the ones before it are read, so output starts at once and memory stays flat; sorted
    /// by due date or priority, only the selected tasks are kept, then sorted and handed on.
    ///
    /// - Parameters:
    ///   - notes: the notes to read (from an earlier `scan`); nil for every note of the vault.
    ///   - progress: called now and then from worker threads with the notes read so far and
    ///     the total, for a progress display.
    public func tasks(
        matching query: TaskQuery, of notes: [Note]? = nil, into sink: inout some ResultSink<VaultTask>,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> [VaultWarning] {
        let selection = TaskSelection(query, layout: layout)
        let files = try taskFiles(of: notes, selecting: selection.paths, progress: progress)
        var warnings = files.warnings
        var sorted: [VaultTask] = []
        ParallelMap.stream(files.count, state: {}, progress: progress) { _, index in
            var tasks: [VaultTask] = []
            let warning = readTasks(files[index], into: &tasks)
            return TaskWalk.NoteTasks(tasks: tasks, warning: warning)
        } deliver: { _, note in
            if let warning = note.warning { warnings.append(warning) }
            var tasks = note.tasks
            return tasks.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices where selection.matches(buffer.baseAddress! + index) {
                    // Moved out of the note's array, which nothing else holds: never copied.
                    let task = (buffer.baseAddress! + index).move()
                    (buffer.baseAddress! + index).initialize(to: VaultTask.placeholder)
                    if query.order != .note {
                        sorted.append(task)
                    } else if !sink.receive(task) {
                        return false
                    }
                }
                return true
            }
        }
        if query.order != .note {
            query.sort(&sorted)
            for task in sorted {
                guard sink.receive(task) else { break }
            }
        }
        return warnings
    }

    /// The notes whose tasks are read: `notes`, or when nil every note of a walk of the vault
    /// that `selecting` selects (a query of one folder reads that folder's notes only).
    ///
    /// - Parameter progress: told of a fill of the cache ahead of the read (see `completeTaskRecords`).
    func taskFiles(
        of notes: [Note]?, selecting: PathSelection? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> TaskWalk.Files {
        guard let notes else {
            // A paths-only scan walks the folders as every command does and opens no note;
            // only each note's path is kept.
            var walked: [TaskWalk.File] = []
            var paths = ClosureSink<Note> { note in
                walked.append(TaskWalk.File(path: note.path, isPlaceholder: note.availability == .placeholder))
                return true
            }
            let scan = try scan(detail: .paths, selecting: selecting, into: &paths)
            let files = TaskWalk.Files(files: walked, warnings: scan.warnings)
            completeTaskRecords(of: files, progress: progress)
            return files
        }
        return TaskWalk.Files(notes: notes, warnings: [])
    }
}

extension TaskWalk {
    /// One note's tasks and what a person should know about the note.
    struct NoteTasks: Sendable {
        var tasks: [VaultTask]
        var warning: VaultWarning?
    }
}
