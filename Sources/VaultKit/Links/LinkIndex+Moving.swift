import VaultMarkdown

extension LinkIndex {
    /// The index with some files renamed (`moves` maps old path to new path): what a rename
    /// resolves links against once its files are moved. `notes` and `assets` are the files
    /// this index was made of.
    ///
    /// When a few files move (a note, a folder of them), the index is this one with the
    /// moved files taken out of their old keys and found under their new ones, its postings
    /// shared: a second index of a large vault was the largest thing a rename held (17 MB
    /// at 100,000 notes). It answers every lookup as an index made of the moved paths
    /// answers it.
    public func moving(_ moves: [String: String], notes: [String], assets: [String], layout: VaultLayout) -> LinkIndex {
        let rebuilt = {
            LinkIndex(
                notes: notes.map { moves[$0] ?? $0 }, assets: assets.map { moves[$0] ?? $0 }, layout: layout,
                pages: pages?.moving(moves))
        }
        // A Logseq graph's page names may follow a move; a file moved out of or into the
        // trash leaves or joins the index, and the files' numbers would not be the same.
        let trash = Naming.collisionKey(layout.folder(for: .trash) ?? "trash") + "/"
        guard pages == nil, moves.count * 8 <= paths.count,
            !moves.values.contains(where: { Naming.collisionKey($0).hasPrefix(trash) })
        else { return rebuilt() }
        var numbers: [Int: String] = [:]
        for (number, path) in paths.enumerated() {
            if let destination = moves[path] { numbers[number] = destination }
        }
        // A file not indexed (in the trash, or not there at all) is moved by a full rebuild.
        guard numbers.count == moves.count, moved == nil else { return rebuilt() }
        let noteSet = Set(moves.keys).intersection(notes)
        var index = self
        var overlay = MovedFiles(numbers: Set(numbers.keys.map(Int32.init)))
        for (number, destination) in numbers.sorted(by: { $0.key < $1.key }) {
            let keys = Keys(destination, isNote: noteSet.contains(paths[number]))
            index.paths[number] = destination
            index.extensions[number] = keys.noteExtension
            overlay.byPath.add(number, for: keys.byPath)
            overlay.byName.add(number, for: keys.byName)
        }
        index.moved = overlay
        return index
    }

    /// Files moved since an index's postings were made: their numbers, taken out of what
    /// the postings hold, and what they are found under now.
    struct MovedFiles: Sendable {
        let numbers: Set<Int32>
        var byPath = Postings()
        var byName = Postings()

        /// `found`, what the postings hold under `key` in `table`, without the moved files
        /// and with those moved to it, in the order of their numbers.
        func correct(_ found: Postings.Matches, _ table: LinkIndex.Table, _ key: String) -> Postings.Matches {
            let added: Postings.Matches
            switch table {
            case .path: added = byPath[key]
            case .name: added = byName[key]
            case .pageName: added = .none
            }
            let touched: Bool
            switch found {
            case .none: touched = false
            case .one(let number): touched = numbers.contains(Int32(number))
            case .many(let held): touched = held.contains { numbers.contains($0) }
            }
            if !touched, case .none = added { return found }
            let all = (found.all.filter { !numbers.contains(Int32($0)) } + added.all).sorted()
            switch all.count {
            case 0: return .none
            case 1: return .one(all[0])
            default: return .many(all.map(Int32.init))
            }
        }
    }
}
