extension VaultGraph {
    /// The graph in Graphviz's DOT language: a box per note (labelled with its title), an
    /// arrow per linked pair and kind of link (dashed for embeds), an ellipse per attachment
    /// linked to, and a red dashed ellipse per dangling target (one per target text).
    public var dot: String {
        var text = "digraph vault {\n  rankdir=LR;\n  node [shape=box];\n"
        for note in notes { text += "  \(Self.quoted(note.path)) [label=\(Self.quoted(note.title))];\n" }
        let notePaths = Set(notes.map(\.path))
        let attachments = Set(edges.map(\.target)).subtracting(notePaths).sorted()
        for attachment in attachments { text += "  \(Self.quoted(attachment)) [shape=ellipse];\n" }
        let missing = Set(dangling.map(\.target)).sorted()
        for target in missing {
            text += "  \(Self.quoted(Self.danglingID(target))) [label=\(Self.quoted(target)), shape=ellipse, style=dashed, color=red];\n"
        }
        var drawn = Set<String>()
        for edge in edges {
            let key = [edge.source, edge.target, edge.kind.rawValue, edge.embed ? "embed" : ""].joined(separator: "\u{0}")
            guard drawn.insert(key).inserted else { continue }
            let style = edge.embed ? ", style=dashed" : ""
            text += "  \(Self.quoted(edge.source)) -> \(Self.quoted(edge.target)) [class=\(Self.quoted(edge.kind.rawValue))\(style)];\n"
        }
        for link in dangling {
            let key = [link.source, link.target, "?"].joined(separator: "\u{0}")
            guard drawn.insert(key).inserted else { continue }
            text += "  \(Self.quoted(link.source)) -> \(Self.quoted(Self.danglingID(link.target))) [color=red];\n"
        }
        return text + "}\n"
    }

    /// The node id of a dangling target: a leading `/`, which no vault-relative path has,
    /// keeps it apart from every note and attachment.
    static func danglingID(_ target: String) -> String { "/dangling/" + target }

    /// A DOT quoted string: a backslash and a double quote escaped, line breaks as `\n`
    /// (in DOT only `\"` is an escape in an id, and a trailing `\` would swallow the quote).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n": result += "\\n"
            case "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
