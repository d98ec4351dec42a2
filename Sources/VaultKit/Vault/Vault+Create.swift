import VaultMarkdown
import VaultSystem

extension Vault {
    /// What a new note's name is checked against: the memo of its folder's names, or a
    /// listing of them. A type of its own, not a tuple, whose metadata a run would make by
    /// searching the program's conformances.
    private struct TakenNames {
        var memo: FolderNameMemo?
        var listed: Set<UInt64>
        /// When the folder was last listed whole, in nanoseconds since 1970.
        var listedAt: Int64
        /// The memo's file, while the memo may be kept there after the write.
        var file: String?
        /// The folder's status before the names were looked at.
        let before: FileStatus?
    }

    /// Creates `folder/stem.md`, or `stem 2.md`, … when taken, never replacing a file: a
    /// second writer racing for the same name moves on to the next number.
    ///
    /// - Parameter executor: the executor that writes it, one holding the lock when the
    ///   caller holds it (see `ChangeExecutor.whileLocked`).
    public func createNote(
        in folder: String, stem: String, ext: String = ".md", content: [UInt8], permissions: UInt32 = 0o644, dryRun: Bool
    ) throws -> String {
        // Under the lock from the look at the folder's names to the write, so that the memo of
        // them another `vault` keeps is not written between the two.
        try ChangeExecutor(vault: self).whileLocked(unless: dryRun) { executor in
            try createNote(in: folder, stem: stem, ext: ext, content: content, permissions: permissions, dryRun: dryRun, executor: executor)
        }
    }

    func createNote(
        in folder: String, stem: String, ext: String = ".md", content: [UInt8], permissions: UInt32 = 0o644, dryRun: Bool,
        executor: ChangeExecutor
    ) throws -> String {
        // `quick/` or a `--folder` that is a link out of the vault would put the note anywhere.
        try checkInside(folder: folder)
        var names = takenNames(in: folder)
        // A note of the name with another extension (`B.markdown` beside a new `B.md`) would
        // share every link by the name: the name is taken as much.
        let otherEndings = namesakeEndings(of: stem + ext)
        var number = 1
        while true {
            let numbered = Naming.numbered(stem, number, iCloud: isInICloud, ext: ext)
            let name = numbered + ext
            number += 1
            let key = Naming.collisionHash(name)
            let taken = { (key: UInt64) in names.memo?.holds(key) ?? names.listed.contains(key) }
            if taken(key) || otherEndings.contains(where: { taken(Naming.collisionHash(numbered + $0)) }) { continue }
            let path = folder.isEmpty ? name : folder + "/" + name
            if names.memo != nil, hasLikelyTwin(name, in: folder) {
                // A name the memo lacks, made by another program during the write the memo
                // was last kept after: it is out of date, and is not kept again.
                names.memo?.insert(key)
                names.file = nil
                continue
            }
            if dryRun { return path }
            // The memo is kept only when the folder stood still from the look at its names
            // to here: what another program made meanwhile would be missing from it.
            if names.file != nil, currentStatus(of: folder) != names.before { names.file = nil }
            do {
                _ = try executor.apply(ChangePlan([.create(path, bytes: content, permissions: permissions)], summary: "create \(path)"))
            } catch FileError.fileExists {
                // A name the memo did not hold: it is out of date, and is not written again.
                names.listed.insert(key)
                names.memo?.insert(key)
                names.file = nil
                continue
            }
            // A folder whose times hold whole seconds (an old or foreign file system) cannot
            // show a name another program adds in the same second: no memo is kept of it.
            if let file = names.file, executor.holdsLock, let status = currentStatus(of: folder),
                status.changedNanoseconds % 1_000_000_000 != 0 || status.modifiedNanoseconds % 1_000_000_000 != 0
            {
                var memo = names.memo ?? FolderNameMemo(folder: status, listedAt: names.listedAt, keys: Array(names.listed))
                memo.insert(key)
                memo.folder = status
                memo.save(file, fileSystem: fileSystem)
            }
            return path
        }
    }

    /// The collision keys of the names in `folder`: from the memo in the cache folder when it
    /// is for the folder as it stands, else from a listing, with the file to keep them in
    /// for the next note (nil when there is no cache, or the folder changed while listed).
    private func takenNames(in folder: String) -> TakenNames {
        let absoluteFolder = absolutePath(folder)
        // The real time, as the cache keeps it: a vault clock fixed by `VAULT_NOW` would
        // keep a memo for ever.
        let now = cache?.now() ?? 0
        let before = currentStatus(of: folder)
        let file = cache.map { FolderNameMemo.file(for: folder, in: $0.location.folder) }
        if let file, let before, let memo = FolderNameMemo.read(file, folder: before, now: now, fileSystem: fileSystem) {
            return TakenNames(memo: memo, listed: [], listedAt: memo.listedAt, file: file, before: before)
        }
        // Each name is summed from its bytes as the folder is listed: no string is made of
        // the thousands of `quick/`'s names that are ASCII.
        var listed = Set<UInt64>()
        _ = try? fileSystem.entries(absoluteFolder) { bytes in
            if let key = Naming.collisionHash(bytes) { listed.insert(key) }
            return false
        }
        let after = currentStatus(of: folder)
        // A folder not there yet has no names: the note's own make the memo.
        return TakenNames(memo: nil, listed: listed, listedAt: now, file: before == after ? file : nil, before: before)
    }

    /// True when the folder holds a name that differs from `name` only as people write one
    /// name differently: all small letters, all capitals, a capital to start it or each of
    /// its words; accents composed or decomposed; the extension in either case; and the
    /// iCloud placeholder of each, and of `name` itself (`.Idea.md.icloud`), which a sync
    /// tool evicting a note makes. A few lookups, for a name that a memo, not a listing, said
    /// is free: the memo can lack a name another program made while the last note was written.
    private func hasLikelyTwin(_ name: String, in folder: String) -> Bool {
        let ext = NoteFiles.fileExtension(name)
        let stem = String(name.dropLast(ext.count))
        let endings = [ext] + namesakeEndings(of: name)
        let lower = stem.lowercased()
        // Each part a `String`: adding a `Substring` to a `String` is a generic call.
        let capitalised = lower.prefix(1).uppercased() + String(lower.dropFirst())
        let words = lower.split(separator: " ", omittingEmptySubsequences: false).map { $0.prefix(1).uppercased() + String($0.dropFirst()) }
        // By their bytes: strings compare a composed and a decomposed spelling as one. A few
        // dozen, so a list is searched rather than each array hashed into a set.
        var variants: [[UInt8]] = []
        func add(_ spelling: String) {
            let bytes = Array(spelling.utf8)
            if !variants.contains(bytes) { variants.append(bytes) }
        }
        var spelledEndings: [String] = []
        for ending in endings.flatMap({ [$0, $0.lowercased(), $0.uppercased()] }) where !spelledEndings.contains(where: { $0.utf8.elementsEqual(ending.utf8) }) {
            spelledEndings.append(ending)
        }
        for spelled in [lower, stem.uppercased(), capitalised, words.joined(by: " ")] {
            for ending in spelledEndings {
                add((spelled + ending).canonicallyComposed)
                add((spelled + ending).canonicallyDecomposed)
            }
        }
        let own = Array(name.utf8)
        // Only a spelling a listing would count as the name's twin: `STRASSE.md` is the
        // capitals of `straße.md` but not its collision key, and counted here alone it had
        // the same capture numbered one way with the memo and another without it.
        let keys = endings.map { Naming.collisionHash(stem + $0) }
        let spellings = variants.filter { $0 != own }.map { String(decoding: $0, as: UTF8.self) }.filter {
            keys.contains(Naming.collisionHash($0))
        }
        let base = folder.isEmpty ? "" : folder + "/"
        return (spellings + (spellings + [name]).map { Placeholders.placeholderPath(for: $0) }).contains {
            ((try? fileSystem.linkStatus(absolutePath(base + $0))) ?? nil) != nil
        }
    }

    /// The other endings a note of the same name as the note `name` may have (`.markdown`
    /// beside `.md`; `.org` too in a Logseq graph); none for a file that is no note.
    private func namesakeEndings(of name: String) -> [String] {
        guard NoteFiles.isNoteName(name, org: isLogseqGraph) else { return [] }
        let ext = NoteFiles.fileExtension(name).lowercased()
        return (NoteFiles.extensions + (isLogseqGraph ? [NoteFiles.orgExtension] : [])).map { "." + $0 }.filter { $0 != ext }
    }

    /// The status of the vault folder `folder` as a memo of its names compares it.
    private func currentStatus(of folder: String) -> FileStatus? {
        (try? fileSystem.status(absolutePath(folder))).flatMap { $0 }.map(FolderNameMemo.comparable)
    }
}
