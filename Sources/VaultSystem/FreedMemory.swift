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
}

#if os(Linux)
/// glibc's `malloc_trim`, which Swift's Glibc module does not declare.
@_silgen_name("malloc_trim")
private func trimMalloc(_ pad: Int) -> Int32
#endif
