import FoundationEssentials
import VaultSystem

/// What git may be in the middle of, as its own state files say.
public enum GitOperation: String, Sendable, Codable, Equatable {
    case merge, rebase, am, cherryPick = "cherry-pick", revert

    /// How a person finishes or gives it up, for a hint.
    public var finishCommands: String {
        switch self {
        case .merge: return "git commit, or git merge --abort"
        default: return "git \(rawValue) --continue, or git \(rawValue) --abort"
        }
    }
}
