import VaultSystem

/// The memo of the walk's folder listings (see `FolderListingMemo`), kept beside the cache file.
extension FactsCache {
    /// How long before its listing a folder's last change must be, at least, for the memo to
    /// keep the listing: a few ticks of the kernel's clock, which stamps a folder's times,
    /// whatever window the notes are given (a test that trusts every note still adds names
    /// within a tick of a listing).
    static let folderRacyFloor: Int64 = 50_000_000

    /// The key of the vault's folder memo for a walk by these rules (see `FolderListingMemo.key`);
    /// nil when the vault's folders are not stamped by this machine's clock or may keep their
    /// times through a change (an overlay), or the memo could not be written, and no listing
    /// is kept.
    func folderMemoKey(layout: VaultLayout, org: Bool, iCloud: Bool) -> UInt64? {
        // A build that cannot tell which it is writes no memo (see `CacheFileFormat.program`).
        guard listingDevice != nil, CacheFileFormat.program != 0 else { return nil }
        return FolderListingMemo.key(location: location, layout: layout, org: org, iCloud: iCloud)
    }

    /// The folder memo of `key` when there is a sound one.
    func readFolderMemo(key: UInt64) -> FolderListingMemo? {
        FolderListingMemo.read(location.foldersFile, key: key, fileSystem: fileSystem)
    }

    /// Writes the folder memo whole.
    func saveFolderMemo(_ entries: [PathBytes: FolderListingMemo.Entry], key: UInt64) {
        FolderListingMemo.save(entries, key: key, to: location.foldersFile, folder: location.folder, fileSystem: fileSystem)
    }

    /// True when the listing of a folder of `status`, begun at `listedAt`, may be kept: the
    /// folder is on the vault's own disk, and its last change is older than a change in the
    /// same tick as the listing could be, which would leave its times as they were.
    func keepsListing(of status: FileStatus, listedAt: Int64) -> Bool {
        guard let listingDevice, status.device == listingDevice else { return false }
        let window = max(racyWindow(for: status), Self.folderRacyFloor)
        return max(status.modifiedNanoseconds, status.changedNanoseconds) < listedAt - window
    }
}
