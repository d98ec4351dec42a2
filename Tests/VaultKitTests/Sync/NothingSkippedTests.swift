import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Nothing is skipped silently (DESIGN.md 8): a folder that cannot be listed and a file name
/// that is not UTF-8 are reported and stop a rename that may need them, and the links of
/// trashed notes are kept right for the day they are restored.
@Suite("Nothing skipped silently")
struct NothingSkippedTests {
    let folder = TemporaryFolder()

    private func vault(_ fileSystem: any FileSystem = LocalFileSystem()) throws -> Vault {
        try folder.write("pages/Target.md", "# Target\n")
        try folder.write("pages/Linker.md", "see [[Target]]\n")
        try folder.write("pages/Locked/Inside.md", "also [[Target]]\n")
        return try Vault(root: folder.path, fileSystem: fileSystem)
    }

    /// Makes a file or folder whose name is these bytes, which no `String` can spell.
    private func make(_ parent: String, name: [UInt8], folder isFolder: Bool = false, text: String = "") {
        let path = Array((folder.path + "/" + parent + "/").utf8) + name
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        if isFolder {
            #expect(mkdir(cPath, 0o755) == 0)
            return
        }
        let fd = open(cPath, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    private func tree() -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { !$0.hasPrefix(".zennotes") }.sorted()
    }

    @Test("a folder that cannot be listed stops a rename as an unreadable note does; --skip-unavailable goes on and names it")
    func unreadableFolder() throws {
        let faulty = FaultyFileSystem()
        let vault = try vault(faulty)
        faulty.fail(.entries, with: EACCES, at: folder.path + "/pages/Locked")
        let scan = try vault.scan(detail: .paths)
        #expect(scan.unlistedFolders == [VaultWarning(path: "pages/Locked", message: "folder skipped: Permission denied")])
        let before = tree()
        #expect(throws: VaultError.foldersUnreadable(paths: ["pages/Locked"])) { try RenamePlanner(vault: vault).planRename("Target", to: "Goal") }
        #expect(throws: VaultError.foldersUnreadable(paths: ["pages/Locked"])) { try NoteLifecycle(vault: vault).plan(.archive, "Target") }
        #expect(tree() == before)
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("Target", to: "Goal")
        #expect(plan.skipped.map(\.path) == ["pages/Locked"])
        #expect(plan.skipped[0].message.contains("links in its notes are not rewritten"))
        #expect(VaultCheck(vault: vault, scan: scan).unreadable.map(\.path) == ["pages/Locked"])
    }

    @Test("a note whose file name is not UTF-8 is listed escaped with a warning, reported by check and doctor, and stops a rename")
    func undecodableNoteName() throws {
        let vault = try vault()
        make("pages", name: Array("Caf".utf8) + [0xE9] + Array(".md".utf8), text: "[[Target]]\n")
        let scan = try vault.scan()
        let note = try #require(scan.notes.first { $0.path == "pages/Caf\\xE9.md" })
        #expect(note.availability == .unreadable)
        #expect(scan.warnings.contains { $0.path == "pages/Caf\\xE9.md" && $0.message.contains("file name is not valid UTF-8") })
        #expect(VaultCheck(vault: vault, scan: scan).unreadable.contains { $0.path == "pages/Caf\\xE9.md" })
        #expect(try VaultDoctor(vault: vault).examine().contains { $0.kind == .notUTF8Name && $0.path == "pages/Caf\\xE9.md" })
        #expect(throws: VaultError.notesUnavailable(paths: ["pages/Caf\\xE9.md"])) { try RenamePlanner(vault: vault).planRename("Target", to: "Goal") }
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("Target", to: "Goal")
        #expect(plan.skipped.map(\.path) == ["pages/Caf\\xE9.md"])
    }

    @Test("a folder whose name is not UTF-8 cannot be listed: it is reported and stops a rename")
    func undecodableFolderName() throws {
        let vault = try vault()
        make("pages", name: Array("Ordner".utf8) + [0xFC], folder: true)
        let scan = try vault.scan(detail: .paths)
        #expect(scan.unlistedFolders.map(\.path) == ["pages/Ordner\\xFC"])
        #expect(throws: VaultError.foldersUnreadable(paths: ["pages/Ordner\\xFC"])) { try RenamePlanner(vault: vault).planRename("Target", to: "Goal") }
    }

    @Test("two folders whose names are one text in NFC and NFD are both walked, each note listed once")
    func normalizationTwins() throws {
        make("", name: Array("\u{E4}".utf8), folder: true)
        make("", name: Array("a\u{308}".utf8), folder: true)
        make("\u{E4}", name: Array("two.md".utf8), text: "# two\n")
        make("\u{E4}", name: Array("three.md".utf8), text: "see [[two]]\n")
        make("a\u{308}", name: Array("one.md".utf8), text: "# one\n")
        let vault = try Vault(root: folder.path)
        let notes = try vault.scan().notes
        #expect(notes.map(\.title).sorted() == ["one", "three", "two"])
        // Ordered by bytes where the texts are one: the NFD name (a, then its mark) first.
        #expect(notes.map { Array($0.path.utf8) } == [
            Array("a\u{308}/one.md".utf8), Array("\u{E4}/three.md".utf8), Array("\u{E4}/two.md".utf8),
        ])
        #expect(VaultCheck(vault: vault, scan: try vault.scan()).isClean)
    }

    @Test("names are escaped byte by byte where they are not UTF-8, and kept where they are")
    func escaping() {
        #expect(DirectoryEntry.escaped(Array("Caf".utf8) + [0xE9] + Array(".md".utf8)) == "Caf\\xE9.md")
        #expect(DirectoryEntry.escaped(Array("né".utf8) + [0xC3]) == "né\\xC3")
        #expect(DirectoryEntry.escaped([0x0F, 0xFF]) == "\u{0F}\\xFF")
    }

    @Test("a rename and a move rewrite the links of trashed notes, read from where a restore puts them; the trash is never a target")
    func trashedNotesLinks() throws {
        let vault = try vault()
        try FileManager.default.removeItem(atPath: folder.path + "/pages/Locked")
        try folder.write("trash/pages/Old.md", "see [[Target]] and [the target](Target.md)\n")
        try folder.write("trash/pages/Goal.md", "# a trashed Goal\n")
        let plan = try RenamePlanner(vault: vault).planRename("Target", to: "Goal")
        #expect(plan.edits.map(\.path).sorted() == ["pages/Goal.md", "pages/Linker.md", "trash/pages/Old.md"])
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "rename")
        #expect(try folder.read("trash/pages/Old.md") == Array("see [[Goal]] and [the target](Goal.md)\n".utf8))
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove("pages/Goal.md", to: "pages/Projects/"), summary: "move")
        #expect(try folder.read("trash/pages/Old.md") == Array("see [[Goal]] and [the target](Projects/Goal.md)\n".utf8))
        #expect(try folder.read("trash/pages/Goal.md") == Array("# a trashed Goal\n".utf8))
        let lifecycle = NoteLifecycle(vault: vault)
        _ = try lifecycle.apply(try lifecycle.plan(.restore, "trash/pages/Old.md"), action: .restore)
        let scan = try vault.scan(detail: .paths)
        let graph = LinkGraph.build(vault: vault, scan: scan, index: vault.linkIndex(scan))
        let restored = graph.edges.filter { $0.source == "pages/Old.md" }
        #expect(restored.count == 2 && restored.allSatisfy { $0.resolution.path == "pages/Projects/Goal.md" })
    }
}
