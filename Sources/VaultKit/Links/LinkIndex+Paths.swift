import VaultMarkdown

/// The paths links name, taken apart and joined on their bytes, as the file system reads
/// them: every link of a check or a rename passes here.
extension LinkIndex {
    /// The folder part of a vault-relative path, for messages (`pages/` or the vault root).
    public static func folderName(of path: String) -> String {
        let folder = folder(of: path)
        return folder.isEmpty ? "the vault's top folder" : folder + "/"
    }

    /// The last `/`-separated part of a path, trailing slashes ignored (`a/b/` -> `b`), as
    /// Foundation's `lastPathComponent` answers, by bytes: it ran for every note indexed and
    /// took half the time of building the index.
    static func lastComponent(_ path: String) -> String {
        // The common case, a path that does not end in `/`, is one backward scan of its bytes.
        if path.utf8.last != UInt8(ascii: "/") { return path.fileName }
        let utf8 = path.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex && utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
        if end == utf8.startIndex { return path == "/" ? "/" : "" }
        let start = utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        return String(path[start..<end])
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastUTF8Offset(of: UInt8(ascii: "/")) else { return "" }
        return String(path.utf8.prefix(slash))!
    }

    /// True when a key starts `./` or `../`, by its bytes: a path's parts are split at its
    /// slashes, as the file system splits them (`String.hasPrefix` compares characters,
    /// and asked of every link it cost a tenth of resolving one).
    static func isRelative(_ key: String) -> Bool {
        // Most keys do not start with a dot, and the view's `starts(with:)` steps indexes.
        guard key.utf8.first == UInt8(ascii: ".") else { return false }
        return key.utf8.starts(with: "./".utf8) || key.utf8.starts(with: "../".utf8)
    }

    /// True when every `/`-separated part of a path is a real name (not empty, `.` or `..`).
    static func isPlainPath(_ path: String) -> Bool {
        var partLength = 0
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if partLength == 0 || partLength == dots && dots <= 2 { return false }
                partLength = 0
                dots = 0
            } else {
                partLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return partLength > 0 && !(partLength == dots && dots <= 2)
    }

    /// A path as written in `note` (`../user/fea`, `/pages/Err`), from the vault's top folder
    /// (`user/fea`): what to look for when a person types a link's path. Steps above the top
    /// folder are dropped.
    public static func fromVaultTop(_ typed: String, writtenIn note: String) -> String {
        guard typed.contains("/") || typed.hasPrefix(".") else { return typed }
        let folder = typed.hasPrefix("/") ? "" : folder(of: note)
        return join(folder, typed) ?? typed.split(separator: "/").filter { $0 != ".." && $0 != "." }.joined(separator: "/")
    }

    /// Joins a folder and a relative path, resolving `.` and `..`; nil when it climbs out of
    /// the vault.
    static func join(_ folder: String, _ relative: String) -> String? {
        // The common case, a path with no `.`, `..` or empty parts, needs no splitting.
        if isPlainPath(relative) { return folder.isEmpty ? relative : folder + "/" + relative }
        // Split on the byte, which no other character's UTF-8 holds, as the file system
        // splits: splitting on characters cost fifteen thousand instructions a link.
        var relative = relative
        return relative.withUTF8 { bytes -> String? in
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            var result = folder
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != slash { end += 1 }
                defer { start = end + 1 }
                switch end - start {
                case 0: continue
                case 1 where bytes[start] == dot: continue
                case 2 where bytes[start] == dot && bytes[start + 1] == dot:
                    if result.isEmpty { return nil }
                    result = Self.folder(of: result)
                default:
                    let part = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    result = result.isEmpty ? part : result + "/" + part
                }
            }
            return result
        }
    }
}
