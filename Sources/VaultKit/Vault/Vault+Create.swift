import VaultMarkdown
import VaultSystem

extension Vault {
    /// Creates `folder/stem.md`, or `stem 2.md`, … when taken, never replacing a file: a
    /// second writer racing for the same name moves on to the next number.
    public func createNote(
        in folder: String, stem: String, ext: String = ".md", content: [UInt8], permissions: UInt32 = 0o644, dryRun: Bool
    ) throws -> String {
        // `quick/` or a `--folder` that is a link out of the vault would put the note anywhere.
        try checkInside(folder: folder)
        let absoluteFolder = absolutePath(folder)
        // Only names that could collide are normalised: same start, any case, or non-ASCII.
        let lead = stem.utf8.first.map { $0 | 0x20 } ?? 0
        // A placeholder holds its note's name: the note exists, only not on this machine.
        var taken = Set(
            ((try? fileSystem.entries(absoluteFolder)) ?? []).lazy.map { Placeholders.noteName(forPlaceholder: $0.name) ?? $0.name }
                .filter { name in
                    guard let first = name.utf8.first else { return false }
                    return first >= 0x80 || first | 0x20 == lead
                }.map(Naming.collisionKey))
        var number = 1
        while true {
            let name = Naming.numbered(stem, number, iCloud: isInICloud, ext: ext) + ext
            number += 1
            if taken.contains(Naming.collisionKey(name)) { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if dryRun { return path }
            do {
                try fileSystem.createDirectories(absoluteFolder)
                try SafeWriter(fileSystem: fileSystem).create(absolutePath(path), with: content, permissions: permissions)
                return path
            } catch FileError.fileExists {
                taken.insert(Naming.collisionKey(name))
            } catch let error as SystemError {
                throw FileError.system(error)
            }
        }
    }
}
