import VaultKit
import VaultSystem

/// `vault links NOTE`: where a note's links go.
enum LinksCommand: Command {
    static let name = "links"
    static let summary = "list a note's outbound links, resolved or dangling"
    static let usage = "NOTE"
    static let discussion = "Each link with its line and the file it resolves to. Exits 1 when the note has no links."

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let (vault, scan, note) = try context.note(named: arguments.required("NOTE"), finishing: arguments)
        let (reports, skipped) = try vault.linkReports(from: note, scan: scan)
        context.warn(skipped)
        if context.json {
            try context.emit(reports)
        } else {
            for report in reports {
                let target = report.resolved.map { context.tint($0, 32) } ?? context.tint("(dangling)", 31)
                context.line("\(report.line): \(report.textOnOneLine) -> \(target)")
            }
        }
        return reports.isEmpty ? 1 : 0
    }
}

/// `vault backlinks NOTE`: the notes that link to a note.
enum BacklinksCommand: Command {
    static let name = "backlinks"
    static let summary = "list the notes that link to a note, with line and context"
    static let usage = "NOTE"
    static let discussion = "Prints `path:line: text` for each link to NOTE. Exits 1 when nothing links to it."

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let (vault, scan, note) = try context.note(named: arguments.required("NOTE"), finishing: arguments)
        // Printed as found: the most-linked note of a large vault has tens of thousands.
        var array = JSONArrayStream()
        var count = 0
        let skipped = vault.backlinkReports(to: note, scan: scan) { report in
            count += 1
            if context.json { return array.append(encoding: report, in: context) }
            context.line("\(context.tint(report.source, 35)):\(report.line): \(report.context)")
            return true
        }
        if let failure = array.failure { throw failure }
        context.warn(skipped)
        if context.json { context.write { array.finish(to: &$0); $0.append(0x0A) } }
        return count == 0 ? 1 : 0
    }
}

/// `vault check`: dangling links, ambiguous names, unreadable notes, conflict copies.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "find dangling links, ambiguous names, unreadable notes and conflict copies"
    static let usage = ""
    static let discussion = """
        In a git work tree, notes holding merge conflict markers are found too: their links may be
        wrong until one side is kept. Exits 1 when anything is found, 0 when the vault is clean.
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        let vault = try context.vault()
        let check = VaultCheck(vault: vault, scan: try context.scan(vault, detail: .summary))
        if context.json {
            try emit(check, context)
            return check.isClean ? 0 : 1
        }
        section(context, "Dangling links", check.dangling) { report, output in
            output.append(contentsOf: report.source.utf8)
            output.append(UInt8(ascii: ":"))
            Digits.append(report.line, to: &output)
            output.append(contentsOf: ": ".utf8)
            output.append(contentsOf: report.textOnOneLine.utf8)
        }
        if !check.pagesWithoutFile.isEmpty {
            let pages = Set(check.pagesWithoutFile.map { $0.target.lowercased() }).count
            let links = check.pagesWithoutFile.count
            context.line(
                "Pages without a file: \(pages) page\(pages == 1 ? "" : "s"), named by \(links) link\(links == 1 ? "" : "s") "
                    + "(not broken: Logseq makes a page when it is first linked; --json lists them)")
        }
        section(
            context, "Ambiguous names",
            check.ambiguous.map { "\($0.source):\($0.line): \($0.textOnOneLine) -> \($0.resolved ?? "") (\($0.candidates) files match)" })
        section(context, "Broken reference definitions", check.brokenDefinitions.map(\.description))
        section(context, "Unreadable notes", check.unreadable.map(\.description))
        section(context, "Conflict copies", check.conflictCopies.map { "\($0.path) (\($0.tool.rawValue) copy of \($0.originalPath))" })
        section(context, "Merge conflicts", check.mergeConflicts.map(\.description))
        if check.isClean { context.line("No problems found.") }
        return check.isClean ? 0 : 1
    }

    /// Writes the check as `Context.emit` would, a link at a time: its members in the order
    /// of their keys.
    static func emit(_ check: VaultCheck, _ context: Context) throws {
        var object = JSONObjectStream()
        try object.member("ambiguous", elements: check.ambiguous, in: context)
        try object.member("brokenDefinitions", elements: check.brokenDefinitions, in: context)
        try object.member("conflictCopies", elements: check.conflictCopies, in: context)
        try object.member("dangling", elements: check.dangling, in: context)
        try object.member("mergeConflicts", elements: check.mergeConflicts, in: context)
        try object.member("pagesWithoutFile", elements: check.pagesWithoutFile, in: context)
        try object.member("unreadable", elements: check.unreadable, in: context)
        object.finish(in: context)
    }

    /// `section` of a row for each of `items`, each written by `row` in place: no string
    /// made of each of a large vault's 30,000 dangling links.
    private static func section<Item>(_ context: Context, _ title: String, _ items: [Item], _ row: (Item, inout [UInt8]) -> Void) {
        guard !items.isEmpty else { return }
        context.line(context.bold("\(title) (\(items.count))"))
        for item in items {
            context.write { output in
                output.append(contentsOf: "  ".utf8)
                row(item, &output)
                output.append(0x0A)
            }
        }
    }

    private static func section(_ context: Context, _ title: String, _ rows: [String]) {
        guard !rows.isEmpty else { return }
        context.line(context.bold("\(title) (\(rows.count))"))
        for row in rows { context.line("  " + row) }
    }
}
