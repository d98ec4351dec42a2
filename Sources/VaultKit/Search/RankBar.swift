import FoundationEssentials
import VaultSystem

/// The worst match a fuzzy ranking keeps once it holds as many as it shows, shared with the
/// threads that score lines: a line whose score cannot beat it would only be left out, so it
/// need not be scored. It only ever rises.
final class RankBar: @unchecked Sendable {
    /// What a line must beat: whether the worst kept match holds the query literally, and its score.
    struct Level: Sendable {
        var literal: Bool
        var score: Int

        /// True when a line of at most score `bound` ranks after this level whatever its
        /// other keys are; `literal` tells whether the line holds the query literally, asked
        /// only when the answer turns on it.
        func excludes(bound: Int, literal lineLiteral: () -> Bool) -> Bool {
            // A literal line ranks before every other, then the score decides.
            if literal { return bound < score || !lineLiteral() }
            return bound < score && !lineLiteral()
        }
    }

    private let lock = Lock()
    private var level: Level?

    /// The level now; nil while the ranking is not full.
    var current: Level? { lock.withLock { level } }

    /// Sets the level to that of the worst kept match, `literal` and `score`.
    func raise(literal: Bool, score: Int) {
        lock.withLock { level = Level(literal: literal, score: score) }
    }
}
