import VaultSystem

/// The listing of one folder of a walk, from the folder itself or from the cache's memo.
extension VaultScanner {
    /// What the listing of one folder found, before the folders in it are listed.
    struct FolderListing: Sendable {
        var found: [Found] = []
        var conflicts: [(path: String, match: ConflictCopies.Match)] = []
        var warnings: [VaultWarning] = []
        var assets: [String] = []
        var temporaryFiles: [String] = []
        var skipped: [VaultWarning] = []
        var unlisted: [VaultWarning] = []
        /// The folders in it, in name order, with their statuses when known.
        var folders: [(path: String, status: FileStatus?)] = []
        /// Why the folder could not be listed, when it could not.
        var unreadable: String?
        /// What the folder memo keeps of this listing (see `FolderListingMemo`); nil when
        /// the folder is to be listed again next time.
        var kept: FolderListingMemo.Entry?
        /// True when it was taken from the memo, not listed.
        var remembered = false
        /// False once a symlink was met: its target may change while the folder does not.
        var followsNoLink = true

        /// True when the memo may keep this listing: it holds only notes, files and folders.
        var isPlain: Bool {
            followsNoLink && unreadable == nil && conflicts.isEmpty && warnings.isEmpty && skipped.isEmpty && unlisted.isEmpty
                && found.allSatisfy { $0.placeholderFile == nil && !$0.undecodable }
        }
    }

    /// The folder memo a walk reads, and the key it keeps new listings under (nil: none kept).
    struct FolderMemoUse: Sendable {
        var memo: FolderListingMemo?
        var key: UInt64?
        var keeps: Bool { key != nil }
    }

    /// The folder memo of this walk, when the cache keeps one for this vault.
    func folderMemo() -> FolderMemoUse {
        guard let cache, let key = cache.folderMemoKey(layout: layout, org: dialect.isLogseq, iCloud: iCloud) else { return FolderMemoUse() }
        return FolderMemoUse(memo: cache.readFolderMemo(key: key), key: key)
    }

    /// Writes the memo again when a folder was listed and kept with an entry the memo does not
    /// hold, or when it holds a folder a walk of the whole vault did not find; else leaves it be.
    func keepListings(_ listings: [PathBytes: FolderListing], _ use: FolderMemoUse, whole: Bool) {
        guard let cache, let key = use.key else { return }
        let before = use.memo?.entries ?? [:]
        var changed = whole && before.keys.contains { listings[$0] == nil }
        // A folder listed but not kept (changed a moment ago, or no longer plain) leaves its
        // old entry, whose stamp no status will match again, to the next write: dropping it
        // alone would write the whole memo, and the next walk would write it again.
        for (path, listing) in listings where !changed && !listing.remembered && listing.kept != nil {
            changed = before[path] != listing.kept
        }
        guard changed else { return }
        var entries = whole ? [:] : before
        for (path, listing) in listings { entries[path] = listing.kept }
        cache.saveFolderMemo(entries, key: key)
    }

    /// What the folder at `relative` (empty for the vault's own), of `status`, holds: as the
    /// memo remembers it when the folder has not changed since, else as listed now.
    func list(_ relative: String, status: FileStatus?, realRoot: String?, memo: FolderMemoUse) -> FolderListing {
        let absolute = relative.isEmpty ? root : root + "/" + relative
        let folderKind = relative.isEmpty ? FolderKind.other : layout.kind(of: relative + "/")
        if let status, let (listed, entry) = memo.memo?.listed(relative, status: status),
            let folders = subfolders(listed.folders)
        {
            var listing = FolderListing()
            listing.found = listed.notes.map { Found(path: $0, placeholderFile: nil, kind: folderKind) }
            listing.assets = listed.assets
            listing.temporaryFiles = listed.temporaryFiles
            listing.folders = folders
            listing.kept = entry
            listing.remembered = true
            return listing
        }
        // Before the folder is read: a name added after this moment must change its times.
        let listedAt = memo.keeps ? cache?.now() : nil
        var listing = list(relative, absolute: absolute, folderKind: folderKind, realRoot: realRoot)
        if let listedAt, let status, let cache, listing.isPlain, cache.keepsListing(of: status, listedAt: listedAt) {
            listing.kept = FolderListingMemo.entry(
                status: status, prefix: relative.isEmpty ? 0 : relative.utf8.count + 1, notes: listing.found.lazy.map(\.path),
                assets: listing.assets, temporaryFiles: listing.temporaryFiles, folders: listing.folders.lazy.map(\.path))
        }
        return listing
    }

    /// The statuses of the folders at `paths`, named by the memo; nil when one is no longer a
    /// folder (a symlink put in its place since the parent's status was taken), for the
    /// folder to be listed afresh, as a listing never follows a folder link.
    private func subfolders(_ paths: [String]) -> [(path: String, status: FileStatus?)]? {
        var folders: [(path: String, status: FileStatus?)] = []
        folders.reserveCapacity(paths.count)
        for path in paths {
            let status = (try? fileSystem.linkStatus(root + "/" + path)) ?? nil
            if let status, status.kind != .directory { return nil }
            folders.append((path, status))
        }
        return folders
    }

    /// What the folder at `relative` holds, as listed now.
    private func list(_ relative: String, absolute: String, folderKind: FolderKind, realRoot: String?) -> FolderListing {
        var listing = FolderListing()
        let entries: [DirectoryEntry]
        do {
            entries = try fileSystem.entries(absolute)
        } catch {
            let reason = (error as? SystemError)?.reason ?? "\(error)"
            listing.unreadable = reason
            listing.unlisted.append(VaultWarning(path: relative, message: "folder skipped: \(reason)"))
            return listing
        }
        // Asked only of names that may be a placeholder or a conflict copy.
        lazy var names = Set(entries.map(\.name))
        let org = dialect.isLogseq
        for entry in NameOrder.sorted(entries) {
            let name = entry.name
            let path = String(path: relative, name)
            if SyncArtifacts.isIgnored(name) {
                if entry.kind == .file && SafeWriter.isTemporaryName(name) { listing.temporaryFiles.append(path) }
                continue
            }
            if !entry.nameIsUTF8 {
                if entry.kind == .directory {
                    listing.unlisted.append(VaultWarning(path: path, message: "folder skipped: its name is not valid UTF-8 (shown with \\x escapes)"))
                } else if NoteFiles.isNoteName(name, org: org) {
                    listing.found.append(Found(path: path, placeholderFile: nil, undecodable: true, kind: folderKind))
                } else {
                    listing.skipped.append(VaultWarning(path: path, message: "a file whose name is not valid UTF-8 (shown with \\x escapes); skipped"))
                }
                continue
            }
            var kind = entry.kind
            var folderStatus: FileStatus?
            if kind == .symlink {
                listing.followsNoLink = false
                guard let target = try? fileSystem.status(absolute + "/" + name) else {
                    listing.skipped.append(VaultWarning(path: path, message: "a symlink to nothing; skipped"))
                    continue
                }
                // A link out of the vault would let a shared or synced vault show or rewrite
                // any file of this machine (`note.md -> ~/.ssh/config`, `notes -> ~`).
                let resolved = fileSystem.resolvedPath(absolute + "/" + name)
                if !isInside(resolved, base: realRoot) {
                    let what = target.kind == .directory ? "folder" : "file"
                    listing.skipped.append(VaultWarning(path: path, message: "a symlink to a \(what) outside the vault; skipped"))
                    continue
                }
                // A folder link inside the vault would list notes twice, or under a second
                // path (a link in trash/ to a live folder would have them emptied with it).
                if target.kind == .directory {
                    // No folder link is followed, so the folder walked is a real path.
                    let here = (realRoot ?? root) + (relative.isEmpty ? "" : "/" + relative) + "/"
                    let loop = resolved.map { here.hasPrefix($0 + "/") } ?? false
                    listing.skipped.append(
                        VaultWarning(
                            path: path,
                            message: loop ? "a symlink loop; skipped" : "a symlink to a folder of the vault; skipped, its notes are listed where they are"))
                    continue
                }
                kind = target.kind
            } else if kind == .directory {
                folderStatus = (try? fileSystem.status(absolute + "/" + name)) ?? nil
            }
            if kind == .directory {
                if NoteFiles.isNoteName(name, org: org) {
                    listing.warnings.append(VaultWarning(path: path, message: "a folder named like a note; its notes are listed, it is not read as one"))
                }
                listing.folders.append((path, folderStatus))
            } else if kind != .file && NoteFiles.isNoteName(name, org: org) {
                // A fifo would hang the read, a device may act on it: only regular files are read.
                listing.skipped.append(VaultWarning(path: path, message: "\(fileKindName(absolute + "/" + name)), not a regular file; skipped"))
            } else if let noteName = Placeholders.noteName(forPlaceholder: name) {
                if !names.contains(noteName) {
                    listing.found.append(
                        Found(path: String(path: relative, noteName), placeholderFile: path, kind: folderKind))
                }
            } else if NoteFiles.isNoteName(name, org: org) {
                // A copy set aside in the trash is a trashed note, so that `vault restore` finds it.
                if folderKind != .trash, ConflictCopies.mayBeCopy(name, iCloud: iCloud),
                    let match = ConflictCopies.match(name, siblings: names, iCloud: iCloud)
                {
                    listing.conflicts.append((path, match))
                } else {
                    listing.found.append(Found(path: path, placeholderFile: nil, kind: folderKind))
                }
            } else if kind == .file {
                listing.assets.append(path)
            }
        }
        return listing
    }

    /// True for a resolved path inside `base`, the vault folder resolved (it may be reached
    /// through a symlink).
    private func isInside(_ resolved: String?, base: String?) -> Bool {
        guard let resolved, let base else { return false }
        return resolved.hasPrefix(base == "/" ? "/" : base + "/")
    }
}
