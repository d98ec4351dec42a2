import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Finds the note in the trash a person means for `vault restore`: its path in the trash, the
/// path it had before it was trashed (as the trash record says, else its subpath in the
/// trash), or its title, file name or alias; each with or without `.md`, compared as names
/// are (NFC, any case). An ambiguous name lists the candidates.
struct TrashLookup {
    let vault: Vault
    let scan: VaultScan
    let record: TrashRecord

    func note(named given: String) throws -> Note {
        let name = vault.rootedName(given)
        let trash = vault.layout.folder(for: .trash) ?? "trash"
        let trashed = scan.notes.filter { $0.kind == .trash }
        if let note = try NoteLookup(notes: trashed).note(atPath: name) { return note }
        let wanted = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        let key = Naming.collisionKey(wanted)
        let origins = trashed.filter { note in
            let origin = Naming.collisionKey(TrashBin.origin(of: note.path, recorded: record.entry(for: note.path)?.from, vault: vault))
            return origin == key || NoteFiles.stem(origin) == key && origin.hasPrefix(key)
        }
        if let note = try single(origins, name: name) { return note }
        // A file name with its extension, as `NoteLookup` takes one: `Gym Plan.md`.
        if !name.hasPrefix("./") && NoteLookup.isFileName(key, in: vault) {
            let named = trashed.filter { NoteLookup.answers(fileName: key, $0) }
            if let note = try single(named, name: name) { return note }
        }
        for names in [{ (note: Note) in [note.title] }, { [$0.stem] }, { $0.aliases }] {
            if let note = try single(trashed.filter { names($0).contains { Naming.collisionKey($0) == key } }, name: name) { return note }
        }
        // A note outside the trash by that name is not in the trash: say so, not "no note".
        if let live = try? NoteLookup(notes: scan.notes.filter { $0.kind != .trash }).note(named: name) {
            throw VaultError.wrongPlace(path: live.path, reason: "is not in \(trash)/")
        }
        throw VaultError.unknownNote(name: name, suggestions: NoteLookup.suggestions(for: key, containing: trashed, close: trashed))
    }

    private func single(_ matches: [Note], name: String) throws -> Note? {
        if matches.count > 1 { throw VaultError.ambiguousNote(name: name, candidates: matches.map(\.path)) }
        return matches.first
    }
}
