import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// The git work tree a vault lives in (DESIGN.md 8: git is a sync tool too), found as git
/// finds it: the nearest folder from the vault upwards that holds `.git`, a folder or a file
/// `gitdir: PATH` (a linked work tree or a submodule).
public struct GitWorkTree: Sendable, Equatable {
    /// The top folder of the work tree.
    public var folder: String
    /// The git folder that holds this work tree's state (`HEAD`, `MERGE_HEAD`, …).
    public var gitFolder: String

    /// The work tree holding `path`, or nil when there is none: no `.git` above it, or one
    /// that does not lead to a git folder (a `gitdir:` that points nowhere). A bare repository
    /// has no work tree, so a vault inside one is not in a git work tree either.
    public static func containing(_ path: String, fileSystem: any FileSystem) -> GitWorkTree? {
        var folder = path
        while true {
            let dotGit = (folder == "/" ? "" : folder) + "/.git"
            if let status = (try? fileSystem.status(dotGit)) ?? nil {
                // The nearest `.git` decides, as for git: one that leads nowhere is not skipped.
                guard let gitFolder = status.kind == .directory ? dotGit : linkedFolder(dotGit, in: folder, fileSystem: fileSystem),
                    isGitFolder(gitFolder, fileSystem: fileSystem)
                else { return nil }
                return GitWorkTree(folder: folder, gitFolder: gitFolder)
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// The folder a `.git` file (`gitdir: PATH`) names, relative to the folder holding it.
    private static func linkedFolder(_ file: String, in folder: String, fileSystem: any FileSystem) -> String? {
        guard let bytes = try? fileSystem.readFile(file), bytes.count < 4096 else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
        guard text.hasPrefix("gitdir:") else { return nil }
        let target = text.dropFirst("gitdir:".count).trimmingSpaces()
        guard !target.isEmpty else { return nil }
        return target.hasPrefix("/") ? target : Vault.absolute(target, from: folder)
    }

    private static func isGitFolder(_ path: String, fileSystem: any FileSystem) -> Bool {
        (try? fileSystem.status(path))??.kind == .directory && fileSystem.exists(path + "/HEAD")
    }

    /// What git is in the middle of in this work tree, and the state file that says so
    /// (relative to the work tree), or nil when it is not in the middle of anything.
    public func operationInProgress(fileSystem: any FileSystem) -> (operation: GitOperation, stateFile: String)? {
        let states: [(String, GitOperation)] = [
            ("MERGE_HEAD", .merge), ("rebase-merge", .rebase), ("rebase-apply", .rebase), ("CHERRY_PICK_HEAD", .cherryPick),
            ("REVERT_HEAD", .revert),
        ]
        for (name, operation) in states where fileSystem.exists(gitFolder + "/" + name) {
            // `git am` keeps its state in rebase-apply/ too, and says so there.
            let kind = name == "rebase-apply" && fileSystem.exists(gitFolder + "/rebase-apply/applying") ? GitOperation.am : operation
            return (kind, shown(gitFolder + "/" + name))
        }
        return nil
    }

    /// A path as a person in the work tree would name it.
    private func shown(_ path: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }
}

extension Vault {
    /// The git work tree the vault is in, if any.
    public var gitWorkTree: GitWorkTree? { GitWorkTree.containing(root, fileSystem: fileSystem) }

    /// Refuses a change to several notes while git is in the middle of a merge, rebase,
    /// cherry-pick or revert in the vault's repository (DESIGN.md 8): the change would be
    /// mixed into what git commits next, and links rewritten in a half-merged note would be
    /// lost when the conflict is settled. A change to one note is not refused.
    ///
    /// - Throws: `VaultError.gitOperationInProgress`.
    public func refuseDuringGitOperation() throws {
        guard let workTree = gitWorkTree, let (operation, stateFile) = workTree.operationInProgress(fileSystem: fileSystem) else { return }
        throw VaultError.gitOperationInProgress(operation: operation, stateFile: stateFile)
    }
}
