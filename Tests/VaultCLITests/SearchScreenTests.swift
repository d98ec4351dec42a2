import Foundation
import Testing
@testable import VaultCLI

/// A fuzzy search on a terminal shows what a person reads; a pipe gets everything.
@Suite("Fuzzy search on a terminal")
struct SearchScreenTests {
    @Test("on a terminal a fuzzy search shows a screenful and counts the rest; --limit shows what it asks for")
    func screenful() throws {
        let bench = try LaunchBench()
        let shown = Terminal(stdoutIsTerminal: true, rows: 5)
        let piped = bench.run(["search", "plan"], [:], terminal: Terminal())
        let all = LaunchBench.text(piped.output).split(separator: "\n")
        #expect(all.count > 4)
        let outcome = bench.run(["search", "plan"], [:], terminal: shown)
        let lines = LaunchBench.text(outcome.output).split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines.prefix(3).map { $0.replacingOccurrences(of: " ", with: "") } == all.prefix(3).map { $0.replacingOccurrences(of: " ", with: "") })
        #expect(lines.last == "… \(all.count - 3) more matches (--limit N or a pipe shows all)")
        let limited = bench.run(["search", "plan", "--limit", "4"], [:], terminal: shown)
        #expect(LaunchBench.text(limited.output).split(separator: "\n").count == 4)
        #expect(!LaunchBench.text(limited.output).contains("more match"))
    }
}
