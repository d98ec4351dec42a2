import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("Conflict copies")
struct ConflictCopiesTests {
    private func match(_ name: String, _ siblings: [String] = [], iCloud: Bool = false) -> ConflictCopies.Match? {
        ConflictCopies.match(name, siblings: Set(siblings + [name]), iCloud: iCloud)
    }

    @Test(
        "each sync tool's pattern is recognised, with its original",
        arguments: [
            ("Note.sync-conflict-20261128-101512-ABCDEF7.md", "Note.md", ConflictCopies.Tool.syncthing),
            ("Note (Ana's conflicted copy 2026-11-27).md", "Note.md", .dropbox),
            ("Note (Ana Lima's conflicted copy 2026-11-27).md", "Note.md", .dropbox),
            ("Note (Konfliktkopie von Ana 2026-11-27).md", "Note.md", .dropbox),
            ("Note (copia en conflicto de Ana 2026-11-27 (1)).md", "Note.md", .dropbox),
            ("Note (conflicted copy 2026-11-27 101512).md", "Note.md", .nextcloud),
            ("Note-DESKTOP-1AB2C3D.md", "Note.md", .onedrive),
            ("Note.Conflict.md", "Note.md", .resilio),
        ])
    func patterns(name: String, original: String, tool: ConflictCopies.Tool) {
        #expect(match(name, [original]) == ConflictCopies.Match(originalName: original, tool: tool))
    }

    @Test("iCloud's `x 2.md` counts only in iCloud Drive and only beside `x.md`")
    func iCloudNumbering() {
        #expect(match("Note 2.md", ["Note.md"], iCloud: true) == .init(originalName: "Note.md", tool: .icloud))
        #expect(match("Note 2.md", ["Note.md"], iCloud: false) == nil)
        #expect(match("Note 2.md", [], iCloud: true) == nil)
    }

    @Test("a dated name is ruled out at first look, a machine name or a Syncthing marker is not")
    func firstLook() {
        #expect(!ConflictCopies.mayBeCopy("2026-01-02.md", iCloud: false))
        #expect(!ConflictCopies.mayBeCopy("Plan-2026.md", iCloud: false))
        #expect(ConflictCopies.mayBeCopy("Note-DESKTOP-1AB2C3D.md", iCloud: false))
        #expect(ConflictCopies.mayBeCopy("Note.sync-conflict-20261128-101512-2345672.md", iCloud: false))
        #expect(
            match("Note.sync-conflict-20261128-101512-2345672.md", ["Note.md"])
                == ConflictCopies.Match(originalName: "Note.md", tool: .syncthing))
    }

    @Test("names a person might choose are not conflict copies")
    func ordinaryNames() {
        #expect(match("Ana-Work.md", ["Ana.md"]) == nil)
        #expect(match("Meeting (planning 2026-01-02).md") == nil)
        #expect(match("Release-V2.md", []) == nil)
        // Beside the note they seem to copy, too: names `vault new` itself gives as typed.
        for name in [
            "Plan-V2.md", "Plan-API.md", "Plan-2026Q1.md", "Plan-FY2026Q1.md", "Plan-WORKPC2026.md", "Plan-DESKTOP.md", "Plan-DESKTOP-AB.md",
            "Plan (notes 2026-01-05).md", "Plan (weekly sync 2026-01-05).md",
        ] {
            #expect(match(name, ["Plan.md"]) == nil, "\(name)")
        }
        #expect(match("Plan-LAPTOP-9ZY8X7W.md", ["Plan.md"])?.tool == .onedrive)
        // The machine name is the last part: a copy of `Plan-B` is `Plan-B`'s.
        #expect(match("Plan-B-DESKTOP-1AB2C3D.md", ["Plan.md", "Plan-B.md"])?.originalName == "Plan-B.md")
        #expect(match("Chapter 2.md", ["Chapter.md"]) == nil)
        #expect(match("notes.sync-conflict-draft.md") == nil)
        #expect(match("image.sync-conflict-20261128-101512-ABCDEF7.png") == nil)
    }
}

@Suite("Placeholders and sync artifacts")
struct SyncArtifactsTests {
    @Test("an .icloud stub stands for the note it names")
    func placeholderNames() {
        #expect(Placeholders.noteName(forPlaceholder: ".Idea.md.icloud") == "Idea.md")
        #expect(Placeholders.noteName(forPlaceholder: ".photo.png.icloud") == nil)
        #expect(Placeholders.noteName(forPlaceholder: "Idea.md.icloud") == nil)
    }

    @Test("sync tools' temporary files are ignored, notes are not")
    func ignored() {
        for name in [".syncthing.a.md.tmp", "~syncthing~a.md.tmp", "a.md.!Sync", ".stversions", ".dropbox.cache", "~$a.md", "a.md.part", ".~a.md.x1.tmp", "desktop.ini", "Icon\r", "~$a.md.tmp", "~$a.part", "~$"] {
            #expect(SyncArtifacts.isIgnored(name), "\(name)")
        }
        for name in ["a.md", "~a.md", "a.partial.md", ".Idea.md.icloud", "~syncthing~a.md", "a.tmp", "Desktop.ini", "Icon", "a.!Syncc", "", "p", "~$\u{301}x.md", ".\u{301}notes", "x\u{600}.part", "d\u{600}.!Sync", "~syncthing~\u{301}d.tmp"] {
            #expect(!SyncArtifacts.isIgnored(name), "\(name)")
        }
    }
}

@Suite("Naming notes")
struct NamingTests {
    @Test("forbidden characters become dashes and white space collapses")
    func fileStem() {
        #expect(Naming.fileStem(forTitle: "  A/B: c*d?  \"e\" <f>|g\\h  ") == "A-B- c-d- -e- -f--g-h")
        #expect(Naming.fileStem(forTitle: "tab\there\nnewline") == "tab here newline")
        #expect(Naming.fileStem(forTitle: "   ") == "Untitled")
        #expect(Naming.fileStem(forTitle: ".hidden") == "hidden")
    }

    @Test("a long title is cut to 200 characters and 255 bytes with the extension")
    func length() {
        #expect(Naming.fileStem(forTitle: String(repeating: "a", count: 300)).count == 200)
        let wide = Naming.fileStem(forTitle: String(repeating: "日", count: 150))
        #expect(wide.utf8.count + 3 <= 255)
        #expect(wide.count == 84)
    }

    @Test("collisions get T 2, T 3, comparing case-insensitively")
    func collisions() {
        let taken: Set<String> = ["idea.md", "idea 2.md"]
        #expect(Naming.availableStem("Idea") { taken.contains(Naming.collisionKey($0)) } == "Idea 3")
        #expect(Naming.availableStem("Other") { taken.contains(Naming.collisionKey($0)) } == "Other")
    }

    @Test("NFD and NFC names collide")
    func normalization() {
        #expect(Naming.collisionKey("Cafe\u{301}.md") == Naming.collisionKey("Café.md"))
    }
}

@Suite("Line diffs")
struct LineDiffTests {
    @Test("a diff keeps common lines and marks removed and added ones in order")
    func diff() throws {
        let lines = try #require(LineDiff.lines(["a", "b", "c", "d"], ["a", "c", "x", "d"]))
        #expect(lines == [.same("a"), .removed("b"), .same("c"), .added("x"), .same("d")])
        #expect(LineDiff.lines(Array(repeating: "x", count: 5), ["x"], limit: 4) == nil)
        #expect(LineDiff.split(Array("one\r\ntwo\n".utf8)) == ["one", "two"])
    }
}
