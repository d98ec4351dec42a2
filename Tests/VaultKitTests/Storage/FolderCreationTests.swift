import Foundation
import Testing
@testable import VaultSystem

/// Folders made on the way to a file: every missing one is made, one already there is taken
/// as it is, and something else in the way is refused.
@Suite("Making folders on the way")
struct FolderCreationTests {
    @Test("every missing folder of a path is made, and one already there is left as it is")
    func makesMissing() throws {
        let folder = TemporaryFolder()
        let fileSystem = LocalFileSystem()
        let deep = folder.path + "/a/b/c"
        try fileSystem.createDirectories(deep)
        #expect(try fileSystem.status(deep)?.kind == .directory)
        try folder.write("a/b/c/kept.txt", "kept\n")
        try fileSystem.createDirectories(deep)
        try fileSystem.createDirectories(folder.path + "/a/b/d")
        #expect(try fileSystem.readFile(deep + "/kept.txt") == Array("kept\n".utf8))
        #expect(try fileSystem.status(folder.path + "/a/b/d")?.kind == .directory)
    }

    @Test("a file where a folder of the path should be is refused, whichever folder it stands for")
    func fileInTheWay() throws {
        let folder = TemporaryFolder()
        let fileSystem = LocalFileSystem()
        try folder.write("a/file", "x\n")
        #expect(throws: (any Error).self) { try fileSystem.createDirectories(folder.path + "/a/file") }
        #expect(throws: (any Error).self) { try fileSystem.createDirectories(folder.path + "/a/file/below") }
        #expect(try fileSystem.readFile(folder.path + "/a/file") == Array("x\n".utf8))
    }

    @Test("a link to a folder counts as the folder, as it did for each folder on the way")
    func linkToFolder() throws {
        let folder = TemporaryFolder()
        let fileSystem = LocalFileSystem()
        try fileSystem.createDirectories(folder.path + "/real")
        #expect(symlink(folder.path + "/real", folder.path + "/linked") == 0)
        try fileSystem.createDirectories(folder.path + "/linked")
        try fileSystem.createDirectories(folder.path + "/linked/inner")
        #expect(try fileSystem.status(folder.path + "/real/inner")?.kind == .directory)
    }
}
