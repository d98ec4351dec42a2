import Testing
@testable import VaultBench

@Suite("the hard note shapes")
struct NoteShapeTests {
    @Test("each shape has its own name and comes out at about the size asked for")
    func sizes() {
        #expect(Set(NoteShape.all.map(\.name)).count == NoteShape.all.count)
        for shape in NoteShape.all {
            let bytes = shape.bytes(size: 100_000)
            #expect(bytes.count >= 90_000 && bytes.count <= 130_000, "\(shape.name): \(bytes.count) bytes")
        }
    }

    @Test("shapes takes its sizes and names from the command line, and refuses others", arguments: [
        ["shapes", "--sizes", "0"], ["shapes", "--sizes", "big"], ["shapes", "--shapes", "nothing"], ["shapes", "--bogus"],
    ])
    func usage(arguments: [String]) {
        #expect(BenchCommandLine.main(arguments) == 2)
    }

    @Test("a cell shows time and memory, and says when the command was killed")
    func cells() {
        #expect(ShapesCommand.cell(ProcessOutcome(status: 1, seconds: 1.234, maxRSSKiB: 46_000, output: "")) == "1.23 s, 45 MB")
        #expect(ShapesCommand.cell(ProcessOutcome(status: 137, seconds: 120.2, maxRSSKiB: 10, output: "")) == "killed after 120 s")
        #expect(ShapesCommand.cell(ProcessOutcome(status: 134, seconds: 2, maxRSSKiB: 2048, output: "")).hasSuffix("(exit 134)"))
    }
}
