import Testing
@testable import VaultKit

@Suite("NoteTexts")
struct NoteTextsTests {
    /// The lines a fuzzy search of `query` finds, as `path:line: text`.
    private func found(_ query: String, _ vault: Vault, texts: NoteTexts?) throws -> [String] {
        var search = try LineSearch(query, mode: .fuzzy)
        search.texts = texts
        let notes = try vault.scan(detail: .paths).notes
        return search.run(vault: vault, notes: notes).matches.map { "\($0.path):\($0.line): \($0.text)" }
    }

    @Test("a search reads a kept note from memory until that note is forgotten, and only that note is dropped")
    func keptUntilForgotten() throws {
        let (folder, vault) = try TemporaryFolder.vault(["A.md": "apple pie\n", "B.md": "apple tart\n"])
        let texts = NoteTexts(budget: 1 << 20)
        let first = try found("apple", vault, texts: texts)
        #expect(first == (try found("apple", vault, texts: nil)))
        #expect(texts.count == 2)
        // Written behind the keeper's back: the kept bytes still answer, as nothing told it.
        _ = try folder.write("A.md", "apple crumble\n")
        #expect(try found("apple", vault, texts: texts) == first)
        texts.forget(.paths(["A.md"]))
        #expect(texts.count == 1)
        #expect(try found("apple", vault, texts: texts) == (try found("apple", vault, texts: nil)))
        #expect(try found("apple", vault, texts: texts).contains("A.md:1: apple crumble"))
        texts.forget(.everything)
        #expect(texts.count == 0 && texts.bytes == 0)
    }

    @Test("notes past the byte budget are read from disk each time and never kept")
    func budgetBoundsWhatIsKept() throws {
        let (folder, vault) = try TemporaryFolder.vault(["A.md": "apple pie\n", "B.md": "apple tart, a longer one\n"])
        defer { withExtendedLifetime(folder) {} }
        let texts = NoteTexts(budget: 12)
        let answer = try found("apple", vault, texts: texts)
        #expect(answer == (try found("apple", vault, texts: nil)))
        #expect(texts.bytes <= 12)
        #expect(texts.count == 1)
    }
}
