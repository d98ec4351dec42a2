import VaultSystem

extension FileSearcher {
    /// The matches on some lines of a note only (1-based, ascending), exactly as `search`
    /// finds them there: for the lines a ranking reads again, without matching the rest.
    mutating func search(_ bytes: [UInt8], path: String, lines wanted: [Int]) -> [LineMatch] {
        guard let terms = search.terms, search.expression == nil else {
            let lines = Set(wanted)
            // A note a pattern gave up on was reported when it was first read.
            return ((try? search(bytes, path: path))?.0 ?? []).filter { lines.contains($0.line) }
        }
        return bytes.withUnsafeBufferPointer { buffer in
            let body = ByteOrderMark.length(of: buffer)
            var matches: [LineMatch] = []
            var start = body
            var line = 1
            for target in wanted {
                while line < target && start < buffer.count {
                    start = ByteScan.lineEnd(buffer, after: start) + 1
                    line += 1
                }
                guard line == target, start <= buffer.count else { break }
                let end = ByteScan.lineEnd(buffer, after: start)
                guard start < end, var match = match(terms, buffer, start..<end)?.match else { continue }
                match.path = path
                match.line = line
                if search.context > 0 {
                    (match.before, match.after) = LineText.context(buffer, around: start..<end, line: line, count: search.context, body: body)
                }
                matches.append(match)
            }
            return matches
        }
    }
}
