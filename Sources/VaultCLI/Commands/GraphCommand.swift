import VaultKit
import VaultSystem

/// `vault graph`: the link graph, as JSON or Graphviz DOT.
enum GraphCommand: Command {
    static let name = "graph"
    static let summary = "export the link graph (notes, resolved links, dangling targets) as JSON or Graphviz DOT"
    static let usage = ""
    static let discussion = """
        JSON (the default) holds `notes` (path, title), `edges` (source, target, kind, embed, line:
        one per link that resolves), `dangling` (source, target, text, kind, line) and `skipped`
        (notes whose links could not be read). DOT draws a box per note, an arrow per linked pair
        and kind of link (dashed for embeds) and a red node per dangling target, for Graphviz:
        `vault graph --format dot | dot -Tsvg > graph.svg`. Links resolve as everywhere else in
        vault; tags are not links (in a Logseq graph `#page` is one, and a page linked to that has
        no file is dangling here, where `check` lists it apart), and notes in the trash are left
        out. Everything is sorted by path.
        """
    static let format = Option<Format>(choice: "--format", value: "FORMAT", default: .json, help: "json (default) or dot")
    static let options: [any DeclaredOption] = [format]

    /// How the graph is written.
    enum Format: String, CaseIterable {
        case json, dot
    }

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let format = try arguments[format]
        try arguments.finish()
        let vault = try context.vault()
        let scan = try context.scan(vault, detail: .summary)
        context.warn(scan.warnings)
        // The walk's notes are the graph's to let go once it has what it needs of them.
        let graph = VaultGraph(vault: vault, scan: consume scan)
        context.warn(graph.skipped)
        if format == .dot && !context.json {
            graph.writeDot { line in context.write { $0.append(contentsOf: line.utf8) } }
        } else {
            try emit(graph, context)
        }
        return 0
    }

    /// The graph as the one JSON document `Context.emit` would give, written array element by
    /// element: a vault of a million links need not hold the whole document, nor its edges as values.
    private static func emit(_ graph: VaultGraph, _ context: Context) throws {
        context.write { $0.append(contentsOf: "{\n  \"dangling\": ".utf8) }
        try array(graph.dangling, context)
        context.write { $0.append(contentsOf: ",\n  \"edges\": ".utf8) }
        var edges = JSONArrayStream(depth: 1)
        graph.forEachEdge { edge in context.write { edges.append(value(of: edge), to: &$0) } }
        context.write { edges.finish(to: &$0) }
        context.write { $0.append(contentsOf: ",\n  \"notes\": ".utf8) }
        try array(graph.notes, context)
        context.write { $0.append(contentsOf: ",\n  \"skipped\": ".utf8) }
        try array(graph.skipped, context)
        context.write { $0.append(contentsOf: "\n}\n".utf8) }
    }

    private static func array(_ items: [some Encodable], _ context: Context) throws {
        var stream = JSONArrayStream(depth: 1)
        for item in items where !stream.append(encoding: item, in: context) { break }
        if let failure = stream.failure { throw failure }
        context.write { stream.finish(to: &$0) }
    }

    /// An edge as its encoding gives it, keys in order, made without the encoder: a million
    /// edges went through it at half of the command's time.
    private static func value(of edge: VaultGraph.Edge) -> JSONValue {
        .object([
            ("embed", .bool(edge.embed)), ("kind", .string(edge.kind.rawValue)), ("line", .number(String(edge.line))),
            ("source", .string(edge.source)), ("target", .string(edge.target)),
        ])
    }
}
