import Foundation
import Testing
@testable import VaultKit

@Suite("FolderWatch")
struct FolderWatchTests {
    @Test("after a file is written in a folder, the watch names that file and no other")
    func namesTheFileWritten() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/Alpha.md": "# Alpha\n", "Beta.md": "# Beta\n"])
        let watch = FolderWatch(vault: vault)
        #expect(watch.changes() == .everything)
        #expect(watch.changes() == .none)
        _ = try folder.write("pages/Alpha.md", "# Alpha again\n")
        let changes = watch.changes()
        guard case .paths(let paths) = changes else {
            Issue.record("\(changes)")
            return
        }
        // The writer's own temporary file beside it may be named too.
        #expect(paths.contains("pages/Alpha.md") && paths.allSatisfy { $0.hasPrefix("pages/") })
        #expect(changes.touches("pages/Alpha.md"))
        #expect(!changes.touches("Beta.md"))
        #expect(watch.changes() == .none)
    }

    @Test("a folder moved away touches every note that was under it")
    func folderMovedTouchesItsNotes() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/deep/Alpha.md": "# Alpha\n", "Beta.md": "# Beta\n"])
        let watch = FolderWatch(vault: vault)
        _ = watch.changes()
        try FileManager.default.moveItem(atPath: folder.path + "/pages/deep", toPath: folder.path + "/pages/moved")
        let changes = watch.changes()
        #expect(changes.touches("pages/deep/Alpha.md"))
        #expect(changes.touches("pages/moved/Alpha.md"))
        #expect(!changes.touches("Beta.md"))
    }
}
