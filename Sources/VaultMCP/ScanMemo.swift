import FoundationEssentials
import VaultSystem
import VaultKit

/// The walks of the vault a session made, and what it derived from them (the link index,
/// who links where, the check), kept while the kernel says no folder of the vault changed
/// (`FolderWatch`): a warm call then costs only its own work, not a walk of every note.
/// Any change, by the server's tools or by any other program, drops them all, and the next
/// walk reads through the cache of note facts as the command line does.
///
/// What is kept stays within `budget` bytes (as estimated per note): a 10,000-note vault
/// keeps everything; a 100,000-note vault keeps its summary walk and link index, and makes
/// the rest again for each call, after making room for the making, so that the server's
/// memory stays bounded.
final class ScanMemo: @unchecked Sendable {
    private let vault: Vault
    private let watch: FolderWatch?
    private let lock = Lock()
    private var scans: [NoteReader.Detail: VaultScan] = [:]
    private var derived: [Derived: any Sendable] = [:]
    /// What each kept value was estimated to hold, and when it was last used.
    private var kept: [Key: (bytes: Int, used: Int)] = [:]
    private var uses = 0
    /// How many notes the last walk found: what the next walk makes room for.
    private var walkedNotes = 0
    /// The most bytes kept, by the estimates of `bytesPerNote`.
    let budget: Int

    /// A kept value: a walk or something made from one.
    private enum Key: Hashable {
        case scan(NoteReader.Detail)
        case derived(Derived)
    }

    /// What is kept now, by its estimate in bytes: walks by their detail, derived values by name.
    var keptValues: [String: Int] {
        lock.withLock {
            Dictionary(uniqueKeysWithValues: kept.map { key, value in
                switch key {
                case .scan(let detail): return ("scan \(detail)", value.bytes)
                case .derived(let derived): return ("\(derived)", value.bytes)
                }
            })
        }
    }
    /// The notes' bytes searches read, kept across walks: only those of a note that changed
    /// are dropped. Nil when nothing is kept (`--no-cache`).
    let texts: NoteTexts?

    /// A value computed from a walk, kept with it.
    enum Derived: Hashable {
        case linkIndex
        case linkSources
        case check
        case tasks
    }

    /// The most tasks kept between calls (about 300 bytes each): a 10,000-note vault of about
    /// 50,000 tasks fits; a larger vault's tasks are read for each call instead, so the
    /// server's memory stays bounded (and the read that finds them too many stops there).
    static let taskBudget = 64_000

    /// The most bytes of notes kept for searches: a 10,000-note vault (about 26 MiB of notes)
    /// fits whole; a vault that does not fit keeps none (see `texts(for:)`).
    static let textBudget = 32 << 20

    /// The kept texts for a search of a vault of `notes`: only when they fit the budget
    /// whole, since in a larger vault most notes would be read from disk on every search
    /// anyway, and the budget held for little.
    func texts(for notes: [Note]) -> NoteTexts? {
        guard let texts, notes.reduce(0, { $0 + Int($1.size) }) <= texts.budget else { return nil }
        return texts
    }

    /// - Parameters:
    ///   - keeps: false (`--no-cache`) to walk the vault afresh for every call.
    ///   - budget: the most bytes kept between calls, by estimate.
    init(vault: Vault, keeps: Bool, budget: Int) {
        self.vault = vault
        self.budget = budget
        watch = keeps ? FolderWatch(vault: vault) : nil
        texts = keeps ? NoteTexts(budget: Self.textBudget) : nil
    }

    /// The vault's notes read to `detail`, as `Vault.scan(detail:)` gives them, or to more
    /// detail: a walk of paths is answered by the summary walk kept for the other tools, so
    /// that a large vault's notes are held once, and with their sizes known.
    func scan(_ detail: NoteReader.Detail) throws -> VaultScan {
        guard watch != nil else { return try vault.scan(detail: detail) }
        return try lock.withLock { try keptScan(detail) }
    }

    /// The link index of the summary walk (the one lookups by name use).
    func linkIndex() throws -> (scan: VaultScan, index: LinkIndex) {
        let (scan, index) = try value(.linkIndex) { vault.linkIndex($0) }
        return (scan, index)
    }

    /// Which notes of the summary walk link to each file.
    /// Nil when nothing is kept (`--no-cache`): building them would cost more than one call.
    func linkSources() throws -> (scan: VaultScan, index: LinkIndex, sources: LinkSources)? {
        guard watch != nil else { return nil }
        let (scan, both) = try value(.linkSources) { scan in
            // Called with the lock held: the index kept with this very walk, or one made now
            // and kept with it (a second index of a large vault would double what it holds).
            let index = keptIndex(of: scan)
            return (index, LinkSources(vault: vault, scan: scan, index: index))
        }
        return (scan, both.0, both.1)
    }

    /// What `vault check` finds in the summary walk.
    func check() throws -> VaultCheck {
        try value(.check) { VaultCheck(vault: vault, scan: $0, index: keptIndex(of: $0)) }.value
    }

    /// The index kept with the summary walk, or one made now and kept with it (a second
    /// index of a large vault would double what it holds); the lock is held.
    private func keptIndex(of scan: VaultScan) -> LinkIndex {
        if let kept = derived[.linkIndex] as? Kept<LinkIndex> {
            touch(.derived(.linkIndex))
            return kept.value
        }
        let index = vault.linkIndex(scan)
        keep(index, as: .linkIndex, notes: scan.notes.count)
        return index
    }

    /// Every task of the vault's notes, when they fit in `taskBudget`; nil when they do not
    /// (the caller reads them as it goes) or when nothing is kept (`--no-cache`).
    func tasks() throws -> TaskList? {
        guard watch != nil else { return nil }
        // A vault over the budget is kept as such: its tasks are not counted again per call.
        return try value(.tasks, detail: .paths) { try TaskList(vault: vault, notes: $0.notes, limit: Self.taskBudget) }.value
    }

    /// Lets go of kept values, least recently used first, until a read of every note's facts
    /// (as `bytesPerNote.making` estimates it) fits the budget beside the summary walk: a
    /// read of a large vault's every task, made for each call, held beside the link index,
    /// who links where and the check was a server's highest point (149 MiB at 100,000 notes).
    func makeRoomForReading() {
        guard watch != nil else { return }
        lock.withLock { makeRoom(walkedNotes * Self.bytesPerNote.making, keeping: [.scan(.summary)]) }
    }

    /// `make` of the walk at `detail`, made once per walk kept.
    private func value<Value: Sendable>(
        _ key: Derived, detail: NoteReader.Detail = .summary, make: (VaultScan) throws -> Value
    ) throws -> (scan: VaultScan, value: Value) {
        guard watch != nil else {
            let scan = try vault.scan(detail: detail)
            return (scan, try make(scan))
        }
        return try lock.withLock {
            let scan = try keptScan(detail)
            if let kept = derived[key] as? Kept<Value> {
                touch(.derived(key))
                return (scan, kept.value)
            }
            makeRoom(toMake: key, from: detail, notes: scan.notes.count)
            let made = try make(scan)
            // Made from notes that changed meanwhile, it may be stale: used once, not kept.
            if changed() {
                forget()
            } else {
                keep(made, as: key, notes: scan.notes.count)
            }
            return (scan, made)
        }
    }

    /// A derived value as kept: a nil one (tasks over the budget) is kept too.
    private struct Kept<Value: Sendable>: Sendable {
        let value: Value
    }

    /// The walk at `detail` (the summary for paths), made now unless one is kept; the lock is held.
    private func keptScan(_ asked: NoteReader.Detail) throws -> VaultScan {
        let detail = max(asked, .summary)
        if changed() { forget() }
        if let scan = scans[detail] {
            touch(.scan(detail))
            return scan
        }
        // Room first, by the size of the last walk: two walks of a large vault held at once
        // (the tags walk kept, the summary walk being made) were a third of a call's memory.
        makeRoom(walkedNotes * Self.bytesPerNote.scan, keeping: [])
        let scan = try vault.scan(detail: detail)
        walkedNotes = scan.notes.count
        // Every record made whole once, before anything is made from the walk: no later call
        // reads the notes again for what this one did not ask (see `completeCache`). A cache
        // that cannot be written costs speed only; the call's end says so.
        _ = try? vault.completeCache(for: scan.notes)
        // A change during the walk may or may not be in it: it is not kept.
        if changed() {
            forget()
        } else if admit(.scan(detail), bytes: scan.notes.count * Self.bytesPerNote.scan) {
            scans[detail] = scan
        }
        return scan
    }

    /// About how many bytes each kept value holds per note of the vault, as measured at
    /// 100,000 notes; tasks count per task. `making` is what reading every note's links or
    /// tasks holds for a moment besides (the cache's index and table, the links read).
    static let bytesPerNote = (scan: 400, linkIndex: 150, linkSources: 70, check: 100, task: 300, making: 500)

    /// Lets go of the least recently used values until what is kept, the value `key` and
    /// the making of it fit the budget together: a large vault's call then holds about what
    /// it would alone. The walk it is made from and the index it reads stay; the lock is held.
    private func makeRoom(toMake key: Derived, from detail: NoteReader.Detail, notes: Int) {
        var inUse: Set<Key> = [.scan(max(detail, .summary))]
        if key == .check || key == .linkSources { inUse.insert(.derived(.linkIndex)) }
        makeRoom(notes * (Self.bytesPerNote.making + estimate(key)), keeping: inUse)
    }

    /// Lets go of the least recently used values but `inUse` until `needed` more bytes fit
    /// the budget beside what is kept; the lock is held.
    private func makeRoom(_ needed: Int, keeping inUse: Set<Key>) {
        while kept.values.reduce(0, { $0 + $1.bytes }) + needed > budget,
            let oldest = kept.filter({ !inUse.contains($0.key) }).min(by: { $0.value.used < $1.value.used })?.key
        {
            drop(oldest)
        }
    }

    /// The bytes per note a derived value holds, by `bytesPerNote` (tasks count per task: 0).
    private func estimate(_ key: Derived) -> Int {
        switch key {
        case .linkIndex: Self.bytesPerNote.linkIndex
        case .linkSources: Self.bytesPerNote.linkSources
        case .check: Self.bytesPerNote.check
        case .tasks: 0
        }
    }

    /// Keeps a derived value when it fits the budget; the lock is held.
    private func keep<Value: Sendable>(_ value: Value, as key: Derived, notes: Int) {
        let bytes: Int
        switch key {
        case .linkIndex, .linkSources, .check: bytes = notes * estimate(key)
        case .tasks: bytes = ((value as? TaskList?) ?? nil).map { $0.tasks.count * Self.bytesPerNote.task } ?? 0
        }
        if admit(.derived(key), bytes: bytes) { derived[key] = Kept(value: value) }
    }

    /// Makes room for a value of `bytes` by letting go of the least recently used others;
    /// false when it cannot fit even alone (it is then used once, not kept). The lock is held.
    private func admit(_ key: Key, bytes: Int) -> Bool {
        guard bytes <= budget else { return false }
        makeRoom(bytes, keeping: [key])
        uses += 1
        kept[key] = (bytes, uses)
        return true
    }

    private func touch(_ key: Key) {
        uses += 1
        kept[key]?.used = uses
    }

    private func drop(_ key: Key) {
        kept[key] = nil
        switch key {
        case .scan(let detail): scans[detail] = nil
        case .derived(let derived): self.derived[derived] = nil
        }
    }

    /// True when the watch saw a change; the notes' bytes it names are dropped then.
    private func changed() -> Bool {
        let changes = watch!.changes()
        texts?.forget(changes)
        return changes != .none
    }

    private func forget() {
        scans = [:]
        derived = [:]
        kept = [:]
    }
}
