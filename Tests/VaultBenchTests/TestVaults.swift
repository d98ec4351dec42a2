import Foundation
@testable import VaultBench

/// Vaults generated once per test run and shared by the tests that only read them.
enum TestVaults {
    /// 2,000 notes: enough for the size distribution and the popularity to show.
    static let twoThousand = GeneratedVault(notes: 2_000, seed: 11)
}

/// A generated vault, read back by `VaultScan`; the folder is removed once it is scanned.
struct GeneratedVault: Sendable {
    let manifest: Manifest
    let scan: VaultScan

    init(notes: Int, seed: UInt64) {
        let folder = TemporaryFolder()
        let vault = folder.path + "/vault"
        manifest = try! VaultGenerator(notes: notes, seed: seed).generate(into: vault)
        scan = VaultScan(root: vault)
    }
}

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder: @unchecked Sendable {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.path + "/vault-bench-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes a small text file (test fixtures, fake programs).
    func file(_ name: String, _ text: String, executable: Bool = false) -> String {
        let file = path + "/" + name
        try! FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! BenchFiles.replace(file, Array(text.utf8))
        if executable { try! FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file) }
        return file
    }

    /// Every file under the folder `name` with its bytes, by relative path.
    func contents(of name: String) -> [String: Data] {
        var result = [String: Data]()
        for path in VaultScan.files(under: self.path + "/" + name) {
            result[path] = FileManager.default.contents(atPath: self.path + "/" + name + "/" + path)
        }
        return result
    }
}
