import VaultKit

/// `vault info`: the vault at a glance.
enum InfoCommand: Command {
    static let name = "info"
    static let summary = "counts per folder, tags, placeholders, conflict copies and the layout in force"
    static let usage = ""

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        let vault = try context.vault()
        let scan = try context.scan(vault, detail: .tags)
        let summary = VaultSummary(scan)
        let folders = VaultLayout.systemKinds.map { ($0.settingsKey!, vault.layout.folder(for: $0) ?? "") }
        if context.json {
            struct Info: Encodable {
                let root: String
                let id: String?
                let layout: [String: String]
                let remapped: Bool
                let summary: VaultSummary
                let conflictCopies: [ConflictCopy]
                let warnings: [VaultWarning]
            }
            try context.emit(
                Info(
                    root: vault.root, id: vault.settings?.id, layout: Dictionary(uniqueKeysWithValues: folders),
                    remapped: vault.layout.isRemapped, summary: summary, conflictCopies: scan.conflictCopies,
                    warnings: scan.warnings))
            return 0
        }
        context.line(context.bold("Vault") + "  \(vault.root)")
        if let id = vault.settings?.id { context.line("id     \(id)") }
        if vault.settings == nil {
            context.line("       (no .zennotes/vault.json\(vault.layoutSources.isEmpty ? ": default layout" : ""), nothing written)")
        }
        context.line()
        context.line(context.bold("Notes") + "  \(summary.notes)")
        for kind in FolderKind.allCases {
            let count = summary.notesByKind[kind.rawValue] ?? 0
            if kind == .other && count == 0 { continue }
            let folder = vault.layout.folder(for: kind).map { $0 + "/" } ?? "(elsewhere)"
            context.line("  " + kind.rawValue.padded(to: 9) + String(count).leftPadded(6) + "  " + folder)
        }
        context.line()
        context.line("Tags               \(summary.tags)")
        context.line("Attachments        \(summary.assets)")
        context.line("Not downloaded     \(summary.placeholders)")
        for note in scan.notes where note.availability == .placeholder { context.line("  \(note.path)") }
        context.line("Unreadable         \(summary.unreadable)")
        context.line("Not UTF-8          \(summary.notUTF8)")
        context.line("Frontmatter issues \(summary.frontmatterProblems)")
        context.line("Conflict copies    \(summary.conflictCopies)")
        for copy in scan.conflictCopies {
            context.line("  \(copy.path)  (\(copy.tool.rawValue) copy of \(copy.originalPath))")
        }
        context.line()
        let remapped = vault.layoutSources.isEmpty ? " (default)" : " (remapped in " + vault.layoutSources.joined(separator: " and ") + ")"
        context.line(context.bold("Layout") + remapped)
        for (kind, folder) in folders { context.line("  " + kind.padded(to: 9) + folder + "/") }
        if !scan.warnings.isEmpty {
            context.line()
            context.line(context.bold("Warnings") + "  \(scan.warnings.count)")
            for warning in scan.warnings { context.line("  \(warning)") }
        }
        return 0
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
