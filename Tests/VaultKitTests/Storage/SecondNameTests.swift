import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultSystem

/// A note with a second name in its folder (a hard link, as a rename that could not finish
/// leaves one) is not rewritten: a swap would give one name the new text and leave the other
/// with the old, and the advice to remove either name would then lose text.
@Suite("Notes with a second name")
struct SecondNameTests {
    let folder = TemporaryFolder()

    @Test("a rewrite of a note with a second name in its folder is refused, and both names keep one text")
    func refused() throws {
        let path = try folder.write("pages/Alpha.md", "# Alpha\n")
        #expect(link(path, folder.path + "/pages/Beta.md") == 0)
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        #expect(throws: FileError.secondName(path: path, other: folder.path + "/pages/Beta.md")) {
            try writer.checkNoSecondName(path)
        }
        _ = snapshot
        var alpha = stat()
        var beta = stat()
        #expect(stat(path, &alpha) == 0 && stat(folder.path + "/pages/Beta.md", &beta) == 0 && alpha.st_ino == beta.st_ino)
        #expect(try folder.read("pages/Beta.md") == Array("# Alpha\n".utf8))
    }

    @Test("an append, and a change of many notes, name both paths as the vault has them, and write nothing")
    func appendRefused() throws {
        try folder.write(".zennotes/vault.json", "{}\n")
        let path = try folder.write("pages/Alpha.md", "# Alpha\n")
        #expect(link(path, folder.path + "/pages/Beta.md") == 0)
        let vault = try Vault(root: folder.path)
        #expect(throws: FileError.secondName(path: "pages/Alpha.md", other: "pages/Beta.md")) {
            try vault.checkWritable(replacing: ["pages/Alpha.md"], writingIn: [])
        }
        #expect(throws: FileError.secondName(path: "pages/Alpha.md", other: "pages/Beta.md")) {
            _ = try NoteAuthoring(vault: vault).add("more", to: "pages/Alpha.md")
        }
        #expect(try folder.read("pages/Beta.md") == Array("# Alpha\n".utf8))
        var alpha = stat()
        var beta = stat()
        #expect(stat(path, &alpha) == 0 && stat(folder.path + "/pages/Beta.md", &beta) == 0 && alpha.st_ino == beta.st_ino)
    }

    @Test("a rename, whose moved note is a second name of itself until the old name goes, still rewrites it")
    func renameOwnSecondName() throws {
        try folder.write(".zennotes/vault.json", "{}\n")
        try folder.write("pages/Alpha.md", "# Alpha\n")
        try folder.write("pages/Links.md", "[[Alpha]]\n")
        let vault = try Vault(root: folder.path)
        let plan = try RenamePlanner(vault: vault).planRename("Alpha", to: "Gamma")
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "rename")
        #expect(try folder.read("pages/Gamma.md") == Array("# Gamma\n".utf8))
        #expect(try folder.read("pages/Links.md") == Array("[[Gamma]]\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/Alpha.md"))
    }

    @Test("a second name in another folder (a snapshot made with cp -al) does not stop a rewrite")
    func elsewhereAllowed() throws {
        let path = try folder.write("pages/Alpha.md", "# Alpha\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/snapshot", withIntermediateDirectories: true)
        #expect(link(path, folder.path + "/snapshot/Alpha.md") == 0)
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        try writer.replace(path, with: Array("changed\n".utf8), expecting: snapshot)
        #expect(try folder.read("pages/Alpha.md") == Array("changed\n".utf8))
        #expect(try folder.read("snapshot/Alpha.md") == Array("# Alpha\n".utf8))
    }
}
