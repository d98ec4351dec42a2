import Foundation
import TestSupport
import Testing
import VaultLSP
import VaultSystem

/// `vault lsp` driven by a real client: Neovim's built-in one, headless, running
/// `lsp-client.lua`. `make test` installs Neovim from Debian's packages when it is missing;
/// without it this test fails and says so, it never passes silently.
@Suite("vault lsp: Neovim")
struct NeovimTests {
    static var neovim: String? {
        ["/usr/bin/nvim", "/usr/local/bin/nvim", "/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("Neovim completes, goes to a definition, lists references, shows a dangling link, renames from a link as vault rename does and finishes a task through a code action")
    func neovimSession() throws {
        guard let neovim = Self.neovim else {
            Issue.record("Neovim is not installed: `make test` installs it (Debian's neovim package), or `apt-get install neovim`")
            return
        }
        let edited = try TestVault()
        let expected = try TestVault()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("lsp-client.lua").path
        let resultFile = edited.root + "/result.json"
        let process = try ChildProcess(
            neovim, ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile " + script],
            environment: edited.environment.merging([
                "VAULT_BIN": edited.binaries + "/vault", "LSP_VAULT": edited.vault, "LSP_RESULT": resultFile,
                "XDG_CONFIG_HOME": edited.root + "/config", "XDG_DATA_HOME": edited.root + "/data", "XDG_STATE_HOME": edited.root + "/state",
            ]) { $1 },
            directory: edited.vault)
        let status = process.wait(timeout: 120)
        if status == nil { Issue.record("Neovim did not finish within 120 s") }
        let bytes = try #require(FileManager.default.contents(atPath: resultFile), "Neovim wrote no result")
        let results = try JSONValue.parse(Array(bytes))
        #expect(results["error"] == nil, "the script stopped: \(results["error"]?.stringValue ?? "")")
        #expect(status == 0)
        #expect(results["definition"]?.stringValue == "pages/Errands.md")
        let backlinks = try expected.run(["backlinks", "pages/Errands.md"]).output.split(separator: "\n")
            .compactMap { $0.split(separator: ":").first.map(String.init) }.sorted()
        #expect(results["references"]?.arrayValue?.compactMap(\.stringValue) == backlinks)
        let diagnostics = results["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.contains { $0["code"]?.stringValue == "dangling-link" && $0["message"]?.stringValue?.contains("Evicted Idea") == true })
        #expect(results["completion"]?.arrayValue?.first?["label"]?.stringValue == "Vault CLI")
        #expect(results["completion"]?.arrayValue?.first?["newText"]?.stringValue == "Vault CLI]]")
        #expect(results["placeholder"]?.stringValue == "Errands")
        #expect(results["renamed"] == .bool(true))
        #expect(try expected.run(["rename", "Errands", "Chores"]).status == 0)
        #expect(results["task"]?.stringValue == "- [x] Post office: parcel for Ana 📅 2026-12-03 ✅ 2026-11-30")
        let tasks = try expected.run(["tasks", "--json"]).output
        let reference = try #require(tasks.components(separatedBy: "\"").first { $0.hasPrefix("pages/Chores.md:17@") })
        #expect(try expected.run(["task", reference, "done"]).status == 0)
        let after = edited.files().filter { $0.key != "result.json" }
        #expect(after == expected.files())
        for (path, data) in expected.files() where after[path] != data { Issue.record("\(path) differs from what vault rename wrote") }
    }
}
