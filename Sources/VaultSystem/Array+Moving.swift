extension Array {
    /// Reverses the elements in place by moving each, never copying it: `reverse()` swaps
    /// through a copy, which retains and releases what each element holds (a walk's 100,000
    /// paths, each made on another core, were a fifth of the one thread that gathers them).
    package mutating func reverseByMoving() {
        withUnsafeMutableBufferPointer { buffer in
            guard var low = buffer.baseAddress, buffer.count > 1 else { return }
            var high = low + (buffer.count - 1)
            while low < high {
                let held = low.move()
                low.moveInitialize(from: high, count: 1)
                high.initialize(to: held)
                low += 1
                high -= 1
            }
        }
    }
}
