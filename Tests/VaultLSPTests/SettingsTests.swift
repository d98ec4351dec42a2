import Foundation
import Testing
import VaultRPC
import VaultSystem

/// An editor stays open for hours; the vault's settings may change meanwhile, and the
/// server reads them again before its next answer.
@Suite("vault lsp: settings that change while it runs")
struct SettingsTests {
    @Test("a note offered for a dangling link goes to the pages folder the settings name now")
    func remappedPages() throws {
        let vault = try TestVault()
        let client = try ActionTests.started(vault)
        let text = "# Scratch\n\nSee [[Brand New Idea]].\n"
        try text.write(toFile: vault.vault + "/pages/Scratch.md", atomically: true, encoding: .utf8)
        try client.open("pages/Scratch.md", text: text)
        func offered() throws -> [String] {
            let actions = try client.request("textDocument/codeAction", ActionTests.params(client, "pages/Scratch.md", from: (2, 8), to: (2, 8)))
            return ActionTests.titles(actions.arrayValue ?? []).filter { $0.hasPrefix("Create ") }
        }
        #expect(try offered() == ["Create pages/Brand New Idea.md"])
        let settings = vault.vault + "/.zennotes/vault.json"
        var json = try String(contentsOfFile: settings, encoding: .utf8)
        json = json.replacingOccurrences(of: "\"dailyNotes\"", with: "\"systemFolderPaths\": { \"pages\": \"Wiki\" },\n  \"dailyNotes\"")
        try json.write(toFile: settings, atomically: true, encoding: .utf8)
        #expect(try offered() == ["Create Wiki/Brand New Idea.md"])
    }
}
