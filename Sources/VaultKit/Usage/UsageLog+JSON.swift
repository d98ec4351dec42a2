import FoundationEssentials
import VaultSystem

/// The usage file's text, read and written without `Codable`: `show` records a use on every
/// run, and Foundation's coders cost it more than reading the note (a third of a millisecond
/// of a 4 ms run, most of it in looking up generic types the first time).
extension UsageLog {
    /// The log in `json`; nil when it is not a usage log of this version (read as no usage).
    init?(json: JSONValue) {
        guard case .object = json, case .number(let version)? = json["version"], Int(version) == UsageLog().version else {
            return nil
        }
        self.init()
        guard let notes = Self.counts(json["notes"]), let tags = Self.counts(json["tags"]), let hosts = Self.hosts(json["hosts"])
        else { return nil }
        (self.notes, self.tags, self.hosts) = (notes, tags, hosts)
    }

    /// The log as JSON, keys sorted, as the file holds it.
    var json: JSONValue {
        func object<Value>(_ members: [String: Value], _ value: (Value) -> JSONValue) -> JSONValue {
            .object(members.sorted { $0.key < $1.key }.map { ($0.key, value($0.value)) })
        }
        return .object([
            ("hosts", object(hosts) { tags in object(tags) { .number(String($0)) } }),
            ("notes", object(notes, Self.json(of:))),
            ("tags", object(tags, Self.json(of:))),
            ("version", .number(String(version))),
        ])
    }

    private static func json(of count: UsageCount) -> JSONValue {
        .object([("last", .number(String(count.last))), ("uses", .number(String(count.uses)))])
    }

    /// The counts of an object of them; an absent section is empty, a malformed one nil.
    private static func counts(_ value: JSONValue?) -> [String: UsageCount]? {
        guard let value else { return [:] }
        guard case .object(let members) = value else { return nil }
        var counts: [String: UsageCount] = [:]
        for (key, member) in members {
            guard case .number(let uses)? = member["uses"], let uses = Int(uses), uses >= 0, case .number(let last)? = member["last"],
                let last = Double(last), last.isFinite
            else { return nil }
            counts[key] = UsageCount(uses: uses, last: Date(timeIntervalSince1970: last))
        }
        return counts
    }

    /// The tags counted with each host's links; an absent section is empty, a malformed one nil.
    private static func hosts(_ value: JSONValue?) -> [String: [String: Int]]? {
        guard let value else { return [:] }
        guard case .object(let members) = value else { return nil }
        var hosts: [String: [String: Int]] = [:]
        for (host, tags) in members {
            guard case .object(let counted) = tags else { return nil }
            for (tag, count) in counted {
                guard case .number(let text) = count, let number = Int(text), number >= 0 else { return nil }
                hosts[host, default: [:]][tag] = number
            }
        }
        return hosts
    }

    /// A line of the journal of uses: one run's uses of notes and tags at `now`.
    static func entryJSON(notes: [String], tags: [String], host: String?, at now: Date) -> JSONValue {
        var members: [(String, JSONValue)] = [("at", .number(String(now.timeIntervalSince1970)))]
        if let host { members.append(("host", .string(host))) }
        members.append(("notes", .array(notes.map(JSONValue.string))))
        members.append(("tags", .array(tags.map(JSONValue.string))))
        return .object(members)
    }

    /// The uses a journal line holds; nil when it is not one.
    static func entry(_ json: JSONValue) -> Use? {
        guard case .number(let text)? = json["at"], let seconds = Double(text), seconds.isFinite,
            let notes = strings(json["notes"]), let tags = strings(json["tags"])
        else { return nil }
        var host: String?
        if let value = json["host"] {
            guard case .string(let text) = value else { return nil }
            host = text
        }
        return (notes, tags, host, Date(timeIntervalSince1970: seconds))
    }

    /// The strings of an array of them; nil when it is anything else.
    private static func strings(_ value: JSONValue?) -> [String]? {
        guard case .array(let items)? = value else { return nil }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else { return nil }
            strings.append(text)
        }
        return strings
    }
}
