import FoundationEssentials

/// How much a note or a tag is used, as Peek ranks tags: uses count for less as the last
/// use ages, halving over the first week.
public enum Frecency {
    /// `uses × 10 × 1 / (1 + days since the last use / 7)`, the days counted (in fractions)
    /// from `lastUsed` to `now`; a last use in the future counts as now.
    public static func score(uses: Int, lastUsed: Date, now: Date) -> Double {
        let days = max(0, now.timeIntervalSince(lastUsed) / 86_400)
        return Double(uses) * 10 / (1 + days / 7)
    }
}
