import FoundationEssentials
import VaultSystem

/// The bytes of notes kept in memory between searches of a server, within a byte budget:
/// a search then reads a note kept from memory instead of from disk.
///
/// It knows nothing of changes by itself: its keeper drops each note that changes, as a
/// `FolderWatch` tells it (`forget`), or all of them. Notes past the budget are read from
/// disk every time; what is kept is never evicted for them, so a large vault costs at most
/// the budget. Nothing is written anywhere: the vault is not touched.
public final class NoteTexts: @unchecked Sendable {
    /// The most bytes kept.
    public let budget: Int
    private let lock = Lock()
    private var texts: [String: [UInt8]] = [:]
    private var held = 0
    /// Counts the calls of `forget`: a note read across one may be older than the change.
    private var generation = 0

    /// - Parameter budget: the most bytes of notes kept.
    public init(budget: Int) {
        self.budget = budget
    }

    /// How many bytes are kept now.
    public var bytes: Int { lock.withLock { held } }

    /// How many notes are kept now.
    public var count: Int { lock.withLock { texts.count } }

    /// The bytes of `note`, kept or read now (and kept if they fit), as
    /// `Vault.walkedContents(of:)` reads them.
    func contents(of note: Note, in vault: Vault) throws -> [UInt8] {
        let (kept, started) = lock.withLock { (texts[note.path], generation) }
        if let kept { return kept }
        let read = try vault.walkedContents(of: note)
        lock.withLock {
            guard generation == started, texts[note.path] == nil, held + read.count <= budget else { return }
            texts[note.path] = read
            held += read.count
        }
        return read
    }

    /// Drops what is kept of the notes `changes` may touch: every note for `.everything`.
    public func forget(_ changes: FolderWatch.Changes) {
        if changes == .none { return }
        lock.withLock {
            generation += 1
            switch changes {
            case .none: return
            case .everything:
                texts = [:]
                held = 0
            case .paths:
                for (path, text) in texts where changes.touches(path) {
                    texts[path] = nil
                    held -= text.count
                }
            }
        }
    }
}
