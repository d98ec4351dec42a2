import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Finding one note by its path without walking the vault: `vault show pages/Idea.md` reads
/// that file alone, however many notes the vault holds.
extension Vault {
    /// The note `name` stands for, as `NoteLookup.note(named:)` finds it in a scan of the
    /// vault: when `name` is the vault-relative path of a note (with or without `.md`), that
    /// note alone is read, with the summary a scan gives; any other name (a title, an alias,
    /// a path in another case, a path the walk would not list) is looked up in a walk.
    ///
    /// - Parameter progress: for the walk, when one is needed.
    /// - Throws: as `NoteLookup.note(named:)` does.
    public func note(
        named name: String, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> Note {
        let name = rootedName(name)
        if let note = noteAtPath(name) { return note }
        return try NoteLookup(notes: scan(detail: .summary, progress: progress).notes, in: self).note(named: name)
    }

    /// `name` as a path from the vault's folder (`./pages/Idea.md`) when it is an absolute
    /// path inside the vault, through the folder as given or its real path; else `name`.
    public func rootedName(_ name: String) -> String {
        guard name.hasPrefix("/") else { return name }
        for root in [root, fileSystem.resolvedPath(root) ?? root] {
            let prefix = root == "/" ? "/" : root + "/"
            if name.utf8.starts(with: prefix.utf8) { return "./" + String(decoding: name.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) }
        }
        return name
    }

    /// The note at the vault-relative path `name`, `name.md` or `name.markdown` (or, in a
    /// Logseq graph, `name.org`: the first that exists, as `NoteLookup` tries them), read as the walk reads it; nil when that is
    /// not certain to be the note a walk would give, so that the walk decides.
    func noteAtPath(_ name: String) -> Note? {
        let wanted = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        let parts = wanted.split(separator: "/", omittingEmptySubsequences: false)
        // Only a plain path: the walk lists no hidden, ignored, `.` or `..` part. A NUL would
        // end the path the system is given, and name another file (`A.md\0x` is `A.md`).
        guard !wanted.isEmpty, !wanted.utf8.contains(0), parts.allSatisfy({ !$0.isEmpty && !SyncArtifacts.isIgnored(String($0)) }) else { return nil }
        for candidate in [wanted, wanted + ".md", wanted + ".markdown"] + (isLogseqGraph ? [wanted + ".org"] : []) {
            let fileName = candidate.fileName
            let absolute = absolutePath(candidate)
            let present = (try? fileSystem.linkStatus(absolute)) ?? nil
            let placeholder = (try? fileSystem.linkStatus(absolutePath(Placeholders.placeholderPath(for: candidate)))) ?? nil
            guard let present else {
                // A placeholder stands for a note the walk lists under this path.
                if placeholder != nil && NoteFiles.isNoteName(fileName, org: isLogseqGraph) { return nil }
                continue
            }
            // A file that is no note (`Idea` beside `Idea.md`) is passed over, as in a scan.
            guard NoteFiles.isNoteName(fileName, org: isLogseqGraph) else { continue }
            return listedNote(candidate, status: present)
        }
        return nil
    }

    /// The note at `path`, read as the walk reads it, when the walk would list it there: a
    /// regular file (or a link to one inside the vault) in a folder reached through no link,
    /// and not a conflict copy.
    private func listedNote(_ path: String, status: FileStatus) -> Note? {
        let absolute = absolutePath(path)
        let realRoot = fileSystem.resolvedPath(root)
        guard let realRoot else { return nil }
        // The folder is reached through no link when its real path is the one its path spells.
        let folder = LinkIndex.folder(of: path)
        let expected = folder.isEmpty ? realRoot : (realRoot == "/" ? "/" : realRoot + "/") + folder
        guard folder.isEmpty || fileSystem.resolvedPath(absolutePath(folder)) == expected else { return nil }
        switch status.kind {
        case .file:
            break
        case .symlink:
            guard let target = (try? fileSystem.status(absolute)) ?? nil, target.kind == .file,
                let resolved = fileSystem.resolvedPath(absolute), resolved.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
            else { return nil }
        default:
            return nil
        }
        // Whether a name is a copy may depend on its siblings: such names are left to the walk.
        let fileName = path.fileName
        guard layout.kind(of: path) == .trash || !ConflictCopies.mayBeCopy(fileName, iCloud: isInICloud) else { return nil }
        do {
            // Read as the scanner reads a summary, by the vault's dialect, but not through
            // the cache: one note costs less to read than the cache's index (13 ms at 100,000
            // notes), and a record of it alone would have the whole cache file written again.
            let reading = try CachedReader(fileSystem: fileSystem, cache: nil, dialect: dialect).read(
                path: path, absolute: absolute, wanted: NoteReader.parts(for: .summary), summary: true)
            guard reading.status.kind == .file else { return nil }
            let note = NoteReader.note(path: path, kind: layout.kind(of: path), status: reading.status, facts: reading.facts)
            return logseq == nil ? note : logseqTitled(note)
        } catch {
            // What a note that cannot be read is, the walk says.
            return nil
        }
    }
}
