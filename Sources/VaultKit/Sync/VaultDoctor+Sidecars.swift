import VaultSystem

/// Comment sidecars whose note is not there: a note renamed, moved or removed by another
/// program (or by hand) leaves its comments behind, where no command shows them.
extension VaultDoctor {
    /// A finding for each `.zennotes/comments/<path>.comments.json` whose note (`<path>`, or
    /// the placeholder iCloud left for it) the vault does not hold.
    func orphanedSidecars(_ scan: VaultScan) -> [HealthFinding] {
        let notes = Set(scan.notes.map(\.path))
        var found: [HealthFinding] = []
        for sidecar in sidecars(in: Comments.folder) {
            let note = String(sidecar.dropFirst(Comments.folder.count + 1).dropLast(Self.sidecarSuffix.count))
            guard !notes.contains(note) else { continue }
            found.append(
                HealthFinding(
                    kind: .orphanedSidecar, path: sidecar,
                    message: "holds the comments of \(note), which is not there (renamed, moved or removed without them)",
                    fix: "move it to .zennotes/comments/<the note's path>.comments.json, or remove it if the comments are not wanted"))
        }
        return found
    }

    static let sidecarSuffix = ".comments.json"

    /// The sidecar files under the vault-relative `folder`, in order; a folder that cannot
    /// be listed holds none that can be shown.
    private func sidecars(in folder: String) -> [String] {
        guard let entries = try? vault.fileSystem.entries(vault.absolutePath(folder)) else { return [] }
        var found: [String] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) where entry.nameIsUTF8 {
            let path = folder + "/" + entry.name
            switch entry.kind {
            case .directory: found += sidecars(in: path)
            case .file where entry.name.hasSuffix(Self.sidecarSuffix) && entry.name.count > Self.sidecarSuffix.count: found.append(path)
            default: continue
            }
        }
        return found
    }
}
