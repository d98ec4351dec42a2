import FoundationEssentials
import VaultSystem

/// The walk of a vault's folders: every folder of a depth listed in parallel, then the notes'
/// statuses taken in parallel, before any note is read.
extension VaultScanner {
    func walk() throws -> Walk {
        guard let rootStatus = try? fileSystem.status(root), rootStatus.kind == .directory else {
            throw VaultError.vaultFolderMissing(path: root)
        }
        // Folders are listed a depth at a time, each depth's across the cores (a walk listed
        // them one by one, half of a warm listing's time at 100,000 notes); what they found
        // is then taken in the order a depth-first walk met it, so nothing printed moves.
        let realRoot = fileSystem.resolvedPath(root)
        var visited: Set<[UInt64]> = [[rootStatus.device, rootStatus.inode]]
        // By bytes: an NFC and an NFD folder name are one `String` and two folders.
        var listings: [PathBytes: FolderListing] = [:]
        var depth: [(path: String, status: FileStatus?)] = [("", rootStatus)]
        // True once a folder was left unlisted because no note in it can be selected: the
        // walk then does not tell the cache which notes the vault holds.
        var partial = false
        let memo = folderMemo()
        while !depth.isEmpty {
            let folders = depth
            let listed = ParallelMap.map(folders.count, minimumPerWorker: 1) {
                list(folders[$0].path, status: folders[$0].status, realRoot: realRoot, memo: memo)
            }
            depth = []
            for (folder, var listing) in zip(folders, listed) {
                if folder.path.isEmpty, let reason = listing.unreadable { throw VaultError.vaultUnreadable(path: root, reason: reason) }
                // A folder met twice (a bind mount inside the vault) is listed once.
                listing.folders.removeAll { entry in entry.status.map { !visited.insert([$0.device, $0.inode]).inserted } ?? false }
                let wanted = listing.folders.filter { selecting?.mayHold(folder: $0.path) ?? true }
                if wanted.count < listing.folders.count { partial = true }
                depth += wanted
                listings[PathBytes(folder.path)] = listing
            }
        }
        keepListings(listings, memo, whole: !partial)
        var walk = Walk(found: [], conflicts: [], warnings: [], assets: [], temporaryFiles: [], skipped: [], unlisted: [])
        walk.found.reserveCapacity(listings.values.reduce(0) { $0 + $1.found.count })
        // The notes of each folder, to be checked against the cache once every folder is listed.
        var toCheck: [FolderNotes] = []
        // The notes are taken in path order, depth first, each folder's notes and folders
        // in turn as their paths sort (a folder's as its path and a slash): the sort after
        // then finds them in order in one pass. Taken a folder's notes at a time, they came
        // in as many runs to merge as there are folders: the sort was an eighth of a warm
        // listing.
        //
        // Each folder's notes are moved out of its listing, not copied: reversed in place, and
        // taken from the end. A copy took each path, made by another core, and its listing
        // let go of it again, 100,000 times on the one thread the walk waited for.
        func takeNotes(of folder: String) -> [Found] {
            guard var notes = listings[PathBytes(folder)]?.found, !notes.isEmpty else { return [] }
            listings[PathBytes(folder)]?.found = []
            notes.reverseByMoving()
            return notes
        }
        var pending = [(folder: "", notes: takeNotes(of: ""), child: 0)]
        while var place = pending.popLast() {
            guard let listing = listings[PathBytes(place.folder)] else { continue }
            let first = walk.found.count
            let next = place.child < listing.folders.count ? listing.folders[place.child].path + "/" : nil
            while !place.notes.isEmpty, next.map({ next in place.notes.withUnsafeBufferPointer { $0[$0.count - 1].path < next } }) ?? true {
                walk.found.append(place.notes.removeLast())
            }
            if cache != nil && walk.found.count > first {
                let folder = place.folder.isEmpty ? root : root + "/" + place.folder
                // Notes that will not be read need no status: of a listing of one folder,
                // only that folder's notes are looked at. With no selection, none is asked
                // about (a copy of each note to ask took its path on this one thread).
                var start = first
                if selecting == nil {
                    toCheck += FolderNotes.parts(folder: folder, relative: place.folder, from: first, to: walk.found.count)
                    start = walk.found.count
                }
                while start < walk.found.count {
                    guard selects(walk.found[start]) else {
                        start += 1
                        continue
                    }
                    var end = start + 1
                    while end < walk.found.count && selects(walk.found[end]) { end += 1 }
                    toCheck += FolderNotes.parts(folder: folder, relative: place.folder, from: start, to: end)
                    start = end
                }
            }
            guard next != nil else { continue }
            pending.append((place.folder, place.notes, place.child + 1))
            let child = listing.folders[place.child].path
            pending.append((child, takeNotes(of: child), 0))
        }
        gatherRest(of: listings, into: &walk)
        checkStatuses(of: &walk.found, toCheck)
        // Read in path order, the notes come out sorted. Paths that are one text in Unicode
        // but two files (NFC and NFD names) are ordered by their bytes, whatever order the
        // walk met them in. The walk took them in order but for such pairs, so the order is
        // checked first: a sort of a sorted array copies every element in and out of place.
        if !Self.inPathOrder(walk.found) { walk.found.sort { a, b in NameOrder.precedes(a.path, b.path) } }
        if partial {
            cache?.notePartialWalk()
        } else {
            cache?.noteWalk(walk.found.lazy.filter { !$0.undecodable }.map(\.path))
        }
        // The listings and the arrays grown to gather them were freed among what the walk
        // keeps, and the allocator would keep them: given back, they were a fifth of the
        // resident memory of a `list --json` at 100,000 notes. A small walk is left alone.
        if walk.found.count >= 1_000 { FreedMemory.giveBack() }
        return walk
    }

    /// True when each path of `found` sorts before the next; checked in parts across the
    /// cores, since nothing else runs while the walk is gathered.
    private static func inPathOrder(_ found: [Found]) -> Bool {
        let part = 4_096
        let parts = (found.count + part - 1) / part
        return ParallelMap.map(parts, minimumPerWorker: 2) { index in
            (index * part + 1..<min(found.count, (index + 1) * part + 1)).allSatisfy { NameOrder.precedes(found[$0 - 1].path, found[$0].path) }
        }.allSatisfy { $0 }
    }

    /// Takes in all that the listings found but notes, in the order a depth-first walk met
    /// it (the last folder in name order first), so that nothing printed moves.
    private func gatherRest(of listings: [PathBytes: FolderListing], into walk: inout Walk) {
        var skipped: [VaultWarning] = []
        var pending = [""]
        while let folder = pending.popLast() {
            guard let listing = listings[PathBytes(folder)] else { continue }
            if !folder.isEmpty { walk.folders.append(folder) }
            walk.conflicts += listing.conflicts
            walk.warnings += listing.warnings
            walk.assets += listing.assets
            walk.temporaryFiles += listing.temporaryFiles
            skipped += listing.skipped
            walk.unlisted += listing.unlisted
            pending += listing.folders.map(\.path)
        }
        walk.skipped = walk.unlisted + skipped
        walk.warnings += walk.skipped
    }

    /// Notes of one folder, at most `FolderNotes.limit` of them, whose statuses are taken
    /// together through one descriptor of the folder.
    struct FolderNotes: Sendable {
        static let limit = 512
        var folder: String
        /// The first note's place in the walk, and how many follow it.
        var first: Int
        var count: Int
        /// How many bytes of each note's path name its folder (and the slash after it).
        var prefix: Int

        /// The notes found in `folder` (`relative` to the vault's) from index `first` up to
        /// `end`, cut so that a folder of many notes is checked by every core.
        static func parts(folder: String, relative: String, from first: Int, to end: Int) -> [FolderNotes] {
            let prefix = relative.isEmpty ? 0 : relative.utf8.count + 1
            return stride(from: first, to: end, by: limit).map { start in
                FolderNotes(folder: folder, first: start, count: min(limit, end - start), prefix: prefix)
            }
        }
    }

    /// True for a note that `stream` will read (see `selecting`).
    func selects(_ item: Found) -> Bool {
        selecting?.selects(item.path, item.kind) ?? true
    }

    /// Takes the status of every note listed, in parallel: one `stat` a note is most of a warm
    /// walk, and the listing of the folders needed none of them.
    private func checkStatuses(of found: inout [Found], _ parts: [FolderNotes]) {
        let fileSystem = fileSystem
        // Each part names its notes by their paths' ends, read on the worker that takes them.
        let paths = found.map(\.path)
        let statuses = ParallelMap.map(parts.count, minimumPerWorker: 4) { index in
            let part = parts[index]
            return fileSystem.statuses(in: part.folder, paths: paths[part.first..<part.first + part.count], prefix: part.prefix)
        }
        for (part, statuses) in zip(parts, statuses) {
            for (offset, status) in statuses.enumerated() where found[part.first + offset].placeholderFile == nil {
                found[part.first + offset].status = status
            }
        }
    }
}
