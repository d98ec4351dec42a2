import VaultKit

extension MCPSession {
    /// The notes of the vault (titles read) and the one note `name` names, as the command
    /// line finds a note: by path, path without .md, title, file name or alias; an ambiguous
    /// name is an error that lists the candidates.
    func lookup(_ name: String) throws -> (scan: VaultScan, note: Note) {
        let scan = try scans.scan(.summary)
        return (scan, try lookup(name, in: scan))
    }

    /// The one note `name` names among the notes of `scan` (a summary walk).
    func lookup(_ name: String, in scan: VaultScan) throws -> Note {
        try NoteLookup(notes: scan.notes, in: vault).note(named: name)
    }
}
