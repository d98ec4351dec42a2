import Foundation
import TestSupport
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// Git as a sync tool (DESIGN.md 8): a note holding merge conflict markers is a conflict, and
/// while git is merging, changes to several notes wait.
@Suite("Git merges")
struct GitConflictTests {
    let folder = TemporaryFolder()

    static let conflicted = """
        # Errands

        <<<<<<< HEAD
        - [ ] bulbs, see [[Garden]]
        =======
        - [x] bulbs and seeds, see [[Garden]]
        >>>>>>> phone

        """

    /// A vault in a git work tree (made by hand: git's own files are all that count).
    private func vault(gitFolder: String = ".git") throws -> Vault {
        try folder.write(gitFolder + "/HEAD", "ref: refs/heads/main\n")
        try folder.write("Garden.md", "# Garden\n")
        try folder.write("Errands.md", Self.conflicted)
        try folder.write("Home.md", "[[Garden]] and [[Errands]]\n")
        return try Vault(root: folder.path)
    }

    @Test("a section counts only whole, at line starts, outside fenced code")
    func sections() {
        let sections = MergeConflict.sections(in: Array(Self.conflicted.utf8))
        #expect(sections.count == 1)
        #expect(sections.first?.line == 3)
        #expect(sections.first?.ours == MergeConflict.Side(label: "HEAD", lines: ["- [ ] bulbs, see [[Garden]]"]))
        #expect(sections.first?.theirs == MergeConflict.Side(label: "phone", lines: ["- [x] bulbs and seeds, see [[Garden]]"]))
        let diff3 = "a\r\n<<<<<<< ours\r\nx\r\n||||||| base\r\nw\r\n=======\r\ny\r\n>>>>>>> theirs\r\n"
        #expect(MergeConflict.sections(in: Array(diff3.utf8)).first?.base == MergeConflict.Side(label: "base", lines: ["w"]))
        let notConflicts = [
            "```\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n```\n",  // shown in a code block
            "~~~~ text\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n~~~~\n",
            "<<<<<<< HEAD\na\n=======\nb\n",  // never ends
            "Title\n=======\n\n>>>>>>> quoted\n",  // a heading and a quote
            "  <<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n",  // not at a line start
            "<<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n",  // eight, not git's seven
        ]
        for text in notConflicts { #expect(MergeConflict.sections(in: Array(text.utf8)).isEmpty, "\(text)") }
        let afterFence = "```\ncode\n```\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n"
        #expect(MergeConflict.sections(in: Array(afterFence.utf8)).count == 1)
    }

    @Test("the work tree is found from the vault upwards; a .git file leads to its git folder")
    func workTree() throws {
        try folder.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/repo/notes/vault", withIntermediateDirectories: true)
        let fileSystem = LocalFileSystem()
        #expect(GitWorkTree.containing(folder.path + "/repo/notes/vault", fileSystem: fileSystem)?.gitFolder == folder.path + "/repo/.git")
        // A linked work tree: `.git` is a file naming its own git folder, where its merge state is.
        try folder.write("repo/.git/worktrees/other/HEAD", "ref: refs/heads/other\n")
        try folder.write("other/.git", "gitdir: ../repo/.git/worktrees/other\n")
        let linked = try #require(GitWorkTree.containing(folder.path + "/other", fileSystem: fileSystem))
        #expect(linked.gitFolder == folder.path + "/repo/.git/worktrees/other")
        #expect(linked.operationInProgress(fileSystem: fileSystem) == nil)
        try folder.write("repo/.git/worktrees/other/MERGE_HEAD", "abc\n")
        #expect(linked.operationInProgress(fileSystem: fileSystem)?.operation == .merge)
        #expect(GitWorkTree.containing(folder.path + "/repo", fileSystem: fileSystem)?.operationInProgress(fileSystem: fileSystem) == nil)
        // A `.git` file that leads nowhere, and a bare repository: no work tree.
        try folder.write("broken/.git", "gitdir: /nowhere/at/all\n")
        #expect(GitWorkTree.containing(folder.path + "/broken", fileSystem: fileSystem) == nil)
        try folder.write("bare.git/HEAD", "ref: refs/heads/main\n")
        try folder.write("bare.git/MERGE_HEAD", "stale\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/bare.git/objects", withIntermediateDirectories: true)
        #expect(GitWorkTree.containing(folder.path + "/bare.git", fileSystem: fileSystem) == nil)
    }

    @Test(
        "each operation in progress is named by git's own state file",
        arguments: [
            ("MERGE_HEAD", GitOperation.merge), ("rebase-merge/head-name", .rebase), ("rebase-apply/next", .rebase),
            ("rebase-apply/applying", .am), ("CHERRY_PICK_HEAD", .cherryPick), ("REVERT_HEAD", .revert),
        ])
    func operations(stateFile: String, operation: GitOperation) throws {
        let vault = try vault()
        try folder.write(".git/" + stateFile, "x\n")
        let state = try #require(vault.gitWorkTree?.operationInProgress(fileSystem: vault.fileSystem))
        #expect(state.operation == operation)
        #expect(state.stateFile == ".git/" + stateFile.split(separator: "/")[0])
    }

    @Test("while git merges, changes to several notes refuse and change nothing; one note's writes go on")
    func refusals() throws {
        let vault = try vault()
        try folder.write(".git/MERGE_HEAD", "abc\n")
        try folder.write("Errands.sync-conflict-20261129-080000-ABCDEF7.md", "copy\n")
        let refused = VaultError.gitOperationInProgress(operation: .merge, stateFile: ".git/MERGE_HEAD")
        let before = try RenameMatrixTests.snapshot(folder.path)
        #expect(throws: refused) { try RenamePlanner(vault: vault).planRename("Garden.md", to: "Yard") }
        #expect(throws: refused) { try RenamePlanner(vault: vault).planMove("Garden.md", to: "places/") }
        #expect(throws: refused) { try NoteLifecycle(vault: vault).plan(.archive, "Garden.md") }
        let scan = try vault.scan(detail: .paths)
        let resolver = ConflictResolver(vault: vault)
        #expect(throws: refused) { try resolver.resolve(try resolver.copy(named: "Errands", in: scan), keep: .original, dryRun: false) }
        #expect(throws: refused) { try VaultDoctor(vault: vault).fix() }
        #expect(throws: refused) { try TrashBin(vault: vault).empty([]) }
        #expect(try RenameMatrixTests.snapshot(folder.path) == before)
        #expect(refused.description.contains("a git merge is in progress"))
        #expect(refused.hint == "finish the merge first (git commit, or git merge --abort); changes to one note at a time still work")
        _ = try NoteAuthoring(vault: vault).add("- [ ] call Ana", to: "Garden.md")
        let lifecycle = NoteLifecycle(vault: vault)
        _ = try lifecycle.apply(try lifecycle.plan(.trash, "Home.md"), action: .trash)
        #expect(try folder.read("Garden.md") == Array("# Garden\n- [ ] call Ana\n".utf8))
    }

    @Test("a rename that would rewrite a note in a merge conflict stops, as for an unreadable note")
    func renameStops() throws {
        let vault = try vault()
        let before = try RenameMatrixTests.snapshot(folder.path)
        #expect(throws: VaultError.notesInConflict(paths: ["Errands.md"])) { try RenamePlanner(vault: vault).planRename("Garden.md", to: "Yard") }
        #expect(try RenameMatrixTests.snapshot(folder.path) == before)
        let plan = try RenamePlanner(vault: vault, skipUnavailable: true).planRename("Garden.md", to: "Yard")
        #expect(plan.skipped == [VaultWarning(path: "Errands.md", message: "holds merge conflict markers; links in it are not rewritten")])
        #expect(plan.edits.map(\.path) == ["Yard.md", "Home.md"])
        // A rename that need not touch it goes on.
        #expect(try RenamePlanner(vault: vault).planRename("Home.md", to: "Start").moves.count == 1)
    }

    @Test("outside a git work tree such lines are a note's own text")
    func notInGit() throws {
        let vault = try vault()
        try FileManager.default.removeItem(atPath: folder.path + "/.git")
        #expect(vault.mergeConflicts(try vault.scan(detail: .paths)).isEmpty)
        #expect(try RenamePlanner(vault: vault).planRename("Garden.md", to: "Yard").edits.count == 3)
    }

    @Test("doctor and check report a note in a merge conflict, and the merge in progress")
    func reported() throws {
        let vault = try vault()
        try folder.write(".git/rebase-merge/head-name", "refs/heads/main\n")
        let findings = try VaultDoctor(vault: vault).examine()
        #expect(findings.map(\.kind) == [.gitOperation, .mergeConflict])
        #expect(findings.map(\.path) == [".git/rebase-merge", "Errands.md"])
        let check = VaultCheck(vault: vault, scan: try vault.scan(detail: .summary))
        #expect(check.mergeConflicts.map(\.path) == ["Errands.md"] && !check.isClean)
    }

    /// The `git` on the PATH, when there is one.
    static let git: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/git" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("a real git merge that conflicts is seen as git leaves it", .enabled(if: git != nil))
    func realMerge() throws {
        func git(_ arguments: String...) throws {
            let outcome = try ChildProcess.run(
                Self.git!,
                ["-C", folder.path, "-c", "user.name=Test", "-c", "user.email=test@example.org", "-c", "init.defaultBranch=main"] + arguments,
                environment: ["HOME": folder.path, "GIT_CONFIG_NOSYSTEM": "1", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""],
                timeout: 60)
            if outcome.timedOut { Issue.record("git \(arguments.joined(separator: " ")) did not end within 60 s") }
        }
        try git("init", "-q")
        try folder.write("Errands.md", "# Errands\n\n- [ ] bulbs\n")
        try folder.write("Garden.md", "# Garden\n")
        try git("add", "-A")
        try git("commit", "-qm", "one")
        try git("checkout", "-qb", "phone")
        try folder.write("Errands.md", "# Errands\n\n- [x] bulbs [[Garden]]\n")
        try git("commit", "-qam", "phone")
        try git("checkout", "-q", "main")
        try folder.write("Errands.md", "# Errands\n\n- [ ] bulbs and seeds [[Garden]]\n")
        try git("commit", "-qam", "laptop")
        try git("merge", "phone")
        let vault = try Vault(root: folder.path)
        let conflicts = vault.mergeConflicts(try vault.scan(detail: .paths))
        #expect(conflicts.map(\.path) == ["Errands.md"])
        #expect(conflicts.first?.sections.first?.theirs.label == "phone")
        #expect(throws: VaultError.gitOperationInProgress(operation: .merge, stateFile: ".git/MERGE_HEAD")) {
            try RenamePlanner(vault: vault).planRename("Garden.md", to: "Yard")
        }
    }
}
