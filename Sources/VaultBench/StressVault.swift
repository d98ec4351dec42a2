import Foundation

/// The small vaults the stress runs work on, made fresh for each race.
enum StressVault {
    /// A vault at `path` holding `notes` (title to text) in `pages/`.
    static func make(at path: String, notes: [String: String]) throws {
        try BenchFiles.makeFolders(path + "/pages")
        try BenchFiles.makeFolders(path + "/.zennotes")
        try BenchFiles.writeNew(path + "/.zennotes/vault.json", Array("{\n  \"id\": \"stress\"\n}\n".utf8))
        for (title, text) in notes { try BenchFiles.writeNew(path + "/pages/\(title).md", Array(text.utf8)) }
    }

    /// A fresh folder under the system's temporary folder.
    static func temporaryFolder() throws -> String {
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/vault-stress.XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchError("cannot make a temporary folder")
        }
        return String(cString: made)
    }
}
