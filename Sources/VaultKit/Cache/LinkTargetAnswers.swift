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
        /// What the question said of the targets, by their entries in the same table.
        let targets: EntryAnswers
    }

    private let lock = Lock()
    private var kept: [Kept] = []

    /// The answers about the shapes of `file`'s side table, none known at first.
    func answers(for file: CacheFile) -> EntryAnswers {
        kept(for: file).answers
    }

    /// The answers about the shapes of `file`'s side table and, apart, about the targets
    /// their links name, none known at first.
    func shapesAndTargets(for file: CacheFile) -> (shapes: EntryAnswers, targets: EntryAnswers) {
        let kept = kept(for: file)
        return (kept.answers, kept.targets)
    }

    private func kept(for file: CacheFile) -> Kept {
        lock.withLock {
            if let found = kept.first(where: { $0.file === file }) { return found }
            kept.removeAll { $0.file == nil }
            let made = Kept(file: file, answers: EntryAnswers(count: file.sideCount), targets: EntryAnswers(count: file.sideCount))
            kept.append(made)
            return made
        }
    }
}
