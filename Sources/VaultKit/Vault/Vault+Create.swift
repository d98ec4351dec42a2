extension Vault {
    /// Creates `folder/stem.md`, or `stem 2.md`, … when taken, never replacing a file: a
    /// second writer racing for the same name moves on to the next number.
    public func createNote(in folder: String, stem: String, content: [UInt8], dryRun: Bool) throws -> String {
        let absoluteFolder = absolutePath(folder)
        var taken = Set(((try? fileSystem.entries(absoluteFolder)) ?? []).map { Naming.collisionKey($0.name) })
        var number = 1
        while true {
            let name = (number == 1 ? stem : "\(stem) \(number)") + ".md"
            number += 1
            if taken.contains(Naming.collisionKey(name)) { continue }
            let path = folder + "/" + name
            if dryRun { return path }
            do {
                try fileSystem.createDirectories(absoluteFolder)
                try SafeWriter(fileSystem: fileSystem).create(absolutePath(path), with: content)
                return path
            } catch VaultError.fileExists {
                taken.insert(Naming.collisionKey(name))
            } catch let error as SystemError {
                throw VaultError.system(error)
            }
        }
    }
}
