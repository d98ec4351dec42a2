import Foundation
import Testing
import VaultKit

@Suite("Cache location")
struct CacheLocationTests {
    /// The cache folder's last path component for a vault whose `vault.json` has `id`.
    private func folderName(id: String) throws -> String {
        let folder = TemporaryFolder()
        let root = folder.path + "/notes"
        try FileManager.default.createDirectory(atPath: root + "/.zennotes", withIntermediateDirectories: true)
        let json = try JSONSerialization.data(withJSONObject: ["id": id])
        try json.write(to: URL(fileURLWithPath: root + "/.zennotes/vault.json"))
        let vault = try Vault(root: root)
        let location = try #require(CacheLocation.find(for: vault, environment: ["XDG_CACHE_HOME": folder.path + "/cache"]).location)
        #expect(location.folder.hasPrefix(folder.path + "/cache/vault/"))
        return String(location.folder.split(separator: "/").last ?? "")
    }

    @Test("a vault id is a folder name of its ASCII letters, digits, dashes, underscores and dots, 64 at most")
    func idAsFolderName() throws {
        #expect(try folderName(id: "6f1c2a4e-0d7b_4c1e.9a55") == "6f1c2a4e-0d7b_4c1e.9a55")
        #expect(try folderName(id: "../Ünïcode id/évil") == "..ncodeidvil")
        #expect(try folderName(id: String(repeating: "a", count: 70) + "b") == String(repeating: "a", count: 64))
    }

    @Test("an id with nothing a folder name may keep, or only dots, names the folder by the vault's path")
    func idOfNothingKept() throws {
        #expect(try folderName(id: "..").hasPrefix("path-"))
        #expect(try folderName(id: "ÉÀ ü/").hasPrefix("path-"))
    }
}
