import VaultSystem

/// A unified diff as `git diff` writes one: for each file a `diff --git` header, then hunks
/// (`@@ -l,n +l,n @@`) with three lines of context, so `git apply` takes it as it is.
///
/// Lines are written as the bytes they are on disk: a `\r` before a newline stays, and a last
/// line without a newline is followed by `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The lines of context around each change.
    public static let context = 3

    /// The hunks that turn `old` into `new` (nothing when they are equal).
    public static func hunks(from old: [UInt8], to new: [UInt8]) -> [UInt8] {
        let before = DiffLines(old)
        let after = DiffLines(new)
        var output: [UInt8] = []
        for group in groups(LineDifference.edits(from: before, to: after)) {
            write(group, before, after, to: &output)
        }
        return output
    }

    /// A file's diff: its header, then its hunks. `old` is nil for a new file, `new` nil for
    /// a deleted one; `path` and `newPath` differ for a rename (a `rename from`/`rename to`
    /// pair, as git writes it).
    static func file(path: String, newPath: String? = nil, old: [UInt8]?, new: [UInt8]?, mode: UInt32 = 0o644) -> [UInt8] {
        let to = newPath ?? path
        var text = "diff --git \(quoted("a/" + path)) \(quoted("b/" + to))\n"
        let gitMode = mode & 0o111 != 0 ? "100755" : "100644"
        if old == nil { text += "new file mode \(gitMode)\n" }
        if new == nil { text += "deleted file mode \(gitMode)\n" }
        if to != path { text += "rename from \(quoted(path))\n" + "rename to \(quoted(to))\n" }
        let hunks = hunks(from: old ?? [], to: new ?? [])
        guard !hunks.isEmpty else { return Array(text.utf8) }
        // A name with a space ends in a tab, so the line cannot be read as a name and a date.
        let minus = old == nil ? "/dev/null" : quoted("a/" + path) + (path.contains(" ") ? "\t" : "")
        let plus = new == nil ? "/dev/null" : quoted("b/" + to) + (to.contains(" ") ? "\t" : "")
        text += "--- \(minus)\n+++ \(plus)\n"
        return Array(text.utf8) + hunks
    }

    /// A path as git writes it: in double quotes with C escapes when it holds a quote, a
    /// backslash or a control character, else as it is.
    static func quoted(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return path
        }
        var text = "\""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\\"): text += "\\\\"
            case 0x0A: text += "\\n"
            case 0x09: text += "\\t"
            case 0x0D: text += "\\r"
            case ..<0x20, 0x7F...: text += "\\" + Digits.number(byte, radix: 8, width: 3)
            default: text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text + "\""
    }

    /// Edits close enough that their context lines touch or overlap, in one hunk each.
    private static func groups(_ edits: [LineDifference.Edit]) -> [[LineDifference.Edit]] {
        var groups: [[LineDifference.Edit]] = []
        for edit in edits {
            if let last = groups.last?.last, edit.old.lowerBound - last.old.upperBound <= 2 * context {
                groups[groups.count - 1].append(edit)
            } else {
                groups.append([edit])
            }
        }
        return groups
    }

    /// One hunk: its `@@` line, then context, removed and added lines in order.
    private static func write(_ group: [LineDifference.Edit], _ old: DiffLines, _ new: DiffLines, to output: inout [UInt8]) {
        let first = group[0]
        let last = group[group.count - 1]
        let start = max(0, first.old.lowerBound - context)
        let newStart = first.new.lowerBound - (first.old.lowerBound - start)
        let end = min(old.count, last.old.upperBound + context)
        let newEnd = last.new.upperBound + (end - last.old.upperBound)
        output += Array("@@ -\(range(start, end - start)) +\(range(newStart, newEnd - newStart)) @@\n".utf8)
        var line = start
        for edit in group {
            while line < edit.old.lowerBound {
                append(line, of: old, marker: " ", to: &output)
                line += 1
            }
            for removed in edit.old { append(removed, of: old, marker: "-", to: &output) }
            for added in edit.new { append(added, of: new, marker: "+", to: &output) }
            line = edit.old.upperBound
        }
        while line < end {
            append(line, of: old, marker: " ", to: &output)
            line += 1
        }
    }

    /// A hunk range: the first line (the one before, for an empty range) and the count,
    /// which git leaves out when it is 1.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
    }

    private static func append(_ index: Int, of lines: DiffLines, marker: Character, to output: inout [UInt8]) {
        output.append(marker.asciiValue!)
        output += lines.bytes[lines.range(index)]
        if index == lines.count - 1 && lines.lacksFinalNewline {
            output += Array("\n\\ No newline at end of file\n".utf8)
        }
    }
}
