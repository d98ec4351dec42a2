import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultSystem

@Suite("A note named by its path is read alone")
struct NoteAtPathTests {
    /// A vault with the names a lookup by path meets.
    static func makeFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try folder.write("pages/Idea.md", "---\naliases: [Spark]\n---\n# A good idea\n\nbody\n")
        try folder.write("pages/Other.md", "# Other\n")
        try folder.write("pages/Idea", "not a note\n")
        try folder.write("trash/Gone.md", "# Gone\n")
        try folder.write("pages/Plan (Ana's conflicted copy 2026-11-02).md", "# Plan copy\n")
        try folder.write("pages/Plan.md", "# Plan\n")
        try folder.write("pages/.hidden/Secret.md", "# Secret\n")
        try folder.write("pages/.Evicted.md.icloud", "")
        try folder.write("pages/Folder.md/Inside.md", "# Inside\n")
        try folder.write("outside/Elsewhere.md", "# Elsewhere\n")
        symlink("Idea.md", folder.path + "/pages/Link.md")
        symlink("../../outside/Elsewhere.md", folder.path + "/pages/Out.md")
        symlink("../pages", folder.path + "/journals")
        mkfifo(folder.path + "/pages/Pipe.md", 0o644)
        return folder
    }

    /// What a walk of the vault gives for `name`: the note, or the error's description.
    private func walked(_ name: String, _ vault: Vault) -> String {
        do {
            return "\(try NoteLookup(notes: vault.scan(detail: .summary).notes, in: vault).note(named: name))"
        } catch {
            return "error: \(error)"
        }
    }

    private func looked(_ name: String, _ vault: Vault) -> String {
        do {
            return "\(try vault.note(named: name))"
        } catch {
            return "error: \(error)"
        }
    }

    @Test("a path to an attachment or another file that is no note is said to be no note, not missing")
    func attachmentIsNoNote() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Idea.md", "# Idea\n")
        try folder.write("pages/pic.png", "png")
        try folder.write("pages/list.txt", "text")
        let vault = try Vault(root: folder.path)
        let lookup = NoteLookup(notes: try vault.scan(detail: .summary).notes, in: vault)
        for path in ["pages/pic.png", "pages/list.txt"] {
            #expect(throws: VaultError.notANote(path: path)) { try lookup.note(named: path) }
        }
        #expect(throws: VaultError.unknownNote(name: "pages/gone.png", suggestions: [])) { try lookup.note(named: "pages/gone.png") }
        #expect("\(VaultError.notANote(path: "pages/pic.png"))".hasPrefix("pages/pic.png is a file but not a note"))
    }

    @Test("a note's path, with or without .md, is read without listing a folder or reading another note")
    func readsOneNote() throws {
        let folder = try Self.makeFolder()
        let fileSystem = FaultyFileSystem()
        let vault = try Vault(root: folder.path, fileSystem: fileSystem)
        // No folder can be listed: a walk would stop at the vault's root.
        fileSystem.fail(.entries, with: EACCES)
        for name in ["pages/Idea.md", "pages/Idea", "./pages/Idea.md", "trash/Gone.md", "pages/Link.md"] {
            let readsBefore = fileSystem.calls.filter { $0 == .readFile }.count
            let note = try vault.note(named: name)
            #expect(note.title == (name.hasPrefix("trash") ? "Gone" : "A good idea"))
            #expect(fileSystem.calls.filter { $0 == .readFile }.count == readsBefore + 1, "\(name)")
        }
        #expect(!fileSystem.calls.contains(.entries))
    }

    @Test("the note read alone is the note a walk finds, with the same summary")
    func sameNote() throws {
        let folder = try Self.makeFolder()
        let vault = try Vault(root: folder.path)
        for name in ["pages/Idea.md", "pages/Idea", "./pages/Idea", "trash/Gone.md", "pages/Link.md", "pages/Plan.md"] {
            #expect(vault.noteAtPath(name) != nil, "\(name)")
            #expect(looked(name, vault) == walked(name, vault), "\(name)")
        }
    }

    @Test("in a Logseq graph, and through the cache, the note read alone is the note a walk finds")
    func sameNoteInAGraphAndFromTheCache() throws {
        let folder = TemporaryFolder()
        let root = try folder.copy(fixture: "logseq")
        var vault = try Vault(root: root)
        vault.cache = FactsCache(location: CacheLocation(folder: folder.path + "/cache", rootRealPath: root, dialect: .logseq), racyWindow: 0)
        for name in ["pages/Projects___Compost.md", "pages/Projects.md", "pages/garden"] {
            #expect(vault.noteAtPath(name) != nil, "\(name)")
            #expect(looked(name, vault) == walked(name, vault), "\(name)")
        }
        // No title:: here: the page name is the title, as the walk gives it.
        #expect(try vault.note(named: "pages/Projects___Garden.md").title == "Projects/Garden")
        #expect(vault.cache!.statistics.hits > 0)
    }

    @Test("a name the walk would not list at that path is left to the walk, which answers as before")
    func leftToTheWalk() throws {
        let folder = try Self.makeFolder()
        let vault = try Vault(root: folder.path)
        let names = [
            "A good idea", "Spark", "pages/idea.md", "pages/Out.md", "pages/Pipe.md", "pages/Folder.md",
            "pages/Plan (Ana's conflicted copy 2026-11-02).md", "pages/Evicted.md", "pages/.hidden/Secret.md",
            "journals/Idea.md", "pages/../pages/Idea.md", "pages/Missing.md", "/pages/Idea.md", "pages/Idea.md\u{0}x", "pages/Idea\u{0}",
        ]
        for name in names {
            #expect(vault.noteAtPath(name) == nil, "\(name)")
            #expect(looked(name, vault) == walked(name, vault), "\(name)")
        }
    }

    @Test("a file name with its extension names the note of that name in any folder, as a wikilink does")
    func fileNameWithItsExtension() throws {
        let folder = try Self.makeFolder()
        try folder.write("inbox/Other.md", "# Other in the inbox\n")
        let vault = try Vault(root: folder.path)
        #expect(try vault.note(named: "Idea.md").path == "pages/Idea.md")
        #expect(try vault.note(named: "idea.MD").path == "pages/Idea.md")
        #expect(try vault.note(named: "Plan.md").path == "pages/Plan.md")
        // Two folders hold the name: the person must choose.
        #expect(looked("Other.md", vault).contains("names 2 notes: inbox/Other.md, pages/Other.md"))
        // A note in the trash is named by its path alone.
        #expect(looked("Gone.md", vault).contains("no note named"))
        #expect(try vault.note(named: "trash/Gone.md").path == "trash/Gone.md")
        // A name given from the vault's root names the note there, nowhere else: not by a
        // file name, a title, a stem or an alias in another folder.
        for name in ["./Idea.md", "./Idea", "./A good idea", "./Spark"] {
            #expect(looked(name, vault).contains("no note named"), "\(name)")
        }
    }

    @Test("a file name that is also another note's title or stem is ambiguous, never a guess")
    func fileNameAlsoATitle() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/Idea.md", "# Idea\n")
        try folder.write("inbox/About.md", "# Idea.md\nabout the file\n")
        try folder.write("pages/Plan.md", "# Plan\n")
        try folder.write("pages/Plan.md.md", "# Another\n")
        let vault = try Vault(root: folder.path)
        #expect(looked("Idea.md", vault).contains("names 2 notes: inbox/About.md, pages/Idea.md"))
        #expect(looked("Plan.md", vault).contains("names 2 notes: pages/Plan.md, pages/Plan.md.md"))
        // Without its extension, the title wins as before.
        #expect(try vault.note(named: "Idea").path == "pages/Idea.md")
    }

    @Test("an absolute path inside the vault names its note, through the folder as given or its real path; one outside names none")
    func absolutePaths() throws {
        let folder = try Self.makeFolder()
        let vault = try Vault(root: folder.path)
        #expect(try vault.note(named: folder.path + "/pages/Idea.md").path == "pages/Idea.md")
        #expect(try vault.note(named: folder.path + "/pages/Idea").path == "pages/Idea.md")
        #expect(looked(folder.path + "-elsewhere/pages/Idea.md", vault).contains("no note named"))
        #expect(symlink(folder.path, folder.path + "-through") == 0)
        defer { unlink(folder.path + "-through") }
        let through = try Vault(root: folder.path + "-through")
        #expect(try through.note(named: folder.path + "/pages/Other.md").path == "pages/Other.md")
        #expect(try through.note(named: folder.path + "-through/pages/Other.md").path == "pages/Other.md")
    }

    @Test("in a Logseq graph an org page is named by its file name too")
    func orgFileName() throws {
        let folder = TemporaryFolder()
        try folder.write("logseq/config.edn", "{}\n")
        try folder.write("pages/faq.org", "* Questions\n")
        try folder.write("pages/b.md", "- a block\n")
        let vault = try Vault(root: folder.path)
        #expect(try vault.note(named: "faq.org").path == "pages/faq.org")
        #expect(try vault.note(named: "b.md").path == "pages/b.md")
    }

    @Test("of two notes whose paths differ only in Unicode form, each path names its own, for a lookup and a move")
    func unicodeTwins() throws {
        let folder = TemporaryFolder()
        let (composed, decomposed) = ("pages/Caf\u{E9}.md", "pages/Cafe\u{301}.md")
        try folder.write(composed, "# composed\n")
        try folder.write(decomposed, "# decomposed\n")
        let vault = try Vault(root: folder.path)
        let notes = try vault.scan(detail: .summary).notes
        for path in [composed, decomposed] {
            let found = try NoteLookup(notes: notes, in: vault).note(named: path)
            #expect(Array(found.path.utf8) == Array(path.utf8))
        }
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planMove(decomposed, to: "inbox/"), summary: "move")
        #expect(try folder.read("inbox/Cafe\u{301}.md") == Array("# decomposed\n".utf8))
        #expect(try folder.read(composed) == Array("# composed\n".utf8))
    }
}
