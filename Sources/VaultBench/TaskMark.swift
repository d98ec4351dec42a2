/// The state character between a task's brackets (DESIGN.md section 5).
public enum TaskMark: String, CaseIterable, Sendable, Codable {
    case open
    case done
    case inProgress
    case cancelled
    case forwarded
    case other

    /// How often each state appears, in percent, in the order of `allCases`.
    static let weights: [Double] = [45, 29, 8, 7, 5, 6]

    /// Characters written for "other" states: kept by `vault`, typed by plugin users.
    static let otherCharacters: [String] = ["?", "!", "*", "<", "i", "b"]
}
