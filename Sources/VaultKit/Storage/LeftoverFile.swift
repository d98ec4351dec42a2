import Foundation

/// A temporary file an interrupted `vault` write left behind (`.~<name>.<random>.tmp`), and
/// what it is to the file it was meant to become.
public struct LeftoverFile: Sendable, Equatable, Codable {
    /// What the leftover holds, which decides whether removing it can lose anything.
    public enum State: String, Sendable, Codable {
        /// A second name of the target (a create that finished its link): nothing to lose.
        case secondName
        /// A replacement that was never renamed over its target: the target still holds what
        /// the user last saved, and the command that wrote this failed.
        case abandonedReplacement
        /// A new note whose create never finished: the only copy of its text, maybe partial.
        case unfinishedNewNote
        /// The middle name of a case-only rename: the note itself; an intent journal finishes it.
        case renameInProgress
    }

    /// The vault-relative path of the temporary file.
    public var path: String
    /// The vault-relative path it was to become.
    public var target: String
    public var state: State

    /// True when removing the file cannot lose a byte anyone saved.
    public var isDisposable: Bool { state == .secondName || state == .abandonedReplacement }

    /// Reads what a temporary file name and the file system say; nil for a name `vault`'s
    /// writer does not make.
    static func classify(_ path: String, in vault: Vault) -> LeftoverFile? {
        let (folder, name) = SafeWriter.split(path)
        guard SafeWriter.isTemporaryName(name) else { return nil }
        let inner = name.dropFirst(2).dropLast(4)
        guard let dot = inner.lastIndex(of: "."), dot > inner.startIndex else { return nil }
        let targetName = String(inner[..<dot])
        let target = folder == "." ? targetName : folder + "/" + targetName
        if inner[inner.index(after: dot)...] == "rename" {
            return LeftoverFile(path: path, target: target, state: .renameInProgress)
        }
        let fileSystem = vault.fileSystem
        guard let own = (try? fileSystem.linkStatus(vault.absolutePath(path))) ?? nil, own.kind == .file else { return nil }
        guard let kept = (try? fileSystem.linkStatus(vault.absolutePath(target))) ?? nil else {
            return LeftoverFile(path: path, target: target, state: .unfinishedNewNote)
        }
        let same = kept.inode == own.inode && kept.device == own.device
        return LeftoverFile(path: path, target: target, state: same ? .secondName : .abandonedReplacement)
    }
}

extension Vault {
    /// Every temporary file of `vault`'s own writer in the vault: those the walk saw among the
    /// notes, and those in `.zennotes/`, which the walk does not enter.
    public func leftoverFiles(_ scan: VaultScan) -> [LeftoverFile] {
        var paths = scan.temporaryFiles
        var pending = [".zennotes"]
        while let folder = pending.popLast() {
            for entry in (try? fileSystem.entries(absolutePath(folder))) ?? [] {
                let path = folder + "/" + entry.name
                if entry.kind == .directory {
                    pending.append(path)
                } else if SafeWriter.isTemporaryName(entry.name) {
                    paths.append(path)
                }
            }
        }
        return paths.sorted().compactMap { LeftoverFile.classify($0, in: self) }
    }

    /// Removes the leftovers that hold nothing anyone saved, and returns them.
    ///
    /// Only when no `vault` process is writing (the write lock is free right now: a writer's
    /// temporary file is live while it holds the lock) and no interrupted change waits in the
    /// journal. A new note's unfinished create is kept: it may be the only copy of its text.
    public func removeLeftoverFiles(_ leftovers: [LeftoverFile]) -> [LeftoverFile] {
        let disposable = leftovers.filter(\.isDisposable)
        guard !disposable.isEmpty,
            let lock = try? VaultLock(metadataFolder: metadataFolder, fileSystem: fileSystem, timeout: 0)
        else { return [] }
        defer { lock.release() }
        let journal = metadataFolder + "/" + IntentJournal.folder
        if ((try? fileSystem.entries(journal)) ?? []).contains(where: { $0.name.hasSuffix(".json") }) { return [] }
        return disposable.filter { leftover in
            // Classified again under the lock: the state may have changed since the walk.
            guard LeftoverFile.classify(leftover.path, in: self)?.isDisposable == true else { return false }
            return (try? fileSystem.removeFile(absolutePath(leftover.path))) != nil
        }
    }
}
