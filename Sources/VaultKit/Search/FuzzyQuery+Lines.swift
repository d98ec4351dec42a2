import VaultMarkdown
import VaultSystem

extension FuzzyQuery {
    /// True when every term is fuzzy and none inverse: the queries whose bound a line of
    /// ASCII bytes gives without being decoded.
    var isFuzzyOnly: Bool {
        groups.allSatisfy { group in group.allSatisfy { $0.algorithm == .fuzzy && !$0.inverse } }
    }

    /// `bound(_:with:)` of a line made only of ASCII bytes, read as they are; the query must
    /// be `isFuzzyOnly`.
    func bound(asciiLine bytes: UnsafeBufferPointer<UInt8>, with matcher: inout FuzzyMatcher) -> Int? {
        var total = 0
        groups: for group in groups {
            // Each group scores with its first term that matches, as `match` does.
            for term in group {
                if let score = matcher.bound(term.pattern, asciiLine: bytes, caseSensitive: term.caseSensitive) {
                    total += score
                    continue groups
                }
            }
            return nil
        }
        return total
    }

    /// True when, in every group that looks for something, one term stands in `text` as one
    /// run of its characters, as a substring search would find it.
    func holdsLiterally(_ text: FuzzyText) -> Bool {
        groups.allSatisfy { group in
            group.allSatisfy(\.inverse)
                || group.contains { !$0.inverse && Self.contains($0.caseSensitive ? text.chars : text.lower, $0.pattern) }
        }
    }

    /// Each term's pattern as bytes, nil for a pattern beyond ASCII: what
    /// `holdsLiterally(asciiLine:patterns:)` looks for, made once for a search.
    var asciiPatterns: [[[UInt8]?]] {
        groups.map { group in group.map { term in term.pattern.allSatisfy { $0 < 0x80 } ? term.pattern.map(UInt8.init) : nil } }
    }

    /// `holdsLiterally(_:)` of a line made only of ASCII bytes, read as they are; `patterns`
    /// are `asciiPatterns`.
    func holdsLiterally(asciiLine bytes: UnsafeBufferPointer<UInt8>, patterns: [[[UInt8]?]]) -> Bool {
        zip(groups, patterns).allSatisfy { group, patterns in
            group.allSatisfy(\.inverse) || zip(group, patterns).contains { term, pattern in
                guard !term.inverse, let pattern else { return false }
                let (first, second) = ByteScan.rarestPair(pattern)
                return pattern.withUnsafeBufferPointer {
                    ByteScan.findRun($0, first: first, second: second, caseSensitive: term.caseSensitive, in: bytes, 0..<bytes.count) != nil
                }
            }
        }
    }

    private static func contains(_ chars: [UInt32], _ pattern: [UInt32]) -> Bool {
        guard let first = pattern.first, pattern.count <= chars.count else { return pattern.isEmpty }
        var start = 0
        while start + pattern.count <= chars.count {
            if chars[start] == first && chars[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
            start += 1
        }
        return false
    }
}
