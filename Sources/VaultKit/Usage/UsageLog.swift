import FoundationEssentials

/// What the usage file holds: each note's and each tag's uses, and which tags went with
/// links from each host, for ranking by `Frecency`.
public struct UsageLog: Codable, Equatable, Sendable {
    /// The format of the file; a file of another version is read as empty.
    public var version = 1
    /// By vault-relative note path.
    public var notes: [String: UsageCount] = [:]
    /// By tag, without `#`.
    public var tags: [String: UsageCount] = [:]
    /// By link host (`swift.org`), the tags captured with its links and how often.
    public var hosts: [String: [String: Int]] = [:]

    public init() {}

    /// One run's uses, as a journal line holds them.
    typealias Use = (notes: [String], tags: [String], host: String?, at: Date)

    /// Records a use of each note and each tag at `now`; tags given with a link from `host`
    /// are remembered for that host too.
    public mutating func record(notes used: [String], tags usedTags: [String], host: String? = nil, at now: Date) {
        record(uses: [(used, usedTags, host, now)])
    }

    /// Records each of `uses` in turn, then lets go of what is past the limit once, keeping
    /// what the last of them used. A journal of hundreds of uses replayed over a full log
    /// sorted the whole log after each (a fold took a second at 1,600 uses).
    mutating func record(uses: [Use]) {
        guard let last = uses.last else { return }
        for use in uses { add(use) }
        let cleanTags = Self.cleanTags(last.tags)
        let host = last.host?.lowercased() ?? ""
        notes = Self.keeping(notes, used: Set(last.notes)) { $0.score(at: last.at) }
        tags = Self.keeping(tags, used: cleanTags) { $0.score(at: last.at) }
        for (name, counted) in hosts where counted.count > Self.limit {
            hosts[name] = Self.keeping(counted, used: name == host ? cleanTags : []) { Double($0) }
        }
        hosts = Self.keeping(hosts, used: [host]) { $0.values.reduce(0.0) { $0 + Double($1) } }
    }

    /// Counts one run's uses, past the limit or not.
    private mutating func add(_ use: Use) {
        for path in Set(use.notes) { notes[path, default: UsageCount(uses: 0, last: use.at)].add(at: use.at) }
        let cleanTags = Self.cleanTags(use.tags)
        for tag in cleanTags { tags[tag, default: UsageCount(uses: 0, last: use.at)].add(at: use.at) }
        let host = use.host?.lowercased() ?? ""
        if !host.isEmpty, !cleanTags.isEmpty {
            for tag in cleanTags {
                let count = hosts[host]?[tag] ?? 0
                hosts[host, default: [:]][tag] = count == .max ? .max : count + 1
            }
        }
    }

    /// Tags as they are counted: without `#`, none empty.
    private static func cleanTags(_ tags: [String]) -> Set<String> {
        Set(tags.map(tagName).filter { !$0.isEmpty })
    }

    /// The most notes, tags, hosts or tags of a host the log keeps. The file is read whole by
    /// every ranking and written whole at every fold: at 20,000 notes that cost 60 ms. Those
    /// that score least go first; what was just used is kept.
    static let limit = 1_000

    /// `counts` cut to the `limit` that `score` ranks best, ties kept by name, those just
    /// `used` kept whatever they score.
    private static func keeping<Value>(_ counts: [String: Value], used: Set<String>, score: (Value) -> Double) -> [String: Value] {
        guard counts.count > limit else { return counts }
        let ranked = counts.map { (key: $0.key, value: $0.value, score: used.contains($0.key) ? .infinity : score($0.value)) }
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.key < $1.key }
        return Dictionary(uniqueKeysWithValues: ranked.prefix(limit).map { ($0.key, $0.value) })
    }

    /// The score of the note at `path` at `now` (0 when never used).
    public func noteScore(_ path: String, at now: Date) -> Double {
        notes[path]?.score(at: now) ?? 0
    }

    /// The score of `tag` at `now`; when capturing a link from `host`, the uses that went with
    /// that host's links count twice.
    public func tagScore(_ tag: String, at now: Date, host: String? = nil) -> Double {
        let name = Self.tagName(tag)
        guard let count = tags[name] else { return 0 }
        let extra = host.flatMap { hosts[$0.lowercased()]?[name] } ?? 0
        let (uses, overflow) = count.uses.addingReportingOverflow(min(extra, count.uses))
        return Frecency.score(uses: overflow ? .max : uses, lastUsed: count.lastUsed, now: now)
    }

    /// `items` best first by `score`, ties (and the unused) kept in the order given.
    public static func ranked<T>(_ items: [T], by score: (T) -> Double) -> [T] {
        let scored = items.enumerated().map { (index: $0.offset, item: $0.element, score: score($0.element)) }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }.map(\.item)
    }

    /// A tag as it is counted: without `#`.
    static func tagName(_ tag: String) -> String {
        tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
    }
}
