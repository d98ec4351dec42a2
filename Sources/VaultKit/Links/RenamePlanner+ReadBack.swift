import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// Scans a rewritten note again and refuses the change unless every link reads back as
    /// the plan means it (DESIGN.md 4): the same links at the same places, each resolving
    /// from the note's new path to what it resolved to before, or to the moved file's new
    /// path, and no new ones. A name the scanner cannot read back inside a link (a `]]`, a
    /// backtick that starts inline code with one after the link) is caught here, before
    /// anything is written.
    ///
    /// - Parameters:
    ///   - links: the note's links before, in order, and where each must lead afterwards
    ///     (`expected`, nil for a link into the note itself); `replacements`, the ranges of
    ///     the original bytes replaced and the length of what replaced each.
    ///   - resolved: where spellings lead in `after` from `newSource`, as the plan found them:
    ///     a link read back as it was written is not resolved a second time.
    func readBack(
        _ rewritten: [UInt8], links: [Link], expected: [String?], replacements: [(range: Range<Int>, length: Int)],
        from newSource: String, after: LinkIndex, resolved known: [Spelling: String?] = [:]
    ) throws {
        let again = LinkScanner.links(in: NoteStructure(bytes: rewritten, dialect: vault.dialect.forFile(newSource)))
        var resolved = known
        var offsets = ShiftedOffsets(replacements)
        var next = 0
        var extra: Link?
        for (link, expected) in zip(links, expected) {
            let range = offsets.map(link.range.lowerBound)..<offsets.map(link.range.upperBound)
            var written: String { rewritten.utf8String(range) }
            while next < again.count && again[next].range.lowerBound < range.lowerBound {
                extra = extra ?? again[next]
                next += 1
            }
            guard next < again.count, again[next].range == range else {
                throw VaultError.linkNotReadBack(note: newSource, link: written, reason: "it would not be read back as that link")
            }
            let found = again[next]
            next += 1
            if link.form == .referenceUse {
                // Its definition is read back in its own place; a use must stay a use.
                guard found.form == .referenceUse else {
                    throw VaultError.linkNotReadBack(note: newSource, link: written, reason: "it would not be read back as that link")
                }
                continue
            }
            if link.isSelfLink {
                guard found.isSelfLink else {
                    throw VaultError.linkNotReadBack(
                        note: newSource, link: written, reason: "it would no longer point into the note itself")
                }
                continue
            }
            let key = Spelling(found)
            let now = resolved[key] ?? after.resolve(found, from: newSource).path
            resolved[key] = now
            guard now == expected else {
                let reason =
                    now.map { "it would lead to \($0) instead of \(expected ?? "nowhere")" }
                    ?? "it would not resolve to \(expected ?? "anything")"
                throw VaultError.linkNotReadBack(note: newSource, link: written, reason: reason)
            }
        }
        if let extra = extra ?? (next < again.count ? again[next] : nil) {
            throw VaultError.linkNotReadBack(
                note: newSource, link: rewritten.utf8String(extra.range), reason: "it would be a link that was not there before")
        }
    }
}

/// Offsets of a note's bytes before some ranges were replaced, as offsets after: each answer
/// costs what the replacements passed since the last one, forwards or back (a link's end
/// comes before the start of an image in its text).
struct ShiftedOffsets {
    private let replacements: [(range: Range<Int>, length: Int)]
    private var passed = 0
    private var shift = 0

    init(_ replacements: [(range: Range<Int>, length: Int)]) {
        self.replacements = replacements.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Where `offset` is after the replacements; an offset inside a replaced range maps to
    /// the start of what replaced it.
    mutating func map(_ offset: Int) -> Int {
        while passed > 0 && !(replacements[passed - 1].range.upperBound <= offset && replacements[passed - 1].range.lowerBound < offset) {
            passed -= 1
            shift -= replacements[passed].length - replacements[passed].range.count
        }
        while passed < replacements.count && replacements[passed].range.upperBound <= offset
            && replacements[passed].range.lowerBound < offset
        {
            shift += replacements[passed].length - replacements[passed].range.count
            passed += 1
        }
        if passed < replacements.count && replacements[passed].range.lowerBound < offset {
            return replacements[passed].range.lowerBound + shift
        }
        return offset + shift
    }
}
