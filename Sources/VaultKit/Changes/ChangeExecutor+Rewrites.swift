import FoundationEssentials
import Glibc
import Synchronization
import VaultMarkdown
import VaultSystem

/// Rewriting the linking notes of a journal, several at a time.
extension ChangeExecutor {
    /// What became of one edit of a journal.
    enum RewriteOutcome: Sendable {
        /// The file holds the edit's new bytes.
        case rewritten
        /// Left alone, and why: someone else's change to the file.
        case leftAlone(String)
        /// Not begun, because another edit was left alone or failed first.
        case notBegun
        /// Stopped by an error that is not someone else's change (a full disk, a crash seam).
        case failed(any Error)
    }

    /// Rewrites each of `edits` as the journal says, spread over the cores, and returns what
    /// became of each, in order.
    ///
    /// Each file is replaced on its own by the safe writer, so the order among them does not
    /// matter: a crash between any two leaves files each either as read or as written, which
    /// recovery finishes alike. Writing the notes is a third of a rename's time or more (each
    /// is a new file swapped in, checked and removed), and the writes of different notes
    /// overlap.
    ///
    /// What comes back is what one edit after another would have come to: the first edit, in
    /// the edits' order, that failed or (when `stopping`) was left alone decides, and an edit
    /// after it that failed counts as not begun.
    ///
    /// - Parameter stopping: begin no further edit once one is left alone (a change made now
    ///   is then taken back, and the fewer files it wrote, the fewer it restores).
    /// - Throws: that first edit's error, when it failed with one that is not someone else's
    ///   change, once every edit begun has ended; no edit is begun after it.
    func rewrite(
        _ edits: [IntentJournal.Edit], known: [String: FileSnapshot], writer: SafeWriter, stopping: Bool
    ) throws -> [RewriteOutcome] {
        let halted = Atomic<Bool>(false)
        let step = StepHook(beforeStep)
        let vault = vault
        let outcomes = ParallelMap.map(edits.count, minimumPerWorker: 16) { index -> RewriteOutcome in
            if halted.load(ordering: .relaxed) { return .notBegun }
            let edit = edits[index]
            let outcome: RewriteOutcome
            do {
                try step.call("edit \(edit.path)")
                // Another worker may have stopped the change while this one waited for the hook.
                if halted.load(ordering: .relaxed) { return .notBegun }
                outcome = try Self.rewrite(edit, in: vault, known: known[edit.path], writer: writer).map { .leftAlone($0) } ?? .rewritten
            } catch FileError.system(let error) where error.code == ENOENT {
                outcome = .leftAlone("gone since the change began")
            } catch FileError.readOnly, FileError.symbolicLink, FileError.notRegularFile {
                outcome = .leftAlone("made read-only, a link or not a regular file since the change began")
            } catch FileError.fileChanged {
                outcome = .leftAlone("changed elsewhere")
            } catch {
                outcome = .failed(error)
            }
            switch outcome {
            case .failed: halted.store(true, ordering: .relaxed)
            case .leftAlone where stopping: halted.store(true, ordering: .relaxed)
            default: break
            }
            return outcome
        }
        return try Self.inOrder(outcomes, stopping: stopping)
    }

    /// `outcomes` as one edit after another would have come to them: the first, in order,
    /// that failed or (when `stopping`) was left alone decides; a failure after it counts as
    /// not begun.
    ///
    /// - Throws: the deciding outcome's error, when it failed.
    static func inOrder(_ outcomes: [RewriteOutcome], stopping: Bool) throws -> [RewriteOutcome] {
        let decides = outcomes.firstIndex { outcome in
            switch outcome {
            case .failed: return true
            case .leftAlone: return stopping
            case .rewritten, .notBegun: return false
            }
        }
        guard let decides else { return outcomes }
        if case .failed(let error) = outcomes[decides] { throw error }
        return outcomes.enumerated().map { index, outcome in
            if index > decides, case .failed = outcome { return .notBegun }
            return outcome
        }
    }

    /// Rewrites one file as the journal says; returns why it was left alone, if it was. A
    /// file whose status still matches what the plan read is written without a read, unless
    /// its new bytes are a patch, which is made from them.
    private static func rewrite(_ edit: IntentJournal.Edit, in vault: Vault, known: FileSnapshot?, writer: SafeWriter) throws -> String? {
        let path = vault.absolutePath(edit.path)
        if let after = edit.after, let known, let status = known.status, (try? vault.fileSystem.status(path)) == status {
            try writer.replace(path, with: after, expecting: known)
            return nil
        }
        let (bytes, snapshot) = try writer.read(path)
        let hash = String(snapshot.contentHash, radix: 16)
        if hash == edit.afterHash { return nil }
        // Empty means a write the crash tore; anything else unexpected is someone's edit.
        guard hash == edit.beforeHash || bytes.isEmpty, let after = edit.newBytes(over: bytes) else { return "changed elsewhere" }
        try writer.replace(path, with: after, expecting: snapshot)
        return nil
    }

    /// The hook called before each step, called by one worker at a time: a test's hook counts
    /// steps or edits a file, and need not be safe to run from several threads.
    private final class StepHook: @unchecked Sendable {
        private let body: ((String) throws -> Void)?
        private let lock = Lock()

        init(_ body: ((String) throws -> Void)?) { self.body = body }

        func call(_ step: String) throws {
            guard let body else { return }
            try lock.withLock { try body(step) }
        }
    }
}
