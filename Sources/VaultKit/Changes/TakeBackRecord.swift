import FoundationEssentials
import VaultSystem

/// What a change being taken back puts back, written beside its journal, and made durable,
/// before the first file is touched. The journal says only how to finish the change: a run
/// stopped while it took a change back left a vault that finishing would make worse (a
/// folder move of 3,000 notes taken back halfway was finished instead, every note then
/// under both names). The next run finds this beside the journal and takes the change back.
struct TakeBackRecord: Codable {
    /// A note the change rewrote, and the bytes it had before: put back only while it holds
    /// what the change wrote (its journal's edit says what that was).
    struct Restore: Codable {
        var path: String
        @Base64Bytes var before: [UInt8]
    }

    var restores: [Restore]

    /// The bytes to put back, by path.
    var read: [String: [UInt8]] { Dictionary(restores.map { ($0.path, $0.before) }, uniquingKeysWith: { a, _ in a }) }

    /// What ends a record's name, where its journal's has `.json`.
    private static let suffix = ".back.json"

    /// `<id>.back.json`, beside the journal `<id>.json`.
    static func fileName(for id: String) -> String { id + suffix }

    /// True for the name `vault` gives this record.
    static func isFileName(_ name: String) -> Bool { name.hasSuffix(suffix) && IntentJournal.isFileName(journalName(of: name)) }

    /// What doctor calls a record whose journal is gone: its change was taken back whole.
    static let strayDescription = "what a change taken back put back, left after its journal went"

    /// The journal's file name for a record's.
    static func journalName(of name: String) -> String { String(name.dropLast(suffix.count)) + ".json" }

    func encoded() throws -> [UInt8] { Array(try JSONEncoder().encode(self)) }

    static func decode(_ bytes: [UInt8]) throws -> TakeBackRecord { try JSONDecoder().decode(TakeBackRecord.self, from: Data(bytes)) }
}
