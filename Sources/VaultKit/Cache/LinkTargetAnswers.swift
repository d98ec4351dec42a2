import VaultSystem

/// What one question about links' targets (does a link name one of these files?) answered
/// of each link shape of the cache's files, kept while the question is asked of every note:
/// a shape many notes share is looked at once (see `EntryAnswers`).
///
/// Kept by the file whose table the shapes are in (the main file, its delta), and holding
/// that file, so that a file opened again after a release is never taken for the one before.
final class LinkTargetAnswers: @unchecked Sendable {
    private let lock = Lock()
    private var kept: [(file: CacheFile, answers: EntryAnswers)] = []

    /// The answers about the shapes of `file`'s table, none known at first.
    func answers(for file: CacheFile) -> EntryAnswers {
        lock.withLock {
            if let found = kept.first(where: { $0.file === file }) { return found.answers }
            let made = EntryAnswers(count: file.tableCount)
            kept.append((file, made))
            return made
        }
    }
}
