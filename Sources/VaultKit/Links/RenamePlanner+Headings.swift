import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// A title heading a rename changes: its text before, and the new title after.
    struct RetitledHeading: Sendable {
        var old: String
        var new: String
    }

    /// The title headings the renames of `retitles` change, by the note's path after the
    /// moves: those a rename rewrites (the file's name as its leading heading, holding no
    /// link), so that links to the heading (`[[Hub#Hub]]`) follow it.
    func retitledHeadings(_ retitles: [String: (note: Note, title: String)], moves: [String: String]) -> [String: RetitledHeading] {
        var found: [String: RetitledHeading] = [:]
        for (path, retitle) in retitles {
            guard let bytes = try? vault.fileSystem.readFile(vault.absolutePath(path)), NoteFacts.isUTF8(bytes, complete: true) else { continue }
            let document = MarkdownDocument(bytes: bytes, dialect: vault.dialect.forFile(path))
            // In a fragment `#` starts a subheading: a title holding one cannot be written there.
            guard !retitle.title.contains("#"), let range = Self.titleHeading(document, fileStem: retitle.note.stem),
                let heading = document.structure.titleHeading(),
                !LinkScanner.links(in: document).contains(where: { $0.range.overlaps(range) }),
                Naming.collisionKey(heading.text) != Naming.collisionKey(retitle.title)
            else { continue }
            found[moves[path] ?? path] = RetitledHeading(old: heading.text, new: retitle.title)
        }
        return found
    }

    /// The fragments of `links` that name a title heading a rename changes, rewritten to name
    /// the new title: `expected[i]` is where the link leads after the change (nil for a link
    /// to the note's own headings, which lead to `own`).
    static func fragmentReplacements(
        _ links: [Link], bytes: [UInt8], expected: [String?], own: String, headings: [String: RetitledHeading]
    ) -> [(range: Range<Int>, text: String, line: Int, isLink: Bool)] {
        guard !headings.isEmpty else { return [] }
        var made: [(range: Range<Int>, text: String, line: Int, isLink: Bool)] = []
        var byHeading: [String: [Int]] = [:]
        for (position, link) in links.enumerated() where link.fragment != nil {
            guard let target = link.isSelfLink ? own : expected[position], headings[target] != nil else { continue }
            byHeading[target, default: []].append(position)
        }
        for (target, positions) in byHeading {
            let heading = headings[target]!
            let chosen = positions.map { links[$0] }
            made += HeadingFragment.replacements(in: chosen, bytes: bytes, old: heading.old, new: heading.new) { _, _ in true }
                // Part of a link counted once already, where its target changes with it.
                .map { ($0.range, $0.text, $0.line, false) }
        }
        return made
    }
}
