import VaultSystem

extension LinkScanner {
    /// A link of an org page at `start` (`[[`), with the bytes inside it where a code span is
    /// its own: `[[page]]` and `[[page][label]]` lead to a page, `[[file:path][label]]` to a
    /// file; a URL (`[[https://…][label]]`), an `id:` link, a heading (`[[*Heading]]`) or a
    /// block (`[[((uuid))][label]]`) is no vault link. The label is the link's alias; a `|`
    /// is part of the name, as org has no `[[page|label]]`.
    static func orgLink(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, line: Int) -> (Link, Range<Int>)? {
        var close = start + 2
        while close + 1 < end && !(bytes[close] == UInt8(ascii: "]") && bytes[close + 1] == UInt8(ascii: "]")) {
            if bytes[close] == UInt8(ascii: "[") && bytes[close + 1] == UInt8(ascii: "[") { return nil }
            close += 1
        }
        guard close + 1 < end else { return nil }
        let inner = start + 2..<close
        var targetEnd = inner.lowerBound
        while targetEnd + 1 < inner.upperBound && !(bytes[targetEnd] == UInt8(ascii: "]") && bytes[targetEnd + 1] == UInt8(ascii: "[")) {
            targetEnd += 1
        }
        if targetEnd + 1 >= inner.upperBound { targetEnd = inner.upperBound }
        let label = targetEnd < inner.upperBound ? text(bytes, targetEnd + 2..<inner.upperBound) : nil
        var targetStart = inner.lowerBound
        let written = text(bytes, targetStart..<targetEnd)
        var form = Link.Form.wikilink
        if written.lowercased().hasPrefix("file:") {
            form = .markdown
            targetStart += 5
        } else if hasScheme(written) || written.hasPrefix("*") || written.hasPrefix("((") || written.hasPrefix("#") {
            return nil
        }
        let target = text(bytes, targetStart..<targetEnd)
        guard !target.isBlank else { return nil }
        let link = Link(
            form: form, isEmbed: false, range: start..<close + 2, targetRange: targetStart..<targetEnd, rawTarget: target,
            target: normalized(target.trimmed()), fragment: nil, alias: label, line: line, escapedPipe: false,
            angleBrackets: false)
        return (link, inner)
    }
}
