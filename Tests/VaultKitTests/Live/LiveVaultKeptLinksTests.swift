import Foundation
import Testing
@testable import VaultKit
import VaultMarkdown

/// A live vault keeps only where each link leads and the bytes it spans; everything else is
/// read again. These check that what it answers from that equals what the full facts say.
@Suite("LiveVault kept links")
struct LiveVaultKeptLinksTests {
    private static let files = [
        "pages/A.md": "# A\n\n## Part\n\n[[#Part]] and [[A]] again\n",
        "pages/B.md": "# B\n\n[[A]], [[A#Part|the part]], ![[A]] and [a](A.md)\n\n- [ ] [[A]] later\n",
        "pages/C.md": "---\ntags: [x]\n---\n# C\n\n[[Nowhere]] [[B]] [[A]]\n",
        "pages/D.md": "# D\n\nno links #solo\n",
    ]

    @Test("what is kept of a link takes 16 bytes: a 100,000-note vault keeps about a million")
    func spotSize() {
        #expect(MemoryLayout<LinkSpot>.stride == 16)
    }

    @Test("the number of files a link's name matched is kept up to 65,535")
    func spotCandidates() {
        let link = NoteFacts(bytes: Array("[[Name]]".utf8), parts: .links).links[0]
        #expect(LinkSpot(link, target: 3, candidates: 7).candidates == 7)
        #expect(LinkSpot(link, target: 3, candidates: 1 << 20).candidates == UInt16.max)
        #expect(LinkSpot(link, target: 3, candidates: 7).range == link.range)
    }

    @Test("the link ranges kept for every note are the ranges of the links backlinks(to:) reads again")
    func rangesMatchBacklinks() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.files)
        _ = folder
        let live = try LiveVault(vault: vault)
        for path in Self.files.keys.sorted() {
            let full = live.backlinks(to: path).map { "\($0.source) \($0.link.range)" }
            #expect(live.linkRanges(to: path).map { "\($0.source) \($0.range)" } == full)
        }
        #expect(live.linkRanges(to: "pages/A.md").count == 7)
        live.setText(Array("# D\n\n[[A]] now\n".utf8), of: "pages/D.md")
        #expect(live.linkRanges(to: "pages/A.md").map { "\($0.source) \($0.range)" } == live.backlinks(to: "pages/A.md").map { "\($0.source) \($0.link.range)" })
        #expect(live.linkRanges(to: "pages/A.md").last?.source == "pages/D.md")
    }

    @Test("a note's facts are read again as its file says them, and an open document's as its text does")
    func factsReadAgain() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.files)
        let live = try LiveVault(vault: vault)
        let text = Array(try folder.text("pages/B.md").utf8)
        #expect(live.facts(of: "pages/B.md") == NoteFacts(bytes: text, parts: LiveVault.parts))
        let edited = Array("# B\n\n## New\n\n[[C]]\n".utf8)
        live.setText(edited, of: "pages/B.md")
        #expect(live.facts(of: "pages/B.md") == NoteFacts(bytes: edited, parts: LiveVault.parts))
        #expect(live.links(of: "pages/B.md").map(\.resolution.path) == ["pages/C.md"])
        live.dropText(of: "pages/B.md")
        #expect(live.facts(of: "pages/B.md") == NoteFacts(bytes: text, parts: LiveVault.parts))
        #expect(live.facts(of: "pages/Missing.md") == nil)
    }

    @Test("a note changed on disk unannounced still gets its links resolved as they are written now")
    func changedUnannounced() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.files)
        let live = try LiveVault(vault: vault)
        try folder.write("pages/C.md", "# C\n\n[[D]] first, then [[A]]\n")
        #expect(live.links(of: "pages/C.md").map(\.resolution.path) == ["pages/D.md", "pages/A.md"])
    }

    @Test("a new note takes the links ending in its name, and the notes refiled keep their tags")
    func newNoteRefilesLinkingNotes() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.files)
        let live = try LiveVault(vault: vault)
        #expect(live.problems(in: "pages/C.md").map(\.link.target) == ["Nowhere"])
        let tags = live.tags().map { "\($0.tag) \($0.count)" }
        try folder.write("pages/Nowhere.md", "# Nowhere\n")
        live.fileChanged("pages/Nowhere.md")
        #expect(live.problems(in: "pages/C.md").isEmpty)
        #expect(live.linkRanges(to: "pages/Nowhere.md").map(\.source) == ["pages/C.md"])
        #expect(live.tags().map { "\($0.tag) \($0.count)" } == tags)
        #expect(!tags.isEmpty)
    }
}
