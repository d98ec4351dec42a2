import Foundation

/// `file://` URIs, as editors name documents, and the absolute paths they stand for.
enum DocumentURI {
    /// The absolute path of a `file:` URI (percent escapes decoded); nil for another scheme.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: only the local host is a file here.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/"), rest[..<slash] == "localhost" else { return nil }
            rest = rest[slash...]
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        return String(rest).removingPercentEncoding
    }

    /// The `file:` URI of an absolute path, escaped as editors write them.
    static func uri(of path: String) -> String {
        // By bytes: `String(format:)` per escape took a quarter of the references of a
        // most-linked note, one URI per linking note.
        var uri = Array("file://".utf8)
        uri.reserveCapacity(uri.count + path.utf8.count + 16)
        for byte in path.utf8 {
            if Self.unreserved[Int(byte)] {
                uri.append(byte)
            } else {
                uri.append(UInt8(ascii: "%"))
                uri.append(Self.hex[Int(byte >> 4)])
                uri.append(Self.hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: uri, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)
    private static let unreserved: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8 { table[Int(byte)] = true }
        return table
    }()
}
