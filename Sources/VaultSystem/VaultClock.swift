import FoundationEssentials
import Glibc

/// Where `VaultKit` gets the time and how it waits: the system clock in use, a fixed or
/// stepped clock in tests, so that nothing a test checks depends on the day it runs.
public struct VaultClock: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// Waits about this many seconds (a settle wait, a busy lock).
    public var sleep: @Sendable (_ seconds: Double) -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (_ seconds: Double) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The machine's clock.
    public static let system = VaultClock(now: { Date() }, sleep: { seconds in
        guard seconds > 0 else { return }
        usleep(UInt32(min(seconds, 60) * 1_000_000))
    })

    /// A clock standing at `date`; waiting moves it on, so a bounded wait still ends.
    public static func fixed(_ date: Date) -> VaultClock {
        let current = LockedDate(date)
        return VaultClock(now: { current.value }, sleep: { current.advance($0) })
    }

    /// The clock `VAULT_NOW` asks for (an ISO 8601 time such as `2026-11-30T09:00:00Z`, or a
    /// day `2026-11-30`, taken as midnight UTC), else the machine's clock.
    ///
    /// - Returns: nil when `VAULT_NOW` is set but cannot be read.
    public static func from(environment: [String: String]) -> VaultClock? {
        guard let text = environment["VAULT_NOW"], !text.isEmpty else { return .system }
        guard let date = parse(text) else { return nil }
        return .fixed(date)
    }

    package static func parse(_ text: String) -> Date? { WallTime.parseISO8601(text) }
}

/// A date behind a lock, for a fixed clock shared across threads.
private final class LockedDate: @unchecked Sendable {
    private let lock = Lock()
    private var date: Date

    init(_ date: Date) { self.date = date }

    var value: Date { lock.withLock { date } }

    func advance(_ seconds: Double) { lock.withLock { date = date.addingTimeInterval(max(seconds, 0)) } }
}
