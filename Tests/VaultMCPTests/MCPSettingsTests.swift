import Foundation
import Testing
import VaultMCP
import VaultRPC
import VaultSystem

/// A server runs for hours; the vault's settings may change meanwhile. Each call reads them
/// again when a settings file changed, so that nothing is written where the vault no longer
/// keeps its notes.
@Suite("vault mcp: settings that change while it runs")
struct MCPSettingsTests {
    let settings = """
        {
          "id": "6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10",
          "dailyNotes": { "folder": "journals" },
          "systemFolderPaths": { "quick": "Capture" }
        }

        """

    func write(_ text: String, to relative: String, in fixture: FixtureVault) throws {
        try SafeWriter().replaceDerived(fixture.vault + "/" + relative, with: Array(text.utf8), permissions: 0o644)
    }

    @Test("a capture after quick/ is remapped goes to the folder the settings now name", arguments: [false, true])
    func remappedQuick(cached: Bool) throws {
        let fixture = try FixtureVault()
        let session = try fixture.session(cached: cached)
        let first = try session.call("capture", #"{"text":"before the change"}"#)
        #expect(!first.isError && fixture.exists("quick/before the change.md"), "\(first.text)")
        try write(settings, to: ".zennotes/vault.json", in: fixture)
        let second = try session.call("capture", #"{"text":"after the change"}"#)
        #expect(!second.isError, "\(second.text)")
        #expect(fixture.exists("Capture/after the change.md") && !fixture.exists("quick/after the change.md"))
    }

    @Test("settings broken while the server runs fail every tool call with what is wrong, write nothing, and work again once mended")
    func brokenSettings() throws {
        let fixture = try FixtureVault()
        let session = try fixture.session()
        let before = String(decoding: FileManager.default.contents(atPath: fixture.vault + "/.zennotes/vault.json") ?? Data(), as: UTF8.self)
        try write("{ not json", to: ".zennotes/vault.json", in: fixture)
        let refused = try session.call("capture", #"{"text":"while broken"}"#)
        #expect(refused.isError && refused.text.contains("vault.json"), "\(refused.text)")
        #expect(!fixture.exists("quick/while broken.md"))
        let read = try session.call("list_notes")
        #expect(read.isError)
        try write(before, to: ".zennotes/vault.json", in: fixture)
        let mended = try session.call("capture", #"{"text":"once mended"}"#)
        #expect(!mended.isError && fixture.exists("quick/once mended.md"), "\(mended.text)")
    }
}
