internal import CSystem

/// A small number of the calling thread's own, for data kept in per-thread slots.
public enum ThreadNumber {
    /// The calling thread's number: 0 for the first thread that asks, 1 for the next, and so
    /// on; the same for the thread's life. Two threads of a parallel walk get their own slots
    /// of any table of at least as many: a hash of their addresses put them in one slot in
    /// about one run in eight, which then cost every note of the walk a binary search.
    @inline(__always)
    public static var current: Int { Int(vault_thread_number()) }
}
