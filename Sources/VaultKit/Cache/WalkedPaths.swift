/// The paths a walk of the whole vault found, in the order of their bytes, asked whether
/// they hold a path as the file system spells it.
///
/// A set of them was made at each save, 4 MB at 100,000 notes at the highest point of a
/// first `check`. The walk's own array, put in order where it is held (in order already
/// but for a few folders), is searched instead.
struct WalkedPaths {
    private let paths: [String]

    /// `paths`, which must be in the order of `CacheFileFormat.precedes`.
    init(ordered paths: [String]) { self.paths = paths }

    /// True when the walk found `path`: compared by bytes, so that two names that differ
    /// only in Unicode normalization are two files.
    func contains(_ path: String) -> Bool {
        var (low, high) = (0, paths.count)
        while low < high {
            let middle = (low + high) / 2
            if CacheFileFormat.precedes(paths[middle], path) { low = middle + 1 } else { high = middle }
        }
        return low < paths.count && paths[low].utf8.elementsEqual(path.utf8)
    }

    /// Like `contains(_:)`, for paths asked in their order: `cursor` (0 at first) moves past
    /// the paths before `path`, so that a whole file's entries are asked in one pass.
    func contains(_ path: String, after cursor: inout Int) -> Bool {
        while cursor < paths.count && CacheFileFormat.precedes(paths[cursor], path) { cursor += 1 }
        return cursor < paths.count && paths[cursor].utf8.elementsEqual(path.utf8)
    }
}
