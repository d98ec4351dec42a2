import VaultMarkdown

extension VaultGraph {
    /// The graph in Graphviz's DOT language: a box per note (labelled with its title), an
    /// arrow per linked pair and kind of link (dashed for embeds), an ellipse per attachment
    /// linked to, and a red dashed ellipse per dangling target (one per target text).
    public var dot: String {
        var text = ""
        writeDot { text += $0 }
        return text
    }

    /// `dot`, handed to `write` a line at a time: the graph of a large vault is never held
    /// as one text.
    public func writeDot(_ write: (String) -> Void) {
        write("digraph vault {\n  rankdir=LR;\n  node [shape=box];\n")
        for note in notes { write("  \(Self.quoted(note.path)) [label=\(Self.quoted(note.title))];\n") }
        var linked = [Bool](repeating: false, count: targets.count)
        arcs.forEach { linked[Int($0.target)] = true }
        let notePaths = Set(notes.map(\.path))
        let attachments = Set(targets.indices.lazy.filter { linked[$0] }.map { targets[$0] }).subtracting(notePaths).sorted()
        for attachment in attachments { write("  \(Self.quoted(attachment)) [shape=ellipse];\n") }
        for target in Set(dangling.map(\.target)).sorted() {
            write("  \(Self.quoted(Self.danglingID(target))) [label=\(Self.quoted(target)), shape=ellipse, style=dashed, color=red];\n")
        }
        // Edges come grouped by their source: a pair already drawn is one of the same source.
        var drawn = Set<Drawn>()
        for (position, note) in notes.enumerated() {
            if !drawn.isEmpty { drawn.removeAll() }
            let source = Self.quoted(note.path)
            forEachArc(of: position) { arc in
                guard drawn.insert(Drawn(target: arc.target, form: arc.form, embed: arc.embed)).inserted else { return }
                let style = arc.embed ? ", style=dashed" : ""
                write("  \(source) -> \(Self.quoted(targets[Int(arc.target)])) [class=\(Self.quoted(arc.form.rawValue))\(style)];\n")
            }
        }
        var source: String?
        var missing = Set<String>()
        for link in dangling {
            if link.source != source { (source, missing) = (link.source, []) }
            guard missing.insert(link.target).inserted else { continue }
            write("  \(Self.quoted(link.source)) -> \(Self.quoted(Self.danglingID(link.target))) [color=red];\n")
        }
        write("}\n")
    }

    /// What makes an arrow of a note: where it leads and how.
    private struct Drawn: Hashable {
        let target: Int32
        let form: Link.Form
        let embed: Bool
    }

    /// The node id of a dangling target: a leading `/`, which no vault-relative path has,
    /// keeps it apart from every note and attachment.
    static func danglingID(_ target: String) -> String { "/dangling/" + target }

    /// A DOT quoted string: a double quote and a backslash escaped, a line feed as `\n`, a
    /// carriage return as `\r` and a NUL as `\0`, each byte apart, so that two names that
    /// differ in one of them stay two nodes (a NUL cut Graphviz's string short; in DOT only
    /// `\"` is an escape in an id, and a trailing `\` would swallow the quote).
    ///
    /// By bytes: a quote that a combining mark follows is still a quote to Graphviz (as a
    /// character, the two were one, and the quote was left bare), and every id of a graph of
    /// a million edges passes here.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            let escaped: UInt8?
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped = byte
            case 0x0A: escaped = UInt8(ascii: "n")
            case 0x0D: escaped = UInt8(ascii: "r")
            case 0x00: escaped = UInt8(ascii: "0")
            default: escaped = nil
            }
            if let escaped {
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(escaped)
            } else {
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }
}
