extension String {
    /// `folder + "/" + name`, made in one buffer: each `+` made a string of its own, and a
    /// walk joins a path for every note (1,200 instructions a note for the two).
    package init(path folder: String, _ name: String) {
        let count = folder.utf8.count + 1 + name.utf8.count
        var folder = folder, name = name
        self = folder.withUTF8 { head in
            name.withUTF8 { tail in
                String(unsafeUninitializedCapacity: count) { buffer in
                    _ = buffer.initialize(fromContentsOf: head)
                    buffer[head.count] = UInt8(ascii: "/")
                    _ = buffer[(head.count + 1)...].initialize(fromContentsOf: tail)
                    return count
                }
            }
        }
    }

    /// `folder + "/" + name` for a name given as its bytes (UTF-8), made in one buffer; the
    /// name alone when `folder` is empty.
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
