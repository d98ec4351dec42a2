import FoundationEssentials
import Glibc
import VaultMarkdown
import VaultSystem

/// Every task of a vault, read straight from the files.
///
/// Listing tasks must keep pace with `rg` over the same folder, so this walk reads each note
/// once and asks nothing of it but its tasks: no titles, no tags, no markdown parse for a note
/// without a task line. The notes it reads are the ones `Vault.scan` lists: the same sync
/// artefacts, placeholders and conflict copies are left out.
public struct TaskScan: Sendable {
    /// The tasks, note by note in path order, each note's in the order written.
    public var tasks: [VaultTask]
    /// Things a person should know: notes not downloaded or unreadable, notes that are not
    /// UTF-8 (their tasks are listed but never edited), folders that could not be read.
    public var warnings: [VaultWarning]

    /// Appends `source`'s tasks to `tasks` by moving them (a copy would retain each task's
    /// strings once more, and release them again when `source` goes), leaving `source` empty.
    static func move(_ source: inout [VaultTask], to tasks: inout [VaultTask]) {
        tasks.reserveCapacity(tasks.count + source.count)
        let placeholder = VaultTask.placeholder
        source.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in buffer.indices {
                tasks.append((base + index).move())
                (base + index).initialize(to: placeholder)
            }
        }
        source.removeAll()
    }
}

extension Vault {
    /// Reads the tasks of every note of the vault.
    ///
    /// - Parameter progress: called now and then from worker threads with the notes read so
    ///   far and the total, for a progress display.
    public func tasks(progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> TaskScan {
        tasks(of: try taskFiles(of: nil, progress: progress), progress: progress)
    }

    /// Reads the tasks of some notes only (from an earlier `scan`).
    public func tasks(of notes: [Note]) -> TaskScan {
        tasks(of: TaskWalk.Files(notes: notes, warnings: []))
    }

    private func tasks(of files: TaskWalk.Files, progress: (@Sendable (Int, Int) -> Void)? = nil) -> TaskScan {
        // Each worker reads a contiguous run of notes into its own array, so the runs join in
        // path order with one copy at most.
        var runs = ParallelMap.fold(files.count, progress: progress, into: { TaskWalk.Run() }) { run, index in
            if let warning = readTasks(files[index], into: &run.tasks) { run.warnings.append(warning) }
        }
        // Taken out of the runs, each run's tasks are uniquely referenced: joining them moves
        // the tasks instead of copying each one's strings.
        var tasks = runs[0].take()
        var warnings = files.warnings + runs[0].warnings
        for index in 1..<runs.count {
            var run = runs[index].take()
            warnings += runs[index].warnings
            TaskScan.move(&run, to: &tasks)
        }
        return TaskScan(tasks: tasks, warnings: warnings)
    }

    /// Appends a note's tasks; returns what a person should know about the note, if anything.
    func readTasks(_ file: TaskWalk.File, into tasks: inout [VaultTask]) -> VaultWarning? {
        if file.isPlaceholder {
            return VaultWarning(path: file.path, message: "not downloaded; its tasks are not listed")
        }
        if cache != nil { return readCachedTasks(file, into: &tasks) }
        let bytes: [UInt8]
        do {
            bytes = try fileSystem.readFile(absolutePath(file.path))
        } catch let error as SystemError where error.code == ENOENT {
            return nil
        } catch {
            let reason = (error as? SystemError)?.reason ?? "\(error)"
            return VaultWarning(path: file.path, message: "unavailable: \(reason); its tasks are not listed")
        }
        guard TaskScanner.mayHoldTask(bytes, dialect: dialect.forFile(file.path)) else { return nil }
        let first = tasks.count
        TaskScanner.append(prefiltered: bytes, dialect: dialect.forFile(file.path), origin: { origin(of: file.path) }, to: &tasks)
        if tasks.count > first && tasks[first].inNonUTF8Note {
            return VaultWarning(path: file.path, message: "not valid UTF-8; its tasks are listed but never edited")
        }
        return nil
    }
}

extension Vault {
    /// Reads into the cache first, when most of `files` have records that hold other facts
    /// but not their tasks (a first `tasks` after a first `check`): see `CacheFill.beforeRereading`.
    func completeTaskRecords(of files: TaskWalk.Files, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?) {
        guard let cache else { return }
        let fill = CacheFill(cache: cache, fileSystem: fileSystem, dialect: dialect, root: root)
        fill.beforeRereading(count: files.count, parts: .tasks, progress: progress) { position in
            files[position].isPlaceholder ? nil : (files[position].path, nil)
        }
    }

    /// `readTasks` through the cache: a note unchanged since it was read is not opened.
    private func readCachedTasks(_ file: TaskWalk.File, into tasks: inout [VaultTask]) -> VaultWarning? {
        let reading: CachedReader.Reading
        do {
            reading = try CachedReader(fileSystem: fileSystem, cache: cache, dialect: dialect, trustsWalk: true).read(
                path: file.path, absolute: absolutePath(file.path), wanted: .tasks, taskLines: true)
        } catch let error as SystemError where error.code == ENOENT {
            return nil
        } catch {
            let reason = (error as? SystemError)?.reason ?? "\(error)"
            return VaultWarning(path: file.path, message: "unavailable: \(reason); its tasks are not listed")
        }
        let first = tasks.count
        if let bytes = reading.bytes {
            TaskScanner.append(reading.facts, of: bytes, origin: { origin(of: file.path) }, to: &tasks)
        } else if let record = reading.record {
            TaskScanner.append(reading.facts, lines: record.taskLines, origin: { origin(of: file.path) }, to: &tasks)
        }
        if tasks.count > first && tasks[first].inNonUTF8Note {
            return VaultWarning(path: file.path, message: "not valid UTF-8; its tasks are listed but never edited")
        }
        return nil
    }
}

/// The note files whose tasks are read: paths and whether each is only a placeholder.
enum TaskWalk {
    struct File: Sendable {
        var path: String
        var isPlaceholder: Bool
    }

    /// What one worker read from its run of files.
    struct Run {
        var tasks: [VaultTask] = []
        var warnings: [VaultWarning] = []

        /// The tasks, left out of the run: the caller then holds the only reference to them.
        mutating func take() -> [VaultTask] {
            let taken = tasks
            tasks = []
            return taken
        }
    }

    struct Files: Sendable {
        var files: [File]
        var warnings: [VaultWarning]
        var count: Int { files.count }
        subscript(index: Int) -> File { files[index] }

        init(files: [File], warnings: [VaultWarning]) {
            self.files = files
            self.warnings = warnings
        }

        init(notes: [Note], warnings: [VaultWarning]) {
            files = notes.map { File(path: $0.path, isPlaceholder: $0.availability == .placeholder) }
            self.warnings = warnings
        }
    }
}
