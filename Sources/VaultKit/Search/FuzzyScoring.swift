import VaultMarkdown
import VaultSystem

/// The scores of fzf's matching algorithms (its "default" scheme), so that `vault` ranks the
/// way people who use fzf expect: a match earns points, a gap costs points, and a character
/// at a word boundary, after a path separator, at a camelCase hump or a digit run earns a bonus.
///
/// The values are fzf's published constants; `Tests/VaultKitTests/Search` checks them against
/// fzf's own expected scores.
enum FuzzyScoring {
    static let match: Int32 = 16
    static let gapStart: Int32 = -3
    static let gapExtension: Int32 = -1
    /// A word boundary after a non-word character (`-`, `.`, `(`…).
    static let boundary: Int32 = match / 2
    /// A non-word character itself; it matters for consecutive runs that start with one.
    static let nonWord: Int32 = match / 2
    /// An upper-case letter after a lower-case one, or a digit after a non-digit. Smaller than
    /// a boundary because no gap character separates the parts (`FooBar` against `foo-bar`).
    static let camel123: Int32 = boundary + gapExtension
    /// The least bonus of a character in a consecutive run: enough that a run beats a gap.
    static let consecutive: Int32 = -(gapStart + gapExtension)
    /// The first character of a pattern is the one people choose with most care.
    static let firstCharMultiplier: Int32 = 2
    /// A word boundary after white space or at the start of the text.
    static let boundaryWhite: Int32 = boundary + 2
    /// A word boundary after `/ , : ; |`.
    static let boundaryDelimiter: Int32 = boundary + 1

    /// The bonus of a character of class `current` that follows one of class `previous`.
    static func bonus(_ previous: CharacterClass, _ current: CharacterClass) -> Int32 {
        bonusTable[Int(previous.rawValue) &* 8 &+ Int(current.rawValue)]
    }

    /// The bonuses by `previous * 8 + current` class.
    static let bonusTable: [Int32] = {
        var table = [Int32](repeating: 0, count: 64)
        for previous in CharacterClass.allCases {
            for current in CharacterClass.allCases {
                table[Int(previous.rawValue) * 8 + Int(current.rawValue)] = computeBonus(previous, current)
            }
        }
        return table
    }()

    private static func computeBonus(_ previous: CharacterClass, _ current: CharacterClass) -> Int32 {
        if current.isWord {
            switch previous {
            case .white: return boundaryWhite
            case .delimiter: return boundaryDelimiter
            case .nonWord: return boundary
            default: break
            }
        }
        if previous == .lower && current == .upper || previous != .number && current == .number {
            return camel123
        }
        switch current {
        case .nonWord, .delimiter: return nonWord
        case .white: return boundaryWhite
        default: return 0
        }
    }
}

/// What kind of character a character is, for the bonuses of `FuzzyScoring`.
enum CharacterClass: UInt8, CaseIterable, Sendable {
    case white = 0, nonWord, delimiter, lower, upper, letter, number

    /// Letters and digits: the characters a word is made of.
    var isWord: Bool { rawValue > CharacterClass.delimiter.rawValue }

    /// The class of a Unicode scalar.
    static func of(_ value: UInt32) -> CharacterClass {
        if value < 0x80 { return ascii[Int(value)] }
        guard let scalar = Unicode.Scalar(value) else { return .nonWord }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter: return .lower
        case .uppercaseLetter: return .upper
        case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return .white
        default: return value == 0x85 ? .white : .nonWord
        }
    }

    static let ascii: [CharacterClass] = (0..<128).map { code -> CharacterClass in
        switch UInt8(code) {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return .lower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return .white
        case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"): return .delimiter
        default: return .nonWord
        }
    }
}
