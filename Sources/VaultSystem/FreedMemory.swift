/// Memory the program has freed, given back to the system.
public enum FreedMemory {
    /// Gives back what the allocator keeps free: after a large read it keeps the freed memory
    /// of every thread's arena otherwise, and a server's resident memory stays at the peak
    /// of its largest request.
    public static func giveBack() {
        #if os(Linux)
        _ = trimMalloc(0)
        #endif
    }

    /// Has every block of a MiB or more mapped on its own, so that freeing it gives it back
    /// at once, for a process that serves request after request.
    ///
    /// glibc raises this threshold each time it frees such a block, after which large
    /// blocks come from the heap, where what the requests before left scattered keeps the
    /// heap from shrinking: a server at 100,000 notes peaked 6–10% higher by its third call.
    public static func mapLargeBlocks() {
        #if os(Linux)
        _ = setMallocOption(mmapThreshold, 1 << 20)
        #endif
    }
}

#if os(Linux)
/// glibc's `malloc_trim`, which Swift's Glibc module does not declare.
@_silgen_name("malloc_trim")
private func trimMalloc(_ pad: Int) -> Int32

/// glibc's `mallopt`, and its `M_MMAP_THRESHOLD` (malloc.h), which Swift's Glibc module does not declare.
@_silgen_name("mallopt")
private func setMallocOption(_ option: Int32, _ value: Int32) -> Int32
private let mmapThreshold: Int32 = -3
#endif
