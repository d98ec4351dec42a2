import Testing
@testable import VaultKit
@testable import VaultSystem

/// The crash the tests simulate: the process ends before a step.
private struct Crash: Error {}

/// A tag renamed across a vault: one plan, applied by the executor.
@Suite("Renaming a tag across the vault")
struct TagRenamerTests {
    static let files = [
        "pages/A.md": "---\ntags: [old]\n---\n# A\n#old/x here\n",
        "pages/B.md": "# B\n\nsee #Old and `#old`\n",
        "pages/C.md": "# C\n\n#older only\n",
        "trash/D.md": "#old in the trash\n",
    ]

    @Test("a note not downloaded or not UTF-8 stops the rename, unless it is skipped with a warning")
    func unavailableNotesStop() throws {
        var files = Self.files
        files["pages/.Gone.md.icloud"] = "placeholder"
        let (folder, vault) = try TemporaryFolder.vault(files)
        try folder.write("pages/Latin.md", bytes: Array("#old caf".utf8) + [0xE9] + Array("\n".utf8))
        #expect(throws: VaultError.tagsUnavailable(paths: ["pages/Gone.md", "pages/Latin.md"])) {
            try TagRenamer(vault: vault).plan(TagRename("old", to: "new"))
        }
        let plan = try TagRenamer(vault: vault, skipUnavailable: true).plan(TagRename("old", to: "new"))
        #expect(plan.edits.map(\.path) == ["pages/A.md", "pages/B.md", "trash/D.md"])
        #expect(Set(plan.skipped.map(\.path)) == ["pages/Gone.md", "pages/Latin.md"])
    }

    @Test("every note with the tag is rewritten in one journaled plan; others are not read into it")
    func plansEveryNote() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.files)
        let plan = try TagRenamer(vault: vault).plan(TagRename("old", to: "new"))
        #expect(plan.edits.map(\.path) == ["pages/A.md", "pages/B.md", "trash/D.md"])
        #expect(plan.tagCount == 4 && !plan.merges)
        #expect(plan.changePlan.isJournaled)
        let outcome = try plan.apply(with: ChangeExecutor(vault: vault))
        #expect(outcome.done.map(\.path) == plan.edits.map(\.path) && outcome.tagCount == 4)
        #expect(outcome.report.rewritten == 3 && outcome.report.conflicts.isEmpty)
        #expect(try folder.text("pages/A.md") == "---\ntags: [new]\n---\n# A\n#new/x here\n")
        #expect(try folder.text("pages/B.md") == "# B\n\nsee #new and `#old`\n")
        #expect(try folder.text("pages/C.md") == "# C\n\n#older only\n")
        #expect(try folder.text("trash/D.md") == "#new in the trash\n")
    }

    @Test("a tag that no note has, or only code has, is an error that says which")
    func notFound() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/A.md": "`#gone` and\n```\n#gone\n```\n", "pages/B.md": "#here\n"])
        #expect(throws: VaultError.tagNotFound(tag: "gone", inCode: ["pages/A.md"])) {
            try TagRenamer(vault: vault).plan(TagRename("gone", to: "x"))
        }
        #expect(throws: VaultError.tagNotFound(tag: "nowhere", inCode: [])) {
            try TagRenamer(vault: vault).plan(TagRename("nowhere", to: "x"))
        }
        withExtendedLifetime(folder) {}
    }

    @Test("renaming onto a tag that exists is a merge")
    func merge() throws {
        let (folder, vault) = try TemporaryFolder.vault(["pages/A.md": "#old\n", "pages/B.md": "#new\n"])
        #expect(try TagRenamer(vault: vault).plan(TagRename("old", to: "new")).merges)
        // Another spelling of the same tag is no merge, and every spelling takes it.
        let respelled = try TagRenamer(vault: vault).plan(TagRename("old", to: "Old"))
        #expect(!respelled.merges)
        #expect(try respelled.edits.map { try newText($0, vault) } == ["#Old\n"])
        withExtendedLifetime(folder) {}
    }

    @Test("a note changed after the plan was made is refused, and nothing is written")
    func changedElsewhere() throws {
        let (folder, vault) = try TemporaryFolder.vault(Self.files)
        let plan = try TagRenamer(vault: vault).plan(TagRename("old", to: "new"))
        try folder.write("pages/B.md", "# B\n\nedited #old\n")
        #expect(throws: FileError.self) { try ChangeExecutor(vault: vault).apply(plan.changePlan) }
        #expect(try folder.text("pages/A.md") == Self.files["pages/A.md"])
        #expect(try folder.text("pages/B.md") == "# B\n\nedited #old\n")
    }

    @Test("a rename killed at any step is finished by the next run")
    func killedAtEveryStep() throws {
        let (probeFolder, probe) = try TemporaryFolder.vault(Self.files)
        var steps: [String] = []
        _ = try ChangeExecutor(vault: probe) { steps.append($0) }.apply(try TagRenamer(vault: probe).plan(TagRename("old", to: "new")).changePlan)
        #expect(steps.count > 3)
        withExtendedLifetime(probeFolder) {}
        for step in steps {
            let (folder, vault) = try TemporaryFolder.vault(Self.files)
            let plan = try TagRenamer(vault: vault).plan(TagRename("old", to: "new"))
            _ = try? ChangeExecutor(vault: vault) { if $0 == step { throw Crash() } }.apply(plan.changePlan)
            // Waiting for the lock: a program another test starts at this moment holds a copy of
            // the lock's descriptor until it has started, and a recovery that does not wait passes over the journal.
            #expect(vault.recoverInterruptedChanges(waiting: true).problem == nil, "at \(step)")
            let a = try folder.text("pages/A.md")
            let b = try folder.text("pages/B.md")
            if step == "journal" {
                #expect(a == Self.files["pages/A.md"] && b == Self.files["pages/B.md"], "at \(step)")
            } else {
                #expect(a.contains("#new/x") && b.contains("#new and"), "at \(step)")
            }
            #expect(ChangeExecutor(vault: vault).pendingJournals().isEmpty, "at \(step)")
        }
    }
}

/// A tag rename in a Logseq graph, where a tag names a page.
@Suite("Renaming a tag in a Logseq graph")
struct LogseqTagRenameTests {
    @Test("the tags:: property and inline tags are renamed, and the page of the old tag is named, not renamed")
    func namesThePage() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            "logseq/config.edn": "{:file/name-format :triple-lowbar}\n",
            "pages/garden.md": "- the page of the tag\n",
            "pages/Beds.md": "tags:: garden, [[other]]\n\n- TODO seeds #garden\n",
        ])
        let plan = try TagRenamer(vault: vault).plan(TagRename("garden", to: "yard"))
        #expect(try plan.edits.map { try newText($0, vault) } == ["tags:: yard, [[other]]\n\n- TODO seeds #yard\n"])
        #expect(plan.skipped.map(\.path) == ["pages/garden.md"])
        withExtendedLifetime(folder) {}
    }
}

/// The text an edit of a tag rename plan makes of its note as it is on disk.
private func newText(_ edit: TagRenamePlan.Edit, _ vault: Vault) throws -> String? {
    try edit.patch.applied(to: vault.fileSystem.readFile(vault.absolutePath(edit.path))).map { String(decoding: $0, as: UTF8.self) }
}
