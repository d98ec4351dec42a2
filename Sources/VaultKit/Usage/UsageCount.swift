import FoundationEssentials

/// How often a note or a tag was used, and when last.
public struct UsageCount: Codable, Equatable, Sendable {
    public var uses: Int
    /// Seconds since 1970 of the last use.
    public var last: Double

    public init(uses: Int, last: Date) {
        self.uses = uses
        self.last = last.timeIntervalSince1970
    }

    /// The last use as a date.
    public var lastUsed: Date { Date(timeIntervalSince1970: last) }

    /// The score by `Frecency.score` at `now`.
    public func score(at now: Date) -> Double {
        Frecency.score(uses: uses, lastUsed: lastUsed, now: now)
    }

    /// One more use at `now` (the last use never moves back).
    mutating func add(at now: Date) {
        // At most `Int.max`: a hand-edited file's count must not stop every ranking.
        uses = uses == .max ? .max : uses + 1
        last = max(last, now.timeIntervalSince1970)
    }
}
