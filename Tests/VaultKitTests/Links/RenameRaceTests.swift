import Glibc
import Testing
@testable import VaultKit
import VaultSystem

/// A rename planned while another program changes the vault stops rather than miss a link.
@Suite("Renames that meet a vault changing under them")
struct RenameRaceTests {
    @Test("a linking note gone between the walk and its reading stops the plan: its text may be under a name the walk did not see")
    func noteGoneSinceWalk() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Target.md", "# Target\n")
        try folder.write("pages/A.md", "See [[Target]].\n")
        try folder.write("pages/B.md", "Also [[Target]].\n")
        let faulty = FaultyFileSystem()
        // As another `vault` renaming B leaves it: listed by the walk, gone when read.
        faulty.fail(.readFile, with: ENOENT, at: folder.path + "/pages/B.md")
        let vault = try Vault(root: folder.path, fileSystem: faulty)
        #expect(throws: FileError.fileChanged(path: "pages/B.md")) {
            try RenamePlanner(vault: vault).planRename("pages/Target.md", to: "Goal")
        }
        #expect(throws: FileError.fileChanged(path: "pages/B.md")) { try RenamePlanner(vault: vault).planMove("pages/Target.md", to: "archive/") }
    }

    @Test("a note holding the tag gone between the walk and its reading stops a tag rename the same way")
    func tagHolderGoneSinceWalk() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/A.md", "One #old here.\n")
        try folder.write("pages/B.md", "Two #old there.\n")
        let faulty = FaultyFileSystem()
        // The walk reads each note for its tags; B goes before the planner reads it again.
        let path = folder.path + "/pages/B.md"
        let reads = WaitCount()
        faulty.onRead = { read in
            guard read == path, reads.increment() == 2 else { return }
            unlink(path)
        }
        let vault = try Vault(root: folder.path, fileSystem: faulty)
        #expect(throws: FileError.fileChanged(path: "pages/B.md")) { try TagRenamer(vault: vault).plan(TagRename("old", to: "new")) }
    }
}
