extension String {
    /// `folder + "/" + name`, made in one buffer (the name alone when `folder` is empty): each
    /// `+` made a string of its own, and a walk joins a path for every note (1,200 instructions
    /// a note for the two).
    package init(path folder: String, _ name: String) {
        var name = name
        self = name.withUTF8 { String(path: folder, bytes: $0) }
    }

    /// `String(path:_:)` for a name given as its bytes (UTF-8).
    package init(path folder: String, bytes name: UnsafeBufferPointer<UInt8>) {
        var folder = folder
        self = folder.withUTF8 { head in
            let count = head.isEmpty ? name.count : head.count + 1 + name.count
            return String(unsafeUninitializedCapacity: count) { buffer in
                var end = 0
                if !head.isEmpty {
                    _ = buffer.initialize(fromContentsOf: head)
                    buffer[head.count] = UInt8(ascii: "/")
                    end = head.count + 1
                }
                _ = buffer[end...].initialize(fromContentsOf: name)
                return count
            }
        }
    }
}
