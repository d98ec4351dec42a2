import VaultMarkdown
import VaultSystem

extension Vault {
    /// Creates `folder/stem.md`, or `stem 2.md`, … when taken, never replacing a file: a
    /// second writer racing for the same name moves on to the next number.
    ///
    /// - Parameter executor: the executor that writes it, one holding the lock when the
    ///   caller holds it (see `ChangeExecutor.whileLocked`).
    public func createNote(
        in folder: String, stem: String, ext: String = ".md", content: [UInt8], permissions: UInt32 = 0o644, dryRun: Bool
    ) throws -> String {
        try createNote(in: folder, stem: stem, ext: ext, content: content, permissions: permissions, dryRun: dryRun, executor: ChangeExecutor(vault: self))
    }

    func createNote(
        in folder: String, stem: String, ext: String = ".md", content: [UInt8], permissions: UInt32 = 0o644, dryRun: Bool,
        executor: ChangeExecutor
    ) throws -> String {
        // `quick/` or a `--folder` that is a link out of the vault would put the note anywhere.
        try checkInside(folder: folder)
        let absoluteFolder = absolutePath(folder)
        // Only names that could collide are made and normalised: the others of `quick/`'s
        // thousands are passed over as the folder is listed.
        let names = (try? fileSystem.entries(absoluteFolder, whereName: { Naming.mayCollide($0, withStem: stem) })) ?? []
        // A placeholder holds its note's name: the note exists, only not on this machine.
        var taken = Set(names.map { Naming.collisionKey(Placeholders.noteName(forPlaceholder: $0.name) ?? $0.name) })
        var number = 1
        while true {
            let name = Naming.numbered(stem, number, iCloud: isInICloud, ext: ext) + ext
            number += 1
            if taken.contains(Naming.collisionKey(name)) { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if dryRun { return path }
            do {
                _ = try executor.apply(ChangePlan([.create(path, bytes: content, permissions: permissions)], summary: "create \(path)"))
                return path
            } catch FileError.fileExists {
                taken.insert(Naming.collisionKey(name))
            }
        }
    }
}
