/// Options several commands take, each declared here once; a command may word its help more
/// precisely (`CommonOptions.dryRun.withHelp(...)`) and still reads the same option.
enum CommonOptions {
    /// Every command that changes files takes it (DESIGN.md 9).
    static let dryRun = Option<Bool>(flag: "--dry-run", help: "print what would change, change nothing")
    /// For the changes that rewrite links in other notes.
    static let skipUnavailable = Option<Bool>(
        flag: "--skip-unavailable",
        help: "go on when notes that may link here cannot be read or rewritten (not downloaded, unreadable, not UTF-8, in a merge conflict)")
    /// Which notes a listing or a search reads.
    static let folder = Option<[String]>(
        list: "--folder", value: "FOLDER", help: "only notes under FOLDER (a path, or inbox, journals, …)")
    static let tag = Option<[String]>(
        list: "--tag", value: "TAG", help: "only notes tagged TAG (nested tags match too); repeat to need all")
    static let includeTrash = Option<Bool>(flag: "--include-trash", help: "list notes in the trash too")
    static let limit = Option<Int?>(number: "--limit", value: "N", help: "at most N notes")

    /// `--limit`, which must be at least 1 when given.
    static func limitValue(_ arguments: Arguments, _ option: Option<Int?>, default fallback: Int?) throws -> Int? {
        guard let value = try arguments[option] else { return fallback }
        guard value > 0 else { throw UsageError("--limit must be at least 1") }
        return value
    }
}
