internal import CSystem

/// A small number of the calling thread's own, for data kept in per-thread slots.
public enum ThreadNumber {
    /// The calling thread's number: 0 for the first thread that asks, 1 for the next, and so
    /// on; the same for the thread's life, and never given again. The workers of a command
    /// get slots of their own in a table of more slots than cores: a hash of their addresses
    /// put two in one slot in about one run in eight, which then cost every note of a walk a
    /// binary search. A long-running server whose pool replaces idle threads may number its
    /// live workers so that two share a slot again: a slot is a guess or a count that is
    /// right whoever shares it, so that costs time, never an answer.
    @inline(__always)
    public static var current: Int { Int(vault_thread_number()) }
}
