import VaultSystem

/// The records of the next cache file, in the order of their paths' bytes: the stored
/// file's (already in that order) merged with a run's records read afresh, a fresh one in
/// place of a stored one. Each record is told where it comes from, not copied: a stored one
/// by its entry number, a fresh one by its place among the fresh ones.
///
/// A save at 100,000 notes held an array of records (a path, a slice of its index entry and
/// its body's place) beside one of where each body came from and one of the fresh records:
/// 22 MB, while a server still held everything its call had made. This holds four bytes a
/// record, the fresh records' places and their index entries.
struct MergedRecords: RandomAccessCollection {
    /// The file the stored records are copied from; nil when none are kept.
    let stored: CacheFile?
    /// The fresh records, in the order of their paths' bytes, each with where its index
    /// entry begins in `freshIndex`.
    private let fresh: [(path: String, slot: FreshRecords.Slot, indexStart: Int)]
    /// The fresh records' index entries, read back into one array.
    private let freshIndex: [UInt8]
    /// Each record in order: a stored entry's number, or a fresh record's with `freshFlag` set.
    private let order: [UInt32]
    /// The entries of each table this run's values begin at, which fresh records count from.
    private let freshBases: CacheFileFormat.Bases
    private static let freshFlag: UInt32 = 1 << 31

    /// Where a record's body comes from when the file is written.
    enum Body {
        case stored(CacheFileFormat.Entry)
        case fresh(FreshRecords.Slot)
    }

    /// Merges the records of `fresh` whose notes the last walk found (`walked`; every one
    /// when nil) with those of `stored` (none when nil) whose notes it found too. A fresh
    /// record whose index entry cannot be read back is left out: its note is read again
    /// next time.
    init(stored: CacheFile?, fresh records: FreshRecords, walked: WalkedPaths?) {
        self.stored = stored
        var cursor = 0
        let paths = records.paths.sorted(by: CacheFileFormat.precedes).filter { walked?.contains($0, after: &cursor) ?? true }
        var index: [UInt8] = []
        index.reserveCapacity(paths.reduce(0) { $0 + (records.slot(for: $1)?.indexCount ?? 0) })
        var fresh: [(path: String, slot: FreshRecords.Slot, indexStart: Int)] = []
        fresh.reserveCapacity(paths.count)
        for path in paths {
            guard let slot = records.slot(for: path), let entry = records.index(of: slot), entry.count == slot.indexCount else { continue }
            fresh.append((path, slot, index.count))
            index += entry
        }
        var order: [UInt32] = []
        order.reserveCapacity((stored?.contents.entries.count ?? 0) + fresh.count)
        var next = 0
        cursor = 0
        if let stored {
            for (number, entry) in stored.contents.entries.enumerated() {
                let path = stored.path(of: entry)
                while next < fresh.count && CacheFileFormat.precedes(fresh[next].path, path) {
                    order.append(UInt32(next) | Self.freshFlag)
                    next += 1
                }
                if next < fresh.count && fresh[next].path.utf8.elementsEqual(path.utf8) {
                    order.append(UInt32(next) | Self.freshFlag)
                    next += 1
                } else if walked?.contains(path, after: &cursor) ?? true {
                    order.append(UInt32(number))
                }
            }
        }
        while next < fresh.count {
            order.append(UInt32(next) | Self.freshFlag)
            next += 1
        }
        self.fresh = fresh
        self.freshIndex = index
        self.order = order
        freshBases = CacheFileFormat.Bases(table: stored?.tableCount ?? 0, side: stored?.sideCount ?? 0)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { order.count }

    /// The record at `position`, made when asked for.
    subscript(position: Int) -> CacheFileFormat.Record {
        switch body(at: position) {
        case .fresh(let slot):
            let (path, _, start) = fresh[Int(order[position] & ~Self.freshFlag)]
            let (index, signature, filter) = TargetSignature.split(freshIndex[start..<start + slot.indexCount])
            return CacheFileFormat.Record(
                path: path, index: index, bodyLength: slot.bodyCount, bodySum: slot.sum, bases: freshBases, signature: signature,
                filter: filter)
        case .stored(let entry):
            let (signature, filter) = self.filter(at: position)
            return CacheFileFormat.Record(
                path: stored!.path(of: entry), index: stored!.index[entry.index].dropLast(), bodyLength: entry.body.count,
                bodySum: entry.bodySum, bases: entry.bases, signature: signature, filter: filter)
        }
    }

    /// The filter of link targets of the record at `position`, and its signature, without
    /// the rest of the record made (its path is a string made afresh).
    func filter(at position: Int) -> (signature: UInt8, filter: ArraySlice<UInt8>) {
        switch body(at: position) {
        case .fresh(let slot):
            let start = fresh[Int(order[position] & ~Self.freshFlag)].indexStart
            let (_, signature, filter) = TargetSignature.split(freshIndex[start..<start + slot.indexCount])
            return (signature, filter)
        case .stored:
            // Only a stored file's entries are numbered without the flag.
            return stored!.filter(at: Int(order[position]))
        }
    }

    /// The bytes of every record's path, without a path made.
    var pathsLength: Int {
        indices.reduce(0) { total, position in
            let place = order[position]
            if place & Self.freshFlag != 0 { return total + fresh[Int(place & ~Self.freshFlag)].path.utf8.count }
            return total + stored!.contents.entries[Int(place)].path.count
        }
    }

    /// Where the body of the record at `position` comes from.
    func body(at position: Int) -> Body {
        let place = order[position]
        if place & Self.freshFlag != 0 { return .fresh(fresh[Int(place & ~Self.freshFlag)].slot) }
        return .stored(stored!.contents.entries[Int(place)])
    }
}
