import Foundation
import Glibc

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/vault-tests.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = String(cString: made!)
    }

    /// A copy of a fixture vault inside this folder.
    func copy(fixture name: String) throws -> String {
        let destination = path + "/" + name
        try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: destination)
        return destination
    }

    /// A writable copy of a vault kept elsewhere (the shared corpora are read-only on disk,
    /// and vault rightly refuses to rewrite read-only notes).
    func copy(vault source: String, as name: String) throws -> String {
        let destination = path + "/" + name
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        let files = FileManager.default.enumerator(atPath: destination)?.compactMap { $0 as? String } ?? []
        for relative in [""] + files {
            let item = relative.isEmpty ? destination : destination + "/" + relative
            let mode = (try FileManager.default.attributesOfItem(atPath: item)[.posixPermissions] as? Int) ?? 0o644
            try FileManager.default.setAttributes([.posixPermissions: mode | 0o200], ofItemAtPath: item)
        }
        return destination
    }

    /// Writes a file (creating folders) for a test's set-up.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: full, contents: Data(bytes)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return full
    }

    func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + relative)))
    }

    /// Every file name in a folder, hidden ones included.
    func names(in relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? path : path + "/" + relative).sorted()
    }

    deinit {
        // Read-only folders from fault tests must be writable again to be removed.
        _ = try? FileManager.default.subpathsOfDirectory(atPath: path).forEach {
            chmod(path + "/" + $0, 0o755)
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The fixture vaults of the repository.
enum Fixtures {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent().appendingPathComponent("Fixtures").path
    }()

    static func path(_ name: String) -> String { root + "/" + name }
}
