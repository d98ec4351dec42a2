internal import CSystem

extension LocalFileSystem {
    /// The kinds of file system (`statfs`'s `f_type`) that keep a file's times on this machine's
    /// disk, stamped by this kernel's clock: ext2 to ext4, XFS, Btrfs, tmpfs, F2FS, ZFS,
    /// bcachefs, JFS, ReiserFS, and an overlay of them. A network or FUSE mount, or a folder
    /// shared into a virtual machine, takes its times from another machine's clock, which may
    /// run behind this one's; FAT and exFAT keep coarse times in local time.
    ///
    /// A list, not a set: ten numbers are searched as fast, and a set of them costs every run a
    /// search of the program's conformances when it is first made.
    static let localClockKinds: [Int64] = [
        0xEF53, 0x5846_5342, 0x9123_683E, 0x0102_1994, 0xF2F5_2010, 0x2FC1_2FC1,
        0xCA45_1A4E, 0x3153_464A, 0x5265_4973, 0x794C_7630,
    ]

    /// The magic number of an overlay: a folder present in both its layers shows the upper
    /// one's times, which a name added to the lower one while it is not mounted leaves as they were.
    static let overlayKind: Int64 = 0x794C_7630

    public func stampsWithThisClock(_ path: String) -> Bool {
        kind(of: path).map(Self.localClockKinds.contains) ?? false
    }

    public func foldersChangeWithTheirNames(_ path: String) -> Bool {
        kind(of: path).map { $0 != Self.overlayKind && Self.localClockKinds.contains($0) } ?? false
    }

    /// The kind of the file system holding `path` (`statfs`'s `f_type`), nil when it cannot be told.
    private func kind(of path: String) -> Int64? {
        var kind: Int64 = 0
        guard vault_filesystem_kind(path, &kind) == 0 else { return nil }
        // Some magic numbers have their high bit set, which a signed field gives negative.
        return kind & 0xFFFF_FFFF
    }
}
