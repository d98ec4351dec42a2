import Foundation
import VaultKit

/// `vault conflicts`: the sync tools' conflict copies, each beside its original.
enum ConflictsCommand: Command {
    static let name = "conflicts"
    static let summary = "list sync conflict copies beside their originals (--diff shows how they differ)"
    static let usage = ""
    static let discussion = """
        Conflict copies of Syncthing, Dropbox, Nextcloud, OneDrive, iCloud and Resilio are found by
        the shape of their names and are never indexed as notes. Exits 1 when there is none.
        """
    static let options = [OptionSpec("--diff", help: "show each copy's differences from its original")]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        let vault = try context.vault()
        let copies = try context.scan(vault, detail: .paths).conflictCopies
        if context.json {
            try context.emit(copies)
            return copies.isEmpty ? 1 : 0
        }
        let stamp = ISO8601DateFormatter()
        for copy in copies {
            context.line("\(context.bold(copy.path))  (\(copy.tool.rawValue), \(copy.size) bytes, \(stamp.string(from: copy.modified)))")
            context.line("  copy of \(copy.originalPath)")
            guard arguments.flag("--diff") else { continue }
            guard let diff = try vault.differences(of: copy) else {
                context.line("  (too long to compare line by line)")
                continue
            }
            for line in diff {
                switch line {
                case .same: continue
                case .removed: context.line("  " + context.tint(line.text, 31))
                case .added: context.line("  " + context.tint(line.text, 32))
                }
            }
        }
        return copies.isEmpty ? 1 : 0
    }
}
