import FoundationEssentials
import VaultMarkdown

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
        return PercentEncoding.strictDecode(rest)
    }

    /// The `file:` URI of an absolute path, escaped as editors write them.
    static func uri(of path: String) -> String {
        "file://" + PercentEncoding.encodePath(path)
    }
}
