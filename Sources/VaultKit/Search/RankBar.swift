import Foundation

/// The worst match a fuzzy ranking keeps once it holds as many as it shows, shared with the
/// threads that score lines: a line whose score cannot beat it would only be left out, so it
/// need not be scored. It only ever rises.
final class RankBar: @unchecked Sendable {
    /// What a line must beat: whether the worst kept match holds the query literally, and its score.
    struct Level: Sendable {
        var literal: Bool
        var score: Int

        /// True when a line of at most score `bound` ranks after this level whatever its
        /// other keys are.
        func excludes(literal lineLiteral: Bool, bound: Int) -> Bool {
            if literal != lineLiteral { return literal }
            return bound < score
        }
    }

    private let lock = NSLock()
    private var level: Level?

    /// The level now; nil while the ranking is not full.
    var current: Level? { lock.withLock { level } }

    /// Sets the level to that of the worst kept match, `literal` and `score`.
    func raise(literal: Bool, score: Int) {
        lock.withLock { level = Level(literal: literal, score: score) }
    }
}
