import FoundationEssentials
import VaultSystem
import VaultKit

/// `vault conflicts`: the sync tools' conflict copies, each beside its original.
enum ConflictsCommand: Command {
    static let name = "conflicts"
    static let summary = "list sync conflict copies beside their originals (--diff shows how they differ)"
    static let usage = "[resolve NOTE --keep original|copy|both]"
    static let discussion = """
        Conflict copies of Syncthing, Dropbox, Nextcloud, OneDrive, iCloud and Resilio are found by
        the shape of their names and are never indexed as notes. In a git work tree, notes holding
        merge conflict markers (<<<<<<<, =======, >>>>>>> at the start of lines, outside code
        blocks) are listed too, with both sides of each conflicting section. Exits 1 when there is
        none.

        `vault conflicts resolve NOTE --keep original|copy|both` settles one copy (NOTE is the
        copy's path, or its original when that has one copy): `original` moves the copy to the
        trash; `copy` puts the copy's text in the original and moves the original's old text to
        the trash; `both` makes the copy a note of its own (`T 2`). Nothing is deleted.
        """
    static let diff = Option<Bool>(flag: "--diff", help: "show each copy's differences from its original")
    static let keep = Option<ConflictResolver.Keep?>(choice: "--keep", value: "WHICH", help: "with resolve: original, copy or both")
    static let dryRun = CommonOptions.dryRun.withHelp("with resolve: say what would happen, change nothing")
    static let options: [any DeclaredOption] = [diff, keep, dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        if let word = arguments.positional() {
            guard word == "resolve" else { throw UsageError("unknown subcommand \"\(word)\"; the one there is: resolve") }
            return try resolve(&arguments, context)
        }
        try arguments.finish()
        let vault = try context.vault()
        let scan = try context.scan(vault, detail: .paths)
        let copies = scan.conflictCopies
        let merges = vault.mergeConflicts(scan)
        if context.json {
            try context.emit(copies.map(Listed.copy) + merges.map(Listed.merge))
            return copies.isEmpty && merges.isEmpty ? 1 : 0
        }
        for copy in copies {
            context.line("\(context.bold(copy.path))  (\(copy.tool.rawValue), \(copy.size) bytes, \(WallTime.iso8601(copy.modified)))")
            context.line("  copy of \(copy.originalPath)")
            guard arguments[diff] else { continue }
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
        for merge in merges { show(merge, context) }
        return copies.isEmpty && merges.isEmpty ? 1 : 0
    }

    /// A note in a merge conflict, with both sides of each section: there is no other file to
    /// compare it with, so they are shown with or without --diff.
    static func show(_ merge: MergeConflict, _ context: Context) {
        let count = merge.sections.count == 1 ? "1 conflicting section" : "\(merge.sections.count) conflicting sections"
        context.line("\(context.bold(merge.path))  (git, \(count))")
        for section in merge.sections {
            context.line("  line \(section.line), ours (\(section.ours.label)):")
            for line in section.ours.lines { context.line("    " + context.tint(line, 31)) }
            if let base = section.base {
                context.line("  base (\(base.label)):")
                for line in base.lines { context.line("    " + context.dim(line)) }
            }
            context.line("  theirs (\(section.theirs.label)):")
            for line in section.theirs.lines { context.line("    " + context.tint(line, 32)) }
        }
    }

    /// One entry of `--json`: a conflict copy as it always was, or a note in a merge conflict
    /// with the same fields (its own path as the original, `git` as the tool) and its sections.
    enum Listed: Encodable {
        case copy(ConflictCopy)
        case merge(MergeConflict)

        private enum Keys: String, CodingKey { case path, originalPath, tool, size, modified, sections }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .copy(let copy): try copy.encode(to: encoder)
            case .merge(let merge):
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(merge.path, forKey: .path)
                try container.encode(merge.path, forKey: .originalPath)
                try container.encode("git", forKey: .tool)
                try container.encode(merge.size, forKey: .size)
                try container.encode(merge.modified, forKey: .modified)
                try container.encode(merge.sections, forKey: .sections)
            }
        }
    }

    static func resolve(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let name = try arguments.required("NOTE")
        try arguments.finish()
        guard let keep = try arguments[Self.keep] else { throw UsageError("resolve needs --keep original, --keep copy or --keep both") }
        let vault = try context.vault()
        let resolver = ConflictResolver(vault: vault)
        let copy = try resolver.copy(named: name, in: try context.scan(vault, detail: .paths))
        let dryRun = arguments[Self.dryRun]
        let (outcome, plan) = dryRun ? try resolver.plan(copy, keep: keep) : (try resolver.resolve(copy, keep: keep, dryRun: false), nil)
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
        if let plan { context.line(plan.diffText.trimmingSuffixNewline()) }
        return 0
    }
}
