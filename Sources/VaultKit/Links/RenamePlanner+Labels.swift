import VaultMarkdown
import VaultSystem

extension RenamePlanner {
    /// The labels of the reference definitions that spell a rewritten wikilink, written anew
    /// as the wikilink now reads. Foam writes `[templates]: templates.md` under a note for
    /// each `[[templates]]`, so that a plain markdown viewer shows `[[templates]]` as a link
    /// through it: once the wikilink reads `[[Note Templates]]`, so must the label. A label
    /// that a use in the note (`[text][templates]`) names stays, or the use would lose it.
    static func foamLabels(
        _ links: [Link], _ bytes: [UInt8], rewritten: [(range: Range<Int>, text: String, line: Int, isLink: Bool)]
    ) -> [(range: Range<Int>, text: String, line: Int, isLink: Bool)] {
        guard links.contains(where: { $0.form == .reference }) else { return [] }
        let newTargets = Dictionary(rewritten.filter(\.isLink).map { ($0.range.lowerBound, $0.text) }, uniquingKeysWith: { first, _ in first })
        var spelled: [String: String] = [:]
        for link in links where link.form == .wikilink {
            guard let text = newTargets[link.targetRange.lowerBound] else { continue }
            let inner = link.range.lowerBound + (link.isEmbed ? 3 : 2)..<link.range.upperBound - 2
            let before = bytes.utf8String(inner)
            let after = bytes.utf8String(inner.lowerBound..<link.targetRange.lowerBound) + text
                + bytes.utf8String(link.targetRange.upperBound..<inner.upperBound)
            spelled[LinkScanner.normalizedLabel(before)] = after
        }
        let used = Set(links.filter { $0.form == .referenceUse }.compactMap { $0.alias.map(LinkScanner.normalizedLabel) })
        var labels: [(range: Range<Int>, text: String, line: Int, isLink: Bool)] = []
        for link in links where link.form == .reference {
            guard let label = link.alias else { continue }
            let key = LinkScanner.normalizedLabel(label)
            guard !used.contains(key), let text = spelled[key], text != label, !text.contains("[") && !text.contains("]")
            else { continue }
            let start = link.range.lowerBound + 1
            labels.append((start..<start + label.utf8.count, text, link.line, false))
        }
        return labels
    }
}
