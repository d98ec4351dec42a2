import FoundationEssentials
import VaultSystem
import VaultKit

/// The rename and move plans a client was shown, by id, until they are applied or expire:
/// applying takes an id, so a client applies exactly the change whose diff it read, and
/// the executor refuses it when a file changed since.
final class PlanStore: @unchecked Sendable {
    /// Why a plan id cannot be applied, as the client is told.
    enum Refusal: Error, CustomStringConvertible {
        case unknown(String)
        case expired(String, minutes: Int)
        case used(String, outcome: String)
        /// The change planned again now rewrites other notes, or them otherwise.
        case changedSince(String, notes: [String])

        var description: String {
            switch self {
            case .unknown(let id): return "there is no plan \"\(id)\"; plan the change again (rename_note or move)"
            case .expired(let id, let minutes):
                return "the plan \(id) expired (plans are kept \(minutes) minutes); plan the change again"
            case .used(let id, let outcome): return "the plan \(id) was \(outcome) already; plan the change again"
            case .changedSince(let id, let notes):
                let named = notes.prefix(5).joined(separator: ", ") + (notes.count > 5 ? " and \(notes.count - 5) more" : "")
                return "the vault changed since the plan \(id) was made: planned again, the change differs in \(named) "
                    + "(a link to what moves came, went or changed); nothing was written: plan the change again"
            }
        }
    }

    /// Plans a change again, on the vault as it is now.
    typealias Replanning = @Sendable (Vault) throws -> RenamePlan

    private struct Entry {
        var plan: RenamePlan
        var replan: Replanning
        var made: Date
        /// Set once the plan was carried out or refused: a plan is applied at most once.
        var outcome: String?
    }

    /// How long a plan may wait to be applied.
    let lifetime: TimeInterval
    private let lock = Lock()
    private var entries: [String: Entry] = [:]
    private var issued = 0

    init(lifetime: TimeInterval = 600) {
        self.lifetime = lifetime
    }

    /// Keeps `plan`, made at `now` by `replan`, and returns its id.
    func keep(_ plan: RenamePlan, replan: @escaping Replanning, at now: Date) -> String {
        lock.withLock {
            issued += 1
            let id = "plan-\(issued)"
            // Plans long expired go, so a long session holds only those it may still apply.
            entries = entries.filter { now.timeIntervalSince($0.value.made) <= lifetime * 2 }
            entries[id] = Entry(plan: plan, replan: replan, made: now)
            return id
        }
    }

    /// Takes the plan `id` for applying at `now`, and how it was made; it cannot be taken again.
    func take(_ id: String, at now: Date) throws(Refusal) -> (plan: RenamePlan, replan: Replanning) {
        try lock.withLock { () throws(Refusal) -> (plan: RenamePlan, replan: Replanning) in
            guard var entry = entries[id] else { throw .unknown(id) }
            if let outcome = entry.outcome { throw .used(id, outcome: outcome) }
            guard now.timeIntervalSince(entry.made) <= lifetime else { throw .expired(id, minutes: Int(lifetime / 60)) }
            entry.outcome = "applied"
            entries[id] = entry
            return (entry.plan, entry.replan)
        }
    }

    /// Says that applying `id` was refused, so a second try says so rather than "applied".
    func refused(_ id: String) {
        lock.withLock { entries[id]?.outcome = "refused" }
    }

    /// When the plan `id` expires.
    func expiry(of id: String) -> Date? {
        lock.withLock { entries[id].map { $0.made.addingTimeInterval(lifetime) } }
    }
}
