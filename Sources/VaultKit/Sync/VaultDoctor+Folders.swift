import VaultSystem

extension VaultDoctor {
    /// Folders whose names differ only in case or Unicode form from one beside them: on a Mac,
    /// Windows or a phone the two are one. Of each group a system folder (`pages`) is kept and
    /// the others reported, and of nested twins (`A/x` beside `a/x`) only the topmost. The fix
    /// renames the folder in place: with `vault move` where notes or attachments it holds may
    /// be linked, with `mv` where it holds none (empty, hidden files only, or in the trash).
    static func folderTwins(_ scan: VaultScan, layout: VaultLayout) -> [HealthFinding] {
        // By their bytes: a set of strings holds a composed and a decomposed spelling as one.
        var folders: [[UInt8]: String] = [:]
        var holding = Set<[UInt8]>()
        // The walk's folders: empty ones, and those holding only hidden files, collide too.
        for folder in scan.folders { folders[Array(folder.utf8)] = folder }
        for path in scan.notes.map(\.path) + scan.assets {
            var folder = LinkIndex.folder(of: path)
            while !folder.isEmpty, holding.insert(Array(folder.utf8)).inserted {
                folders[Array(folder.utf8)] = folder
                folder = LinkIndex.folder(of: folder)
            }
        }
        let system = Set(VaultLayout.systemKinds.compactMap { layout.folder(for: $0) }.map { Array($0.utf8) })
        let trash = layout.folder(for: .trash).map { Naming.collisionKey($0) + "/" }
        let groups = Dictionary(grouping: folders.values, by: Naming.collisionKey).values.filter { $0.count > 1 }
        return groups.flatMap { paths -> [HealthFinding] in
            let ordered = paths.sorted { (system.contains(Array($0.utf8)) ? 0 : 1, $0) < (system.contains(Array($1.utf8)) ? 0 : 1, $1) }
            let kept = ordered[0]
            return ordered.dropFirst().compactMap { path in
                // Twins under twin folders (`A/x` beside `a/x`) are the folders' own collision.
                let parent = LinkIndex.folder(of: path)
                if !parent.utf8.elementsEqual(LinkIndex.folder(of: kept).utf8) { return nil }
                let renamed = quoted((parent.isEmpty ? "" : parent + "/") + "ANOTHER NAME")
                let inTrash = trash.map { Naming.collisionKey(path).hasPrefix($0) } ?? false
                let fix = holding.contains(Array(path.utf8)) && !inTrash ? "vault move \(quoted(path)) \(renamed)" : "mv \(quoted(path)) \(renamed)"
                return HealthFinding(
                    kind: .nameCollision, path: path + "/",
                    message: "is a folder whose name differs from \(kept)/ only in \(difference(path, kept)); "
                        + "on macOS, Windows and phones the two are one folder",
                    fix: fix)
            }
        }
    }
}
