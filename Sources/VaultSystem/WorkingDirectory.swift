import Glibc

/// The process's current folder.
public enum WorkingDirectory {
    /// The current folder's absolute path, however long; nil when it cannot be had (a folder
    /// removed since the process entered it, or one outside the process's root).
    ///
    /// Read with `getcwd` into a buffer it sizes itself: read into a fixed one, a path of
    /// more than 1,024 bytes came back empty, which names no folder and was taken for `/`.
    public static func current() -> String? {
        guard let path = getcwd(nil, 0) else { return nil }
        defer { free(path) }
        let text = String(cString: path)
        // Linux writes `(unreachable)/…` for a folder outside the root.
        return text.hasPrefix("/") ? text : nil
    }
}
