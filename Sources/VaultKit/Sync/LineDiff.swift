import VaultMarkdown
import VaultSystem

/// A line diff of two texts (longest common subsequence), for showing how a conflict copy
/// differs from its original.
public enum LineDiff {
    /// One line of the diff: kept in both, only in the first (`-`), or only in the second (`+`).
    public enum Line: Equatable, Sendable {
        case same(String), removed(String), added(String)

        public var text: String {
            switch self {
            case .same(let line): return " " + line
            case .removed(let line): return "-" + line
            case .added(let line): return "+" + line
            }
        }
    }

    /// The lines of `old` and `new` aligned; nil when either has more lines than `limit`
    /// (the table grows with the product of the two lengths).
    public static func lines(_ old: [String], _ new: [String], limit: Int = 4000) -> [Line]? {
        guard old.count <= limit, new.count <= limit else { return nil }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Line] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count && j < new.count && old[i] == new[j] {
                result.append(.same(old[i]))
                i += 1
                j += 1
            } else if i < old.count && (j == new.count || lengths[i + 1][j] >= lengths[i][j + 1]) {
                // A changed line reads as the old line removed, then the new one added.
                result.append(.removed(old[i]))
                i += 1
            } else {
                result.append(.added(new[j]))
                j += 1
            }
        }
        return result
    }

    /// The lines of a note's bytes, line endings removed.
    public static func split(_ bytes: [UInt8]) -> [String] { NoteRewrite.lines(bytes) }
}

extension Vault {
    /// How a conflict copy differs from its original, line by line; nil when they are too long
    /// to compare that way.
    ///
    /// - Throws: `VaultError.noteUnavailable` when either file cannot be read,
    ///   `.leadsOutOfVault` when one is a link out of the vault.
    public func differences(of copy: ConflictCopy) throws -> [LineDiff.Line]? {
        func lines(_ path: String) throws -> [String] {
            // The original is named after the copy, not found by the walk: it may be a link out.
            try checkInside(path)
            do { return LineDiff.split(try fileSystem.readFile(absolutePath(path))) } catch let error as SystemError {
                throw VaultError.noteUnavailable(path: path, reason: error.reason)
            }
        }
        return LineDiff.lines(try lines(copy.originalPath), try lines(copy.path))
    }
}
