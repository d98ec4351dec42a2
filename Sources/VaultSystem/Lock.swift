import Synchronization

/// A mutual-exclusion lock for state that the workers of a parallel read share.
///
/// Foundation's `NSLock` puts a thread to sleep in the kernel as soon as it finds the lock
/// taken; when two workers meet at a lock held for a few dozen nanoseconds (a value interned
/// in the cache's table, an index claimed), each such meeting cost a sleep and a wake, and a
/// first run spent a fifth of its time there. The standard library's `Mutex` waits briefly
/// before it sleeps.
public final class Lock: Sendable {
    @usableFromInline let mutex = Mutex(())

    public init() {}

    /// Runs `body` with the lock held.
    ///
    /// Inlinable so that callers in other modules get it specialized: called unspecialized,
    /// each call looked up the generic metadata of its result type, a tenth of a warm listing.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        // The result never leaves this thread: the lock guards state, not the value.
        nonisolated(unsafe) var result: Result?
        try mutex.withLock { _ throws(Failure) in result = try body() }
        return result.unsafelyUnwrapped
    }
}
