import VaultSystem

/// What the character between a task's brackets says (DESIGN.md 5).
///
/// ` ` open, `x`/`X` done, `/` in progress, `-` cancelled, `>` forwarded; any other
/// character is "other" and is kept exactly as written.
public enum TaskState: String, CaseIterable, Sendable, Codable, Comparable {
    case open
    case inProgress = "in-progress"
    case done
    case cancelled
    case forwarded
    case other

    /// The state a bracket character stands for.
    public init(marker: Character) {
        switch marker {
        case " ": self = .open
        case "x", "X": self = .done
        case "/": self = .inProgress
        case "-": self = .cancelled
        case ">": self = .forwarded
        default: self = .other
        }
    }

    /// The character `vault` writes for this state; nil for `.other`, which has no single one.
    public var marker: Character? {
        switch self {
        case .open: return " "
        case .inProgress: return "/"
        case .done: return "x"
        case .cancelled: return "-"
        case .forwarded: return ">"
        case .other: return nil
        }
    }

    /// True for states that need no more work: done, cancelled, forwarded elsewhere.
    public var isClosed: Bool { self == .done || self == .cancelled || self == .forwarded }

    /// The name a person reads (`in progress`).
    public var label: String { self == .inProgress ? "in progress" : rawValue }

    public static func < (lhs: TaskState, rhs: TaskState) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A task's priority, in the notations of plain-text users (`!high`) and of the Obsidian
/// Tasks plugin (`🔺 ⏫ 🔼 🔽 ⏬`).
public enum TaskPriority: String, CaseIterable, Sendable, Codable, Comparable {
    case highest, high, medium, low, lowest

    /// Reads a priority name as typed on the command line (`med` and `medium` both work).
    public init?(name: String) {
        switch name.lowercased() {
        case "highest": self = .highest
        case "high": self = .high
        case "med", "medium": self = .medium
        case "low": self = .low
        case "lowest": self = .lowest
        default: return nil
        }
    }

    /// The rank used for sorting: a task without priority sits between medium and low, as in
    /// the Obsidian Tasks plugin.
    public static func rank(_ priority: TaskPriority?) -> Int {
        switch priority {
        case .highest: return 0
        case .high: return 1
        case .medium: return 2
        case nil: return 3
        case .low: return 4
        case .lowest: return 5
        }
    }

    public static func < (lhs: TaskPriority, rhs: TaskPriority) -> Bool { rank(lhs) < rank(rhs) }
}
