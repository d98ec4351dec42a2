import Testing
@testable import VaultKit

/// A link's path as a person types it in a note, looked for from the vault's top folder.
@Suite("Typed paths from the vault's top folder")
struct TypedPathTests {
    @Test(
        "a path typed in a note is read from the note's folder, or the top folder after /",
        arguments: [
            ("../user/fea", "pages/a.md", "user/fea"), ("./b", "pages/a.md", "pages/b"), ("/pages/Err", "journals/x.md", "pages/Err"),
            ("../../up", "pages/a.md", "up"), ("Ideas", "pages/a.md", "Ideas"), ("sub/", "pages/a.md", "pages/sub"),
        ])
    func fromVaultTop(typed: String, note: String, expected: String) {
        #expect(LinkIndex.fromVaultTop(typed, writtenIn: note) == expected)
    }
}
