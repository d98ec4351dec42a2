import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A change and its reverse leave a vault as it was, byte for byte (DESIGN.md 4): on the
/// corpora, real vaults written by other people, each worked on in a temporary copy.
@Suite("Round trips leave every byte as it was")
struct RoundTripTests {
    /// Every file of a vault and its bytes, `vault`'s own folder left out.
    static func files(_ root: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for case let relative as String in FileManager.default.enumerator(atPath: root)! where !relative.hasPrefix(".zennotes") {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder)
            if !isFolder.boolValue { files[relative] = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + relative))) }
        }
        return files
    }

    /// The files whose bytes differ from `before`, other than in the letter case of what a
    /// rename rewrote (`[[command palette]]` may come back as `[[Command palette]]`).
    static func changed(_ root: String, since before: [String: [UInt8]]) throws -> [String] {
        let after = try files(root)
        let fold = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self).lowercased() }
        return Set(before.keys).union(after.keys).sorted().filter { path in
            guard let old = before[path], let new = after[path] else { return true }
            return old != new && fold(old) != fold(new)
        }
    }

    /// Notes spread evenly over a vault by path, the most-linked one first: enough to meet
    /// each kind of note and link without renaming all of them.
    static func sample(_ root: String, count: Int) throws -> [String] {
        let notes = try Vault(root: root).scan(detail: .paths).notes.filter { $0.kind != .trash }.map(\.path)
        let first = try RenameSafetyTests.mostLinked(root).note
        let step = max(1, notes.count / count)
        return [first] + stride(from: step / 2, to: notes.count, by: step).map { notes[$0] }.filter { $0 != first }
    }

    /// The folders whose notes hold the most path links (`[t](../x/y.md)`), which a move
    /// rewrites: the folders worth moving. System folders, which do not move, are left out.
    static func folders(_ root: String, count: Int) throws -> [String] {
        let vault = try Vault(root: root)
        let scan = try vault.scan(detail: .paths)
        let system = Set(VaultLayout.systemKinds.compactMap { vault.layout.folder(for: $0) })
        var links: [String: Int] = [:]
        for edge in LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan)).edges where edge.link.target.contains("/") {
            let folder = LinkIndex.folder(of: edge.source)
            if !folder.isEmpty && !system.contains(folder) { links[folder, default: 0] += 1 }
        }
        return links.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(count).map(\.key).sorted()
    }

    @Test("renaming a note and back leaves each corpus as it was, byte for byte", arguments: RenameSafetyTests.corpora)
    func renameAndBack(corpus: String) throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "vault")
        for note in try Self.sample(root, count: 6) {
            // Each round trip is judged on its own: one that fails does not fail the next.
            let before = try Self.files(root)
            let stem = NoteFiles.stem(note.lastPathComponent)
            let vault = try Vault(root: root)
            let there = try RenamePlanner(vault: vault, skipUnavailable: true).planRename(note, to: stem + " renamed")
            _ = try ChangeExecutor(vault: vault).apply(there, summary: "there")
            let back = try RenamePlanner(vault: vault, skipUnavailable: true).planRename(there.moves[0].to, to: stem)
            _ = try ChangeExecutor(vault: vault).apply(back, summary: "back")
            let changed = try Self.changed(root, since: before)
            #expect(changed.isEmpty, "\(note) renamed and back in \(corpus) changed \(changed)")
        }
    }

    @Test("moving the folders with the most path links under another, deeper, and back leaves each corpus as it was", arguments: RenameSafetyTests.corpora)
    func moveAndBack(corpus: String) throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(vault: corpus, as: "vault")
        let folders = try Self.folders(root, count: 4)
        for source in folders {
            let name = source.lastPathComponent
            // Under another parent (the same depth for a folder two deep), and deeper. (Beside
            // itself is the graph test's move.)
            for destination in ["elsewhere/" + name, "deeper/down/" + name] {
                let before = try Self.files(root)
                let vault = try Vault(root: root)
                let there = try RenamePlanner(vault: vault, skipUnavailable: true).planMove(source, to: destination)
                _ = try ChangeExecutor(vault: vault).apply(there, summary: "there")
                let back = try RenamePlanner(vault: vault, skipUnavailable: true).planMove(destination, to: source)
                _ = try ChangeExecutor(vault: vault).apply(back, summary: "back")
                let changed = try Self.changed(root, since: before)
                #expect(changed.isEmpty, "\(source) moved to \(destination) and back in \(corpus) changed \(changed)")
            }
        }
    }

    /// A small vault of the link shapes the corpora hold, for machines without them.
    private func shapes() throws -> (TemporaryFolder, [String: [UInt8]]) {
        let folder = TemporaryFolder()
        try folder.write("images/x.png", "png")
        try folder.write("user/features/graph.md", "# graph\n")
        try folder.write("user/guide/start.md", """
            [graph](../features/graph.md) [self](user/guide/start.md#top) ![out](../../images/x.png)
            [missing](missing.md) [wiki out](<../../images/x.png>) [[graph]]
            [later](../../pages/Later%20on.md) [draft](./drafts/x.md) [root](pages/Later%20on.md)

            """)
        try folder.write("Advanced/Styling.md", "![shot](../../images/x.png) ![here](../images/x.png)\n")
        try folder.write("Test Data/links.md", "[path](Test%20Data/links.md) [heading](Test%20Data/links.md#heading)\n")
        return (folder, try Self.files(folder.path))
    }

    private func move(_ folder: TemporaryFolder, _ source: String, _ destination: String) throws {
        let vault = try Vault(root: folder.path)
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove(source, to: destination), summary: "test")
    }

    @Test(
        "a folder moved and back gives its notes' relative links back as they were",
        arguments: [
            ("user/guide", "archive/guide"), ("user/guide", "deeper/down/guide"), ("Advanced", "Getting Started/Advanced"),
            ("Test Data", "Test Data moved"), ("user", "x/y/user"),
        ])
    func linkShapes(source: String, destination: String) throws {
        let (folder, before) = try shapes()
        try move(folder, source, destination)
        try move(folder, destination, source)
        #expect(try Self.files(folder.path) == before)
    }

    @Test("a relative link out of the vault still leads out of it from the note's new place")
    func outOfTheVault() throws {
        let (folder, _) = try shapes()
        try move(folder, "Advanced", "Getting Started/Advanced")
        // From one folder deeper the old text would land on images/x.png by chance.
        #expect(try folder.read("Getting Started/Advanced/Styling.md") == Array("![shot](../../../images/x.png) ![here](../../images/x.png)\n".utf8))
        let vault = try Vault(root: folder.path)
        let scan = try vault.scan(detail: .summary)
        let edges = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan)).edges.filter { $0.source.hasSuffix("Styling.md") }
        #expect(edges.map(\.resolution.path) == [nil, "images/x.png"])
    }

    @Test("a link written relative that resolves to nothing names the same place from the note's new folder")
    func danglingRelativeKeepsItsPlace() throws {
        let (folder, _) = try shapes()
        try move(folder, "user/guide/start.md", "notes/start.md")
        let text = String(decoding: try folder.read("notes/start.md"), as: UTF8.self)
        #expect(text.contains("[later](../pages/Later%20on.md) [draft](../user/guide/drafts/x.md)"))
        // A bare name or a path that may mean the vault's top folder is left as it was.
        #expect(text.contains("[missing](missing.md)") && text.contains("[root](pages/Later%20on.md)"))
        try folder.write("pages/Later on.md", "# Later on\n")
        try folder.write("user/guide/drafts/x.md", "# x\n")
        let vault = try Vault(root: folder.path)
        let scan = try vault.scan(detail: .summary)
        let edges = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan)).edges.filter { $0.source == "notes/start.md" }
        let resolved = Dictionary(edges.map { (String(decoding: Array(text.utf8)[$0.link.range], as: UTF8.self), $0.resolution.path) }, uniquingKeysWith: { a, _ in a })
        #expect(resolved["[later](../pages/Later%20on.md)"] == .some("pages/Later on.md"))
        #expect(resolved["[draft](../user/guide/drafts/x.md)"] == .some("user/guide/drafts/x.md"))
    }

    @Test("a relative link to nothing keeps its parts as written; a rename in place changes none; a bare result stays relative")
    func danglingRelativeAsWritten() throws {
        let folder = TemporaryFolder()
        let links = "[g](./sub/) [i](./q.md?x=1) [j](./a/../b.md) [k](./x%2Fy.md) [n](./100%.md)\n"
        try folder.write("pages/A.md", links)
        try folder.write("pages/sub/C.md", "[x](../B.md)\n")
        try folder.write("journals/B.md", "# B\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/notes", withIntermediateDirectories: true)
        var vault = try Vault(root: folder.path)
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("pages/A.md", to: "A2"), summary: "t")
        #expect(try folder.text("pages/A2.md") == links)
        try move(folder, "pages/A2.md", "notes/")
        #expect(try folder.text("notes/A2.md") == "[g](../pages/sub/) [i](../pages/q.md?x=1) [j](../pages/b.md) [k](../pages/x%2Fy.md) [n](../pages/100%.md)\n")
        // `B.md` alone would be found by name, in journals/: `./B.md` still names pages/B.md.
        try move(folder, "pages/sub/C.md", "pages/")
        #expect(try folder.text("pages/C.md") == "[x](./B.md)\n")
        vault = try Vault(root: folder.path)
        let scan = try vault.scan(detail: .summary)
        #expect(LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan)).edges.filter { $0.source == "pages/C.md" }.map(\.resolution.path) == [nil])
    }

    @Test("a link that resolved to nothing inside the vault is left exactly as it was")
    func danglingLeftAlone() throws {
        let (folder, _) = try shapes()
        try move(folder, "user/guide", "archive/guide")
        let text = String(decoding: try folder.read("archive/guide/start.md"), as: UTF8.self)
        #expect(text.contains("[missing](missing.md)"))
        #expect(text.contains("[graph](../../user/features/graph.md)"))
        #expect(text.contains("[self](archive/guide/start.md#top)"))
    }
}
