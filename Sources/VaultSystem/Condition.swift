import Glibc

/// A mutex and a condition variable over it, for a thread that sleeps until another says
/// the state it waits on changed.
public final class Condition: @unchecked Sendable {
    // Allocated once and never moved: POSIX forbids copying a mutex or a condition.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Sleeps until signalled, the mutex let go meanwhile; held by the caller before and after.
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes one sleeper.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every sleeper.
    public func broadcast() { pthread_cond_broadcast(condition) }

    /// `body` with the mutex held.
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
