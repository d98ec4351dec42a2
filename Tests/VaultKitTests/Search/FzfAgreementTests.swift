import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Checks the matcher against fzf's own unit-test expectations (score, start, end), kept as
/// data in the shared peer cases beside the repository and read at test time.
@Suite("Agreement with fzf's own test expectations")
struct FzfAgreementTests {
    struct Cases: Decodable {
        var constants_default_scheme: [String: Int]
        var cases: [Case]
        var derived_orderings: [Ordering]
    }

    struct Case: Decodable {
        var algorithms: [String]
        var case_sensitive: Bool
        var forward: [Bool]
        var text: String?
        var text_spec: TextSpec?
        var pattern: String
        var match: Bool
        var start: Int
        var end: Int
        var score: Int?
        var test: String
        var note: String?
    }

    struct TextSpec: Decodable {
        var `repeat`: [[RepeatPart]]
    }

    enum RepeatPart: Decodable {
        case text(String), count(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let count = try? container.decode(Int.self) { self = .count(count) } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    struct Ordering: Decodable {
        var pattern: String
        var case_sensitive: Bool
        var best_first: [[OrderingEntry]]
    }

    enum OrderingEntry: Decodable {
        case text(String), score(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let score = try? container.decode(Int.self) { self = .score(score) } else {
                self = .text(try container.decode(String.self))
            }
        }
    }

    /// The peer cases live beside the repository, never inside it.
    static let file: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/peer-cases/fuzzy_fzf.json").path
    }()

    static func load() throws -> Cases? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return try JSONDecoder().decode(Cases.self, from: data)
    }

    static let algorithms: [String: FuzzyMatcher.Algorithm] = [
        "FuzzyMatchV1": .fuzzy, "FuzzyMatchV2": .fuzzy, "ExactMatchNaive": .exact, "PrefixMatch": .prefix,
        "SuffixMatch": .suffix, "EqualMatch": .equal,
    ]

    @Test("the scoring constants are fzf's")
    func constants() throws {
        guard let cases = try Self.load() else {
            print("skipped: \(Self.file) is absent, so fzf's expectations cannot be checked")
            return
        }
        let ours: [String: Int32] = [
            "scoreMatch": FuzzyScoring.match, "scoreGapStart": FuzzyScoring.gapStart,
            "scoreGapExtension": FuzzyScoring.gapExtension, "bonusBoundary": FuzzyScoring.boundary,
            "bonusNonWord": FuzzyScoring.nonWord, "bonusCamel123": FuzzyScoring.camel123,
            "bonusConsecutive": FuzzyScoring.consecutive, "bonusFirstCharMultiplier": FuzzyScoring.firstCharMultiplier,
            "bonusBoundaryWhite": FuzzyScoring.boundaryWhite, "bonusBoundaryDelimiter": FuzzyScoring.boundaryDelimiter,
        ]
        for (name, value) in cases.constants_default_scheme {
            #expect(ours[name].map(Int.init) == value, "constant \(name)")
        }
    }

    @Test("every case of fzf's tests gives fzf's match, span and score")
    func everyCase() throws {
        guard let cases = try Self.load() else {
            print("skipped: \(Self.file) is absent, so fzf's expectations cannot be checked")
            return
        }
        var checked = 0
        var agreed = 0
        for item in cases.cases {
            let text = item.text ?? Self.expand(item.text_spec)
            let pattern = item.case_sensitive ? item.pattern : item.pattern.lowercased()
            let folded = FuzzyText(pattern)
            let units = item.case_sensitive ? folded.chars : folded.lower
            for name in item.algorithms {
                guard let algorithm = Self.algorithms[name] else { continue }
                for forward in item.forward {
                    var matcher = FuzzyMatcher()
                    if name == "FuzzyMatchV1" { matcher.cellBudget = 0 }
                    let result = matcher.match(
                        algorithm, units, in: FuzzyText(text), caseSensitive: item.case_sensitive, forward: forward)
                    checked += 1
                    let label = "\(name) \(item.test) \(item.pattern.debugDescription) in \(text.prefix(40).debugDescription) forward \(forward)"
                    guard item.match else {
                        #expect(result == nil, "\(label) must not match")
                        if result == nil { agreed += 1 }
                        continue
                    }
                    guard let result else {
                        Issue.record("\(label) must match")
                        continue
                    }
                    let start = result.positions.first ?? result.start
                    let end = result.positions.last.map { $0 + 1 } ?? result.end
                    var same = start == item.start && end == item.end
                    #expect(start == item.start && end == item.end, "\(label): span \(start)..<\(end)")
                    if let score = item.score {
                        #expect(result.score == score, "\(label): score \(result.score)")
                        same = same && result.score == score
                    }
                    if let note = item.note, let expected = Self.positions(in: note) {
                        #expect(result.positions == expected, "\(label): positions \(result.positions)")
                        same = same && result.positions == expected
                    }
                    if same { agreed += 1 }
                }
            }
        }
        print("fzf agreement: \(agreed) of \(checked) checks (every case of \(cases.cases.count), both directions where fzf asserts both)")
        #expect(checked > 0)
        #expect(agreed == checked)
    }

    @Test("candidates sharing a pattern rank in fzf's order")
    func orderings() throws {
        guard let cases = try Self.load() else {
            print("skipped: \(Self.file) is absent, so fzf's expectations cannot be checked")
            return
        }
        for ordering in cases.derived_orderings {
            var matcher = FuzzyMatcher()
            var scores: [Int] = []
            for entry in ordering.best_first {
                guard case .text(let text)? = entry.first else { continue }
                // The orderings write the pattern lower-cased even where the case-sensitive
                // test typed `FBB`; the case that scored this text names the pattern typed.
                let typed = cases.cases.first {
                    $0.text == text && $0.case_sensitive == ordering.case_sensitive
                        && $0.pattern.lowercased() == ordering.pattern.lowercased()
                }?.pattern ?? ordering.pattern
                let query = FuzzyText(ordering.case_sensitive ? typed : typed.lowercased())
                let pattern = ordering.case_sensitive ? query.chars : query.lower
                let result = matcher.match(.fuzzy, pattern, in: FuzzyText(text), caseSensitive: ordering.case_sensitive)
                scores.append(result?.score ?? -1)
                if case .score(let expected)? = entry.last { #expect(result?.score == expected, "\(text)") }
            }
            #expect(scores == scores.sorted(by: >), "order for \(ordering.pattern)")
        }
    }

    static func expand(_ spec: TextSpec?) -> String {
        var text = ""
        for part in spec?.repeat ?? [] {
            if case .text(let piece) = part.first, case .count(let count) = part.last {
                text += String(repeating: piece, count: count)
            }
        }
        return text
    }

    /// `{0, 6}` from a note that states matched positions.
    static func positions(in note: String) -> [Int]? {
        guard note.contains("positions"), let open = note.firstIndex(of: "{"), let close = note.firstIndex(of: "}") else {
            return nil
        }
        return note[note.index(after: open)..<close].split(separator: ",").compactMap {
            Int($0.filter { !$0.isWhitespace })
        }
    }
}
