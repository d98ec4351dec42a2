import Foundation
import Testing
import VaultKit

/// The live vault passes over the notes whose letters cannot match a query before ranking;
/// what it finds must be what ranking every note finds.
@Suite("LiveVault find")
struct LiveVaultFindTests {
    @Test("find gives what NoteFinder gives over every note outside the trash, whatever the query")
    func sameAsRankingEveryNote() throws {
        var files = [String: String]()
        // Notes without an `o`, so that the query `o` passes over most notes.
        for number in 1...8 { files["pages/Filler \(number).md"] = "# Filler \(number)\n" }
        let (folder, vault) = try TemporaryFolder.vault(files.merging([
            "Ö.md": "# Ö\n",
            "pages/Zebra quilt.md": "# Zebra quilt\n",
            "pages/Café crème.md": "# Café crème\n",
            "pages/Cafe menu.md": "# Cafe menu\n",
            "pages/Work/Plan 2024.md": "# Plan 2024\n",
            "pages/Alias holder.md": "---\naliases: [Quixotic]\n---\n# Alias holder\n",
            "journals/2024-01-02.md": "notes\n",
            "trash/pages/Zebra old.md": "# Zebra old\n",
        ]) { first, _ in first })
        _ = folder
        let live = try LiveVault(vault: vault)
        let notes = try vault.scan(detail: .summary).notes.filter { $0.kind != .trash }
        for query in ["", "o", "O", "Ö", "F", "f", "Zq", "ZQ", "zQ", "Cafe", "cAFE", "plan P", "z", "zq", "ZQ", "cafe", "crème", "cre", "work plan", "2024", "quix", "xq", "'plan", "^caf", "menu$", "zebra | cafe", "!zebra", "c !menu", "j 02"] {
            let expected = NoteFinder(query).rank(notes, limit: 50).map(\.note.path)
            #expect(live.find(query, limit: 50).map(\.note.path) == expected, "\(query)")
        }
        #expect(live.find("zq").map(\.note.path) == ["pages/Zebra quilt.md"])
        #expect(live.find("creme").map(\.note.path).contains("pages/Café crème.md") == !NoteFinder("creme").rank(notes).isEmpty)
    }
}
