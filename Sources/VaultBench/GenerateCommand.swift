import Foundation

/// `vault-bench generate OUT --notes N --seed S`: writes a realistic vault.
struct GenerateCommand: BenchCommand {
    static let name = "generate"
    static let summary = "write a realistic vault of N notes from a seed"
    static let usage = """
        usage: vault-bench generate OUT --notes N [--seed S] [--reuse] [--manifest] [--jobs N]

        Writes N realistic notes into the new folder OUT (which must be missing or empty) and
        a manifest of what it wrote to OUT.manifest.json, beside the vault, not in it.
        The same seed and N always give the same bytes.

          --notes N     how many notes, 1 to 10,000,000
          --seed S      the seed, a whole number (default 1)
          --reuse       when OUT already holds the vault of this seed and N, keep it
          --manifest    print the manifest (JSON) on stdout
          --jobs N      threads to write with (default: every core); the bytes stay the same
        """

    static func run(_ arguments: inout BenchArguments) throws {
        guard let notes = try arguments.integer("--notes", in: 1...10_000_000) else {
            throw BenchError.usage("generate needs --notes N")
        }
        let seedText = try arguments.option("--seed") ?? "1"
        guard let seed = UInt64(seedText) else {
            throw BenchError.usage("--seed must be a whole number from 0 to \(UInt64.max), not '\(seedText)'")
        }
        let reuse = arguments.flag("--reuse")
        let printManifest = arguments.flag("--manifest")
        let jobs = try arguments.integer("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let output = try arguments.positional("the output folder OUT")
        try arguments.finish()

        let generator = VaultGenerator(notes: notes, seed: seed)
        let manifest: Manifest
        if reuse, let existing = generator.existingManifest(at: output) {
            manifest = existing
            FileHandle.standardError.write(Data("vault-bench: \(output) already holds \(notes) notes of seed \(seed): kept\n".utf8))
        } else {
            if reuse, try !BenchFiles.isAbsentOrEmptyFolder(output) {
                throw BenchError("\(output) holds another vault than \(notes) notes of seed \(seed): remove it or choose another folder")
            }
            let start = Date()
            manifest = try generator.generate(into: output, workers: jobs)
            let seconds = Date().timeIntervalSince(start)
            FileHandle.standardError.write(Data(("vault-bench: wrote \(BenchmarkReport.grouped(notes)) notes "
                + "(\(BenchmarkReport.bytes(manifest.totalBytes))) in \(BenchmarkReport.fixed(seconds, 2)) s to \(output)\n").utf8))
        }
        if printManifest {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(manifest), as: UTF8.self))
        }
    }
}
