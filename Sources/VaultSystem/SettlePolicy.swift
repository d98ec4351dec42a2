/// How long the safe writer waits for a note another program is writing right now
/// (DESIGN.md 7): a note whose status changed within `window` is read again once it has
/// been still that long, and a write waits while another program holds the note open for
/// writing, but never longer than `limit` in all, after which the write is refused (exit 3).
public struct SettlePolicy: Sendable {
    /// A note changed more recently than this many seconds may be half written.
    public var window: Double
    /// The most a read or a write waits, in seconds, before it gives up.
    public var limit: Double
    /// How long a replaced note is watched for a late writer's bytes where the file system
    /// cannot say whether anyone holds it open.
    public var grace: Double
    /// How long a note must have been still before it is written where the file system
    /// cannot say whether anyone holds it open (a note of a shared vault that another user
    /// owns: only the owner may take a lease). A program that keeps such a note open and
    /// writes it more often than this is waited for, then refused; one that writes after a
    /// longer pause, and after the swap, writes into the file set aside.
    public var unknownWriterWindow: Double
    /// Where the time comes from, and how a wait sleeps.
    public var clock: VaultClock

    public init(window: Double = 0.05, limit: Double = 3, grace: Double = 0.01, unknownWriterWindow: Double = 1, clock: VaultClock = .system) {
        self.window = window
        self.limit = limit
        self.grace = grace
        self.unknownWriterWindow = unknownWriterWindow
        self.clock = clock
    }

    /// The policy commands use.
    public static let standard = SettlePolicy()

    /// Clock differences larger than this (a ctime ahead of the clock) mean the clock and the
    /// file system disagree, not that a note is being written: such a note is not waited for.
    static let skew = 1.0

    /// True when a note last changed at `status` may still be in the middle of a save;
    /// `writersKnown` false where nobody can say whether a program holds it open.
    func mayBeWriting(_ status: FileStatus, writersKnown: Bool = true) -> Bool {
        let age = clock.now().timeIntervalSince(status.changed)
        return age < (writersKnown ? window : max(window, unknownWriterWindow)) && age > -Self.skew
    }

    /// Waits until `ready` says yes or the limit passes; false when it never did.
    func wait(until ready: () throws -> Bool) rethrows -> Bool {
        var waited = 0.0
        while true {
            if try ready() { return true }
            if waited >= limit { return false }
            let pause = min(max(window / 5, 0.002), limit - waited)
            clock.sleep(pause)
            waited += pause
        }
    }
}
