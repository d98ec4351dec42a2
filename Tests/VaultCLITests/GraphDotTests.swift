import Foundation
import Testing

/// `vault graph --format dot` as Graphviz reads it.
@Suite("Graphviz reads the exported graph")
struct GraphDotTests {
    @Test("dot renders the graph of the demo vault and of names with quotes and backslashes, without a warning")
    func dotAccepts() throws {
        // Debian's graphviz; without it there is nothing to check the output against.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") else { return }
        let demo = try Sandbox(fixture: "demo")
        let rendered = try demo.run("vault graph --format dot 2>/dev/null > graph.dot && dot -Tsvg graph.dot -o graph.svg && grep -c '<g id=\"node' graph.svg")
        #expect(rendered.status == 0 && rendered.errors == "", "\(rendered.errors)")
        #expect((Int(rendered.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 20)
        let odd = try Sandbox(fixture: "empty")
        let tricky = try odd.run(
            #"mkdir -p .zennotes pages && printf '[[back\\slash]] [[Gone "x"]]\n' > 'pages/Say "hi".md' && printf '# Ends in \\\n' > 'pages/back\slash.md'"#
                + " && vault graph --format dot > graph.dot && dot -Tsvg graph.dot -o graph.svg")
        #expect(tricky.status == 0 && tricky.errors == "", "\(tricky.errors)")
    }

    @Test("names that differ only in a carriage return or a line feed are two nodes, and a NUL in a title or a link does not cut the output")
    func lineBreaksAndNul() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dot") else { return }
        let sandbox = try Sandbox(fixture: "empty")
        let rendered = try sandbox.run(
            #"mkdir -p .zennotes pages && printf 'one\n' > "$(printf 'pages/x\ry.md')" && printf 'two\n' > "$(printf 'pages/x\ny.md')""#
                + #" && printf -- '---\ntitle: "a\\u0000b"\n---\n[[ta\0rget]]\n' > pages/N.md"#
                + " && vault graph --format dot > graph.dot && dot -Tplain graph.dot | grep -c '^node'")
        #expect(rendered.status == 0, "\(rendered.errors)")
        // The three notes and the dangling target.
        #expect(rendered.output.trimmingCharacters(in: .whitespacesAndNewlines) == "4")
    }
}
