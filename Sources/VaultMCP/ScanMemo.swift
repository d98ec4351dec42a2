import Foundation
import VaultKit

/// The walks of the vault a session made, and what it derived from them (the link index,
/// who links where, the check), kept while the kernel says no folder of the vault changed
/// (`FolderWatch`): a warm call then costs only its own work, not a walk of every note.
/// Any change, by the server's tools or by any other program, drops them all, and the next
/// walk reads through the cache of note facts as the command line does.
final class ScanMemo: @unchecked Sendable {
    private let vault: Vault
    private let watch: FolderWatch?
    private let lock = NSLock()
    private var scans: [NoteReader.Detail: VaultScan] = [:]
    private var derived: [Derived: any Sendable] = [:]
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

    /// The most tasks kept between calls (about 250 bytes each): a larger vault's tasks are
    /// read for each call instead, so the server's memory stays bounded.
    static let taskBudget = 100_000

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

    /// - Parameter keeps: false (`--no-cache`) to walk the vault afresh for every call.
    init(vault: Vault, keeps: Bool) {
        self.vault = vault
        watch = keeps ? FolderWatch(vault: vault) : nil
        texts = keeps ? NoteTexts(budget: Self.textBudget) : nil
    }

    /// The vault's notes read to `detail`, as `Vault.scan(detail:)` gives them.
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
            let index = (derived[.linkIndex] as? Kept<LinkIndex>)?.value ?? vault.linkIndex(scan)
            derived[.linkIndex] = Kept(value: index)
            return (index, LinkSources(vault: vault, scan: scan, index: index))
        }
        return (scan, both.0, both.1)
    }

    /// What `vault check` finds in the summary walk.
    func check() throws -> VaultCheck {
        try value(.check) { VaultCheck(vault: vault, scan: $0) }.value
    }

    /// Every task of the vault's notes, when they fit in `taskBudget`; nil when they do not
    /// (the caller reads them as it goes) or when nothing is kept (`--no-cache`).
    func tasks() throws -> TaskList? {
        guard watch != nil else { return nil }
        // A vault over the budget is kept as such: its tasks are not counted again per call.
        return try value(.tasks, detail: .paths) { try TaskList(vault: vault, notes: $0.notes, limit: Self.taskBudget) }.value
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
            if let kept = derived[key] as? Kept<Value> { return (scan, kept.value) }
            let made = try make(scan)
            // Made from notes that changed meanwhile, it may be stale: used once, not kept.
            if changed() {
                forget()
            } else {
                derived[key] = Kept(value: made)
            }
            return (scan, made)
        }
    }

    /// A derived value as kept: a nil one (tasks over the budget) is kept too.
    private struct Kept<Value: Sendable>: Sendable {
        let value: Value
    }

    /// The walk at `detail`, made now unless one is kept; the lock is held.
    private func keptScan(_ detail: NoteReader.Detail) throws -> VaultScan {
        if changed() { forget() }
        if let scan = scans[detail] { return scan }
        let scan = try vault.scan(detail: detail)
        // A change during the walk may or may not be in it: it is not kept.
        if changed() {
            forget()
        } else {
            scans[detail] = scan
        }
        return scan
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
    }
}
