import Foundation
import TestSupport
import Glibc

/// A temporary copy of a fixture vault, with its own home and cache folder, and where the
/// built `vault` is.
final class TestVault: @unchecked Sendable {
    /// The temporary folder: the vault, the home and the cache are in it.
    let root: String
    let vault: String
    let binaries: String

    /// Copies `fixture`; the demo vault's iCloud placeholder is left out (by default), since
    /// a rename stops on a note it cannot read, as `vault rename` does.
    convenience init(fixture: String = "demo", withoutPlaceholders: Bool = true) throws {
        try self.init(copying: Self.fixtures + "/" + fixture, withoutPlaceholders: withoutPlaceholders)
    }

    /// Copies the vault at `source` (an absolute path).
    init(copying source: String, withoutPlaceholders: Bool = true) throws {
        let fixture = URL(fileURLWithPath: source).lastPathComponent
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/vault-lsp.XXXXXX").utf8CString)
        root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        vault = root + "/" + fixture
        try FileManager.default.copyItem(atPath: source, toPath: vault)
        if withoutPlaceholders {
            for file in FileManager.default.enumerator(atPath: vault)?.allObjects as? [String] ?? [] where file.hasSuffix(".icloud") {
                try FileManager.default.removeItem(atPath: vault + "/" + file)
            }
        }
        var exe = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &exe, exe.count - 1)
        let me = String(decoding: exe.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        binaries = (me as NSString).deletingLastPathComponent
    }

    static var fixtures: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
    }

    var environment: [String: String] {
        [
            "PATH": binaries + ":/usr/bin:/bin", "HOME": root, "XDG_CACHE_HOME": root + "/cache", "LC_ALL": "C.UTF-8",
            "TZ": "UTC", "VAULT_NOW": "2026-11-30T12:00:00Z", "VAULT_TODAY": "2026-11-30",
        ]
    }

    /// Runs the `vault` command line in the vault; its exit code and standard output.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try ChildProcess.run(binaries + "/vault", arguments, environment: environment, directory: vault)
        return (outcome.status, String(decoding: outcome.output, as: UTF8.self))
    }

    /// Every file of the vault (outside `.zennotes/`) and its bytes.
    func files() -> [String: Data] {
        var found: [String: Data] = [:]
        for file in FileManager.default.enumerator(atPath: vault)?.allObjects as? [String] ?? [] where !file.hasPrefix(".zennotes") {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: vault + "/" + file, isDirectory: &isFolder), !isFolder.boolValue {
                found[file] = FileManager.default.contents(atPath: vault + "/" + file)
            }
        }
        return found
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }
}
