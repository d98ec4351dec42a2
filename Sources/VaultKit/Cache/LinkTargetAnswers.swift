import VaultSystem

/// What one question about links (does a link name one of these files? would `check`
/// report it?) answered of each link shape of the cache's files, kept while the question is
/// asked of every note: a shape many notes share is looked at once (see `EntryAnswers`).
///
/// Kept by the file whose side table the shapes are in (the main file, its delta). The file
/// is held weakly: a check lets go of the cache's index and tables before it gathers its
/// edges (`FactsCache.release()`), and answers that held the file kept 36 MB alive past
/// that point at 100,000 notes. A file freed and another opened in its place is never taken for
/// it: the weak reference is then nil.
final class LinkTargetAnswers: @unchecked Sendable {
    private struct Kept {
        weak var file: CacheFile?
        let answers: EntryAnswers
    }

    private let lock = Lock()
    private var kept: [Kept] = []

    /// The answers about the shapes of `file`'s side table, none known at first.
    func answers(for file: CacheFile) -> EntryAnswers {
        lock.withLock {
            if let found = kept.first(where: { $0.file === file }) { return found.answers }
            kept.removeAll { $0.file == nil }
            let made = EntryAnswers(count: file.sideCount)
            kept.append(Kept(file: file, answers: made))
            return made
        }
    }
}
