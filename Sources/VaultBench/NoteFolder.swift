/// The system folder a generated note lives in (DESIGN.md section 2).
public enum NoteFolder: String, CaseIterable, Sendable, Codable {
    case journals
    case pages
    case inbox
    case quick
    case archive
    case trash

    /// The share of a vault's notes in this folder, in percent (they add up to 100).
    var share: Int {
        switch self {
        case .journals: 20
        case .pages: 55
        case .inbox: 6
        case .quick: 8
        case .archive: 8
        case .trash: 3
        }
    }

    /// The median size of a note here, in bytes: quick captures are short, pages long.
    var medianBytes: Double {
        switch self {
        case .journals: 1_150
        case .pages: 1_550
        case .inbox: 900
        case .quick: 340
        case .archive: 1_500
        case .trash: 1_000
        }
    }

    /// Whether notes here are indexed for links (DESIGN.md: trash never resolves).
    var isLinkable: Bool { self != .trash }
}
