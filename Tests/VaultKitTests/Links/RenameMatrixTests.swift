import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Every link form against every kind of rename, checked by the exact text of the notes
/// afterwards.
@Suite("Rename and move rewrite every link form")
struct RenameMatrixTests {
    static let target = "# My Target\n\nBody with a block ^blk\n\n## Heading\n"

    static let source = """
        ---
        related: "[[My Target]]"
        ---
        # Source

        [[My Target]] [[pages/My Target]] [[My Target.md]] [[My Target|alias]]
        [[My Target#Heading]] [[My Target#^blk]] [[My Target#Heading|alias]] ![[My Target]]
        [t](My%20Target.md) [t](../pages/My%20Target.md#heading) [t](<My Target.md>) [t](My%20Target.md "title")

        | a | [[My Target\\|alias]] |
        |---|---|

        `[[My Target]]` and

            [[My Target]]

        ```
        [t](My%20Target.md)
        ```

        """

    static let journal = "- [[My Target]] and [j](../pages/My%20Target.md) and [[New Name]]\n"

    /// A fresh vault with the target, a note linking it in every form, and a journal.
    private func vault() throws -> (TemporaryFolder, Vault) {
        let folder = TemporaryFolder()
        try folder.write("pages/My Target.md", Self.target)
        try folder.write("pages/Source.md", Self.source)
        try folder.write("journals/2026-11-30.md", Self.journal)
        try folder.write("inbox/New Name.md", "# Other\n")
        return (folder, try Vault(root: folder.path))
    }

    private func apply(_ plan: RenamePlan, _ vault: Vault) throws {
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
    }

    private func text(_ folder: TemporaryFolder, _ path: String) throws -> String {
        String(decoding: try folder.read(path), as: UTF8.self)
    }

    /// The source note with its links (outside code) spelled as given.
    private func expectedSource(wiki: String, pathWiki: String, wikiMD: String, markdown: String, markdownUp: String, angle: String) -> String {
        Self.source
            .replacingOccurrences(of: "[[My Target]] [[pages/My Target]] [[My Target.md]] [[My Target|alias]]", with: "[[\(wiki)]] [[\(pathWiki)]] [[\(wikiMD)]] [[\(wiki)|alias]]")
            .replacingOccurrences(of: "[[My Target#Heading]] [[My Target#^blk]] [[My Target#Heading|alias]] ![[My Target]]", with: "[[\(wiki)#Heading]] [[\(wiki)#^blk]] [[\(wiki)#Heading|alias]] ![[\(wiki)]]")
            .replacingOccurrences(of: "[t](My%20Target.md) [t](../pages/My%20Target.md#heading) [t](<My Target.md>) [t](My%20Target.md \"title\")", with: "[t](\(markdown)) [t](\(markdownUp)#heading) [t](<\(angle)>) [t](\(markdown) \"title\")")
            .replacingOccurrences(of: "| a | [[My Target\\|alias]] |", with: "| a | [[\(wiki)\\|alias]] |")
            .replacingOccurrences(of: "related: \"[[My Target]]\"", with: "related: \"[[\(wiki)]]\"")
    }

    @Test("a rename in the same folder rewrites every form and carries the title heading")
    func rename() throws {
        let (folder, vault) = try vault()
        try apply(try RenamePlanner(vault: vault).planRename("My Target", to: "Renamed Note"), vault)
        #expect(try text(folder, "pages/Renamed Note.md") == Self.target.replacingOccurrences(of: "# My Target", with: "# Renamed Note"))
        #expect(
            try text(folder, "pages/Source.md")
                == expectedSource(
                    wiki: "Renamed Note", pathWiki: "pages/Renamed Note", wikiMD: "Renamed Note.md", markdown: "Renamed%20Note.md",
                    markdownUp: "../pages/Renamed%20Note.md", angle: "Renamed Note.md"))
        #expect(try text(folder, "journals/2026-11-30.md") == "- [[Renamed Note]] and [j](../pages/Renamed%20Note.md) and [[New Name]]\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/My Target.md"))
    }

    @Test("a name with a quote is written into quoted frontmatter values escaped, so the YAML still reads, and back")
    func quoteInFrontmatter() throws {
        let (folder, vault) = try vault()
        let note = "---\nup: '[[My Target]]'\nrel: ['[[My Target|t]]', \"[[My Target]]\"]\n---\nbody [[My Target]]\n"
        try folder.write("pages/Quoted.md", note)
        // A note that names it only escaped is found too, for the rename back.
        try folder.write("pages/Only.md", "---\nup: '[[My Target]]'\n---\n")
        try apply(try RenamePlanner(vault: vault).planRename("My Target", to: "Bob's Target"), vault)
        #expect(try text(folder, "pages/Only.md") == "---\nup: '[[Bob''s Target]]'\n---\n")
        #expect(try text(folder, "pages/Quoted.md") == "---\nup: '[[Bob''s Target]]'\nrel: ['[[Bob''s Target|t]]', \"[[Bob's Target]]\"]\n---\nbody [[Bob's Target]]\n")
        let frontmatter = Frontmatter.locate(in: Array(try text(folder, "pages/Quoted.md").utf8))
        #expect(frontmatter?.issues.isEmpty == true)
        try apply(try RenamePlanner(vault: vault).planRename("Bob's Target", to: "My Target"), vault)
        #expect(try text(folder, "pages/Quoted.md") == note)
        #expect(try text(folder, "pages/Only.md") == "---\nup: '[[My Target]]'\n---\n")
    }

    @Test("a rename or move beside a note of the same name with another extension is refused, in any case")
    func sameNameOtherExtension() throws {
        let (folder, vault) = try vault()
        try folder.write("pages/Other.markdown", "# Other\n")
        let before = try RoundTripTests.files(vault.root)
        for name in ["Other", "other"] {
            #expect(throws: VaultError.invalidDestination(path: "pages/\(name).md", reason: "pages/Other.markdown has that name already, and a link by the name would name both")) {
                try RenamePlanner(vault: vault).planRename("My Target", to: name)
            }
        }
        #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planMove("inbox/New Name.md", to: "pages/Other.md") }
        // The note itself may change the case of its name.
        try apply(try RenamePlanner(vault: vault).planRename("pages/Other.markdown", to: "OTHER"), vault)
        #expect(try RoundTripTests.files(vault.root).keys.contains("pages/OTHER.markdown"))
        #expect(try RoundTripTests.files(vault.root).count == before.count)
    }

    @Test("a badge, an image in a link's text, follows its image and its link alike")
    func badge() throws {
        let (folder, vault) = try vault()
        try folder.write("assets/logo.png", "PNG")
        try folder.write("pages/Badge.md", "[![logo](../assets/logo.png)](My%20Target.md) [![b](../assets/logo.png)](<My Target.md>)\n")
        try apply(try RenamePlanner(vault: vault).planMove("assets/logo.png", to: "assets/brand.png"), vault)
        try apply(try RenamePlanner(vault: vault).planRename("My Target", to: "Renamed"), vault)
        try apply(try RenamePlanner(vault: vault).planMove("pages/Badge.md", to: "journals/"), vault)
        #expect(try text(folder, "journals/Badge.md") == "[![logo](../assets/brand.png)](../pages/Renamed.md) [![b](../assets/brand.png)](<../pages/Renamed.md>)\n")
    }

    @Test("a move to another folder fixes relative markdown links and keeps bare names")
    func moveToFolder() throws {
        let (folder, vault) = try vault()
        try apply(try RenamePlanner(vault: vault).planMove("pages/My Target.md", to: "archive/"), vault)
        #expect(
            try text(folder, "pages/Source.md")
                == expectedSource(
                    wiki: "My Target", pathWiki: "archive/My Target", wikiMD: "My Target.md", markdown: "../archive/My%20Target.md",
                    markdownUp: "../archive/My%20Target.md", angle: "../archive/My Target.md"))
        #expect(try text(folder, "journals/2026-11-30.md") == "- [[My Target]] and [j](../archive/My%20Target.md) and [[New Name]]\n")
        #expect(try text(folder, "archive/My Target.md") == Self.target)
    }

    @Test("a folder move carries the linking note along and rewrites links into the folder")
    func folderMove() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Proj/My Target.md", Self.target)
        try folder.write(
            "pages/Proj/Source.md",
            "[[My Target]] [[pages/Proj/My Target|p]] [t](My%20Target.md) [u](../Errands.md) ![[img.png]] ![i](img.png)\n")
        try folder.write("pages/Proj/img.png", "png")
        try folder.write("pages/Errands.md", "# Errands\n")
        try folder.write(
            "journals/2026-11-30.md", "- [[Proj/My Target]] [j](../pages/Proj/My%20Target.md) ![i](../pages/Proj/img.png)\n")
        let vault = try Vault(root: folder.path)
        try apply(try RenamePlanner(vault: vault).planMove("pages/Proj", to: "archive/"), vault)
        #expect(
            try text(folder, "archive/Proj/Source.md")
                == "[[My Target]] [[archive/Proj/My Target|p]] [t](My%20Target.md) [u](../../pages/Errands.md) ![[img.png]] ![i](img.png)\n")
        #expect(
            try text(folder, "journals/2026-11-30.md")
                == "- [[Proj/My Target]] [j](../archive/Proj/My%20Target.md) ![i](../archive/Proj/img.png)\n")
        #expect(try folder.names(in: "archive/Proj") == ["My Target.md", "Source.md", "img.png"])
        #expect(try folder.names(in: "pages") == ["Errands.md"])
    }

    @Test("a folder is not moved into itself or onto itself, in any case; nothing is written")
    func folderIntoItself() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/P/A.md", "# A\n")
        try folder.write("pages/P/S/B.md", "# B\n")
        let vault = try Vault(root: folder.path)
        let before = try RoundTripTests.files(vault.root)
        for destination in ["pages/P/S", "pages/P", "pages/", "pages/p/T/", "pages/P/S/Deeper"] {
            #expect(throws: VaultError.self, "\(destination)") { try RenamePlanner(vault: vault).planMove("pages/P", to: destination) }
        }
        #expect(try RoundTripTests.files(vault.root) == before)
        try apply(try RenamePlanner(vault: vault).planMove("pages/P/S", to: "pages/"), vault)
        #expect(try folder.names(in: "pages/S") == ["B.md"])
    }

    @Test("a folder beside one whose name differs only in case moves alone; written in another case, it is still found")
    func foldersApartByCase() throws {
        let folder = TemporaryFolder()
        try folder.write(".zennotes/vault.json", "{}")
        try folder.write("pages/ab/n.md", "small\n")
        try folder.write("pages/AB/n.md", "capital\n")
        try folder.write("pages/cd/m.md", "m\n")
        let vault = try Vault(root: folder.path)
        try apply(try RenamePlanner(vault: vault).planMove("pages/ab", to: "pages/abd"), vault)
        #expect(try text(folder, "pages/abd/n.md") == "small\n")
        #expect(try text(folder, "pages/AB/n.md") == "capital\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/pages/ab/n.md"))
        try apply(try RenamePlanner(vault: try Vault(root: folder.path)).planMove("pages/CD", to: "pages/ef"), try Vault(root: folder.path))
        #expect(try text(folder, "pages/ef/m.md") == "m\n")
    }

    @Test("a move that would make a folder differing from one beside it only in case or accents is refused; nothing is written")
    func folderTwinRefused() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Proj/a.md", "# a\n")
        try folder.write("pages/Café/c.md", "# c\n")
        try folder.write("archive/proj/b.md", "# b\n")
        try folder.write("archive/cafe\u{301}/d.md", "# d\n")
        try folder.write("pages/x.md", "[[a]]\n")
        try folder.write("archive/Note", "a file, whose name a folder cannot take in another case either")
        let vault = try Vault(root: folder.path)
        let before = try RoundTripTests.files(vault.root)
        for (source, destination) in [("pages/Proj", "archive/"), ("pages/Proj", "archive/PROJ"), ("pages/Café", "archive/"), ("pages/x.md", "archive/note/")] {
            #expect(throws: VaultError.self, "\(source) -> \(destination)") { try RenamePlanner(vault: vault).planMove(source, to: destination) }
        }
        #expect(try RoundTripTests.files(vault.root) == before)
        // Into the folder as it is spelled, or spelled anew in place, the move is made.
        try apply(try RenamePlanner(vault: vault).planMove("pages/Proj", to: "archive/proj/"), vault)
        #expect(try folder.names(in: "archive/proj/Proj") == ["a.md"])
        try apply(try RenamePlanner(vault: try Vault(root: folder.path)).planMove("pages/Café", to: "pages/CAFÉ"), try Vault(root: folder.path))
        #expect(try folder.names(in: "pages/CAFÉ") == ["c.md"])
    }

    @Test("of two folders named alike but for their Unicode form, a move takes the one named by its bytes; a rename into the other form is made")
    func foldersApartByForm() throws {
        let folder = TemporaryFolder()
        let (composed, decomposed) = ("Caf\u{E9}", "Cafe\u{301}")
        try folder.write("pages/\(composed)/one.md", "# one\n")
        try folder.write("pages/\(decomposed)/two.md", "# two\n")
        let vault = try Vault(root: folder.path)
        try apply(try RenamePlanner(vault: vault).planMove("pages/" + decomposed, to: "pages/Other"), vault)
        #expect(try folder.names(in: "pages/Other") == ["two.md"])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/pages").filter { $0 != "Other" }
        #expect(left.map { Array($0.utf8) } == [Array(composed.utf8)])
        #expect(try text(folder, "pages/\(composed)/one.md") == "# one\n")
        let again = try Vault(root: folder.path)
        try apply(try RenamePlanner(vault: again).planMove("pages/" + composed, to: "pages/" + decomposed), again)
        let renamed = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/pages").filter { $0 != "Other" }
        #expect(renamed.map { Array($0.utf8) } == [Array(decomposed.utf8)])
    }

    @Test("a folder moves with the files under hidden names in it, and leaves no folder behind; one landing on a file is refused")
    func folderCarriesHiddenFiles() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/P/a.md", "# a\n\n![](.attachments/img.png)\n")
        try folder.write("pages/P/.attachments/img.png", "png")
        try folder.write("pages/P/.attachments/deep/x.bin", "x")
        try folder.write("pages/P/sub/s.md", "# s\n")
        try folder.write("pages/P/sub/.meta/m.json", "{}")
        try folder.write("pages/P/.~a.md.k3x9.tmp", "a leftover of an interrupted write")
        try folder.write("archive/Q/.attachments/img.png", "another")
        try folder.write("pages/Q/a.md", "# q\n")
        try folder.write("pages/Q/.attachments/img.png", "taken")
        let vault = try Vault(root: folder.path)
        let before = try RoundTripTests.files(vault.root)
        #expect(throws: FileError.fileExists(path: "archive/Q/.attachments/img.png")) { try RenamePlanner(vault: vault).planMove("pages/Q", to: "archive/") }
        #expect(try RoundTripTests.files(vault.root) == before)
        try apply(try RenamePlanner(vault: vault).planMove("pages/P", to: "archive/"), vault)
        #expect(try text(folder, "archive/P/.attachments/img.png") == "png")
        #expect(try text(folder, "archive/P/.attachments/deep/x.bin") == "x")
        #expect(try text(folder, "archive/P/sub/.meta/m.json") == "{}")
        #expect(try text(folder, "archive/P/a.md") == "# a\n\n![](.attachments/img.png)\n")
        // A temporary file whose name holds no hashes is text vault does not know: it stays,
        // and so does its folder, for `vault doctor` to keep it as a copy.
        #expect(try folder.names(in: "pages/P") == [".~a.md.k3x9.tmp"])
        try FileManager.default.removeItem(atPath: folder.path + "/pages/P/.~a.md.k3x9.tmp")
        try apply(try RenamePlanner(vault: try Vault(root: folder.path)).planMove("archive/P", to: "pages/"), try Vault(root: folder.path))
        #expect(try text(folder, "pages/P/.attachments/deep/x.bin") == "x")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/archive/P"))
    }

    @Test("hidden files of a moved folder: a hidden folder landing on a file, or one that cannot be listed, refuses the move with nothing written")
    func hiddenFilesRefusals() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/P/n.md", "# n\n")
        try folder.write("pages/P/.att/img.png", "png")
        try folder.write("pages/P/.img.png.icloud", "stand-in")
        try folder.write("archive/Q/.att", "a file where the folder would go")
        try folder.write("pages/Q/n.md", "# q\n")
        try folder.write("pages/Q/.att/img.png", "png")
        let faulty = FaultyFileSystem()
        faulty.fail(.entries, with: EACCES, at: folder.path + "/pages/P/.att")
        let vault = try Vault(root: folder.path, fileSystem: faulty)
        let before = try RoundTripTests.files(vault.root)
        #expect(throws: VaultError.invalidDestination(path: "archive/Q/.att", reason: "archive/Q/.att is a file, not a folder")) {
            try RenamePlanner(vault: vault).planMove("pages/Q", to: "archive/")
        }
        #expect(throws: VaultError.foldersUnreadable(paths: ["pages/P/.att"])) { try RenamePlanner(vault: vault).planMove("pages/P", to: "archive/") }
        #expect(try RoundTripTests.files(vault.root) == before)
        // Asked to skip what cannot be read, the move leaves it, and says the folder stays.
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planMove("pages/P", to: "archive/")
        try apply(plan, vault)
        #expect(try text(folder, "archive/P/n.md") == "# n\n")
        #expect(RenamePlanner.leftBehind(in: try #require(plan.movedFolder), vault: vault) == ["pages/P/.att", "pages/P/.img.png.icloud"])
    }

    @Test("a system folder or the vault itself is not moved whole")
    func systemFolderRefused() throws {
        let (_, vault) = try vault()
        #expect(throws: VaultError.self) { try RenamePlanner(vault: vault).planMove("pages", to: "notes") }
    }

    @Test("a case-only rename really changes the case and rewrites the links")
    func caseOnly() throws {
        let (folder, vault) = try vault()
        try apply(try RenamePlanner(vault: vault).planRename("My Target", to: "my target"), vault)
        #expect(try folder.names(in: "pages") == ["Source.md", "my target.md"])
        #expect(
            try text(folder, "pages/Source.md")
                == expectedSource(
                    wiki: "my target", pathWiki: "pages/my target", wikiMD: "my target.md", markdown: "my%20target.md",
                    markdownUp: "../pages/my%20target.md", angle: "my target.md"))
    }

    @Test("a rename that makes a bare name ambiguous qualifies the links it would steal")
    func ambiguous() throws {
        let (folder, vault) = try vault()
        try apply(try RenamePlanner(vault: vault).planRename("My Target", to: "New Name"), vault)
        // `pages/` wins the tie, so the journal's old `[[New Name]]` must now say `inbox/`.
        #expect(try text(folder, "journals/2026-11-30.md") == "- [[New Name]] and [j](../pages/New%20Name.md) and [[inbox/New Name]]\n")
        #expect(try text(folder, "pages/Source.md").contains("[[New Name#Heading|alias]]"))
    }

    @Test("renaming there and back leaves every byte as it was")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(fixture: "demo")
        let before = try Self.snapshot(root)
        var vault = try Vault(root: root)
        try apply(try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Projects/Vault CLI.md", to: "Vault Tool"), vault)
        #expect(try Self.snapshot(root) != before)
        vault = try Vault(root: root)
        try apply(try RenamePlanner(vault: vault, skipUnavailable: true).planRename("pages/Projects/Vault Tool.md", to: "Vault CLI"), vault)
        #expect(try Self.snapshot(root) == before)
    }

    /// Every file's bytes, outside the lock and journal folder.
    static func snapshot(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: root)! {
            guard !path.hasPrefix(".zennotes/lock"), !path.hasPrefix(".zennotes/journal") else { continue }
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder)
            if !isFolder.boolValue { files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)) }
        }
        return files
    }

    @Test("a markdown link written without .md stays without it when the name holds a dot")
    func dottedNameWithoutExtension() throws {
        let folder = TemporaryFolder()
        try folder.write("v1.2.md", "# v1.2\n")
        try folder.write("src.md", "[notes](v1.2) [md](v1.2.md)\n\n[r]: v1.2\n[ref][r]\n")
        let vault = try Vault(root: folder.path)
        try apply(try RenamePlanner(vault: vault).planRename("v1.2", to: "v2"), vault)
        #expect(try text(folder, "src.md") == "[notes](v2) [md](v2.md)\n\n[r]: v2\n[ref][r]\n")
    }
}
