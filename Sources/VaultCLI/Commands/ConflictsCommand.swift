import Foundation
import VaultKit

/// `vault conflicts`: the sync tools' conflict copies, each beside its original.
enum ConflictsCommand: Command {
    static let name = "conflicts"
    static let summary = "list sync conflict copies beside their originals (--diff shows how they differ)"
    static let usage = "[resolve NOTE --keep original|copy|both]"
    static let discussion = """
        Conflict copies of Syncthing, Dropbox, Nextcloud, OneDrive, iCloud and Resilio are found by
        the shape of their names and are never indexed as notes. Exits 1 when there is none.

        `vault conflicts resolve NOTE --keep original|copy|both` settles one copy (NOTE is the
        copy's path, or its original when that has one copy): `original` moves the copy to the
        trash; `copy` puts the copy's text in the original and moves the original's old text to
        the trash; `both` makes the copy a note of its own (`T 2`). Nothing is deleted.
        """
    static let options = [
        OptionSpec("--diff", help: "show each copy's differences from its original"),
        OptionSpec("--keep", value: "WHICH", help: "with resolve: original, copy or both"),
        OptionSpec("--dry-run", help: "with resolve: say what would happen, change nothing"),
    ]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        if let word = arguments.positional() {
            guard word == "resolve" else { throw UsageError("unknown subcommand \"\(word)\"; the one there is: resolve") }
            return try resolve(&arguments, context)
        }
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

    static func resolve(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let name = try arguments.required("NOTE")
        try arguments.finish()
        guard let keep = ConflictResolver.Keep(rawValue: try arguments.choice("--keep", ConflictResolver.Keep.allCases.map(\.rawValue), default: ""))
        else { throw UsageError("resolve needs --keep original, --keep copy or --keep both") }
        let vault = try context.vault()
        let resolver = ConflictResolver(vault: vault)
        let copy = try resolver.copy(named: name, in: try context.scan(vault, detail: .paths))
        let dryRun = arguments.flag("--dry-run")
        let outcome = try resolver.resolve(copy, keep: keep, dryRun: dryRun)
        if context.json {
            try context.emit(outcome)
            return 0
        }
        if let trashed = outcome.trashed {
            let setAside = keep == .original ? outcome.copy : "the old text of \(outcome.original)"
            context.line("\(setAside) \(dryRun ? "would go" : "went") to \(trashed)")
        }
        switch keep {
        case .original: context.line("\(outcome.original) \(dryRun ? "would stay" : "stays") as it is")
        case .copy: context.line("\(outcome.written ?? "") \(dryRun ? "would hold" : "now holds") the text of \(outcome.copy)")
        case .both: context.line("\(outcome.copy) \(dryRun ? "would become" : "is now") \(outcome.written ?? "")")
        }
        return 0
    }
}
