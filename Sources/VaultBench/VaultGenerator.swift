import Dispatch
import Foundation

/// Generates a realistic vault of markdown notes from a seed: the same seed and size give
/// the same bytes, file for file, on any machine.
///
/// Notes are spread over `journals/`, `pages/` (with subfolders), `inbox/`, `quick/`,
/// `archive/pages/` and `trash/pages/`, with frontmatter, headings, tags, every link form
/// of DESIGN.md section 4, tasks in every state, and code that holds fake links and tasks.
/// A manifest of what was written goes beside the vault, never into it.
public struct VaultGenerator: Sendable {
    /// How many notes to write.
    public let noteCount: Int
    /// The seed every random draw derives from.
    public let seed: UInt64

    /// The word the harness searches for: a noun of middling frequency.
    static let searchWord = "budget"
    /// The fuzzy query the harness gives name and line matchers.
    static let fuzzyQuery = "projplan"

    /// A generator of `notes` notes from `seed`.
    public init(notes: Int, seed: UInt64) {
        noteCount = notes
        self.seed = seed
    }

    /// Writes the vault into `output`, which must be missing or empty, and its manifest to
    /// `Manifest.path(forVault:)`; returns the manifest.
    ///
    /// Notes are composed and written on `workers` threads; each note draws from its own
    /// random stream, so the thread count never changes the output.
    @discardableResult
    public func generate(into output: String, workers: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> Manifest {
        guard noteCount > 0 else { throw BenchError.usage("the number of notes must be positive") }
        guard try BenchFiles.isAbsentOrEmptyFolder(output) else {
            throw BenchError("\(output) exists and is not empty: the generator only writes a new folder")
        }
        let plan = VaultPlan(notes: noteCount, seed: seed)
        try BenchFiles.makeFolders(output)
        let root = output.hasSuffix("/") ? output : output + "/"
        for directory in plan.directories {
            try BenchFiles.makeFolder(root + directory)
        }
        try BenchFiles.writeNew(root + ".zennotes/vault.json", Array("{\n  \"id\": \"\(plan.vaultID)\"\n}\n".utf8))
        for asset in plan.assets {
            try BenchFiles.writeNew(root + asset, VaultPlan.assetBytes)
        }

        let tally = try compose(plan, into: root, workers: max(1, workers))
        let manifest = makeManifest(plan, tally)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var json = [UInt8](try encoder.encode(manifest))
        json.append(0x0A)
        try BenchFiles.replace(Manifest.path(forVault: output), json)
        return manifest
    }

    /// The manifest of an earlier run into `output`, if it was made with this generator's
    /// format, seed and size (so the vault there is the one this run would write).
    public func existingManifest(at output: String) -> Manifest? {
        guard BenchFiles.exists(output + "/.zennotes/vault.json"),
              let bytes = BenchFiles.read(Manifest.path(forVault: output)),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)),
              manifest.format == Manifest.currentFormat, manifest.seed == seed, manifest.notes == noteCount
        else { return nil }
        return manifest
    }

    private func compose(_ plan: VaultPlan, into root: String, workers: Int) throws -> Tally {
        let count = plan.notes.count
        let results = Locked([Int: Result<Tally, Error>]())
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var tally = Tally(noteCount: count)
            let result = Result<Tally, Error> {
                // Interleaved indices keep the workers' loads even: neighbouring notes are alike.
                for index in stride(from: worker, to: count, by: workers) {
                    let bytes = NoteComposer.compose(index: index, plan: plan, tally: &tally)
                    try BenchFiles.writeNew(root + plan.notes[index].path, bytes)
                    tally.sizes[index] = Int32(bytes.count)
                }
                return tally
            }
            results.withLock { $0[worker] = result }
        }
        var total = Tally(noteCount: count)
        for worker in 0..<workers {
            let result = results.withLock { $0[worker] }
            total.merge(try result!.get())
        }
        return total
    }

    private func makeManifest(_ plan: VaultPlan, _ tally: Tally) -> Manifest {
        var perFolder = [String: Int]()
        for folder in NoteFolder.allCases {
            perFolder[folder.rawValue] = VaultPlan.count(of: folder, total: noteCount)
        }
        var links = [String: Int]()
        for (offset, form) in LinkForm.allCases.enumerated() { links[form.rawValue] = tally.links[offset] }
        var tasks = [String: Int]()
        for (offset, mark) in TaskMark.allCases.enumerated() { tasks[mark.rawValue] = tally.tasks[offset] }
        let sizes = tally.sizes.map(Int.init).sorted()
        var top = 0
        for index in tally.inbound.indices where tally.inbound[index] > tally.inbound[top] { top = index }
        let most = plan.notes[top]
        return Manifest(
            format: Manifest.currentFormat,
            seed: seed,
            notes: noteCount,
            totalBytes: sizes.reduce(0, +),
            vaultID: plan.vaultID,
            notesPerFolder: perFolder,
            assets: plan.assets.count,
            pageFolders: plan.directories.filter { $0.hasPrefix("pages/") }.count,
            links: links,
            danglingLinks: tally.danglingLinks,
            tasks: tasks,
            nestedTasks: tally.nestedTasks,
            quotedTasks: tally.quotedTasks,
            fakeLinksInCode: tally.fakeLinksInCode,
            fakeTasksInCode: tally.fakeTasksInCode,
            linksInComments: tally.linksInComments,
            escapedLinks: tally.escapedLinks,
            emptyLinks: tally.emptyLinks,
            notesWithFrontmatter: tally.notesWithFrontmatter,
            sizes: Manifest.Sizes(
                median: sizes[(sizes.count - 1) / 2],
                largest: sizes.last ?? 0,
                over20KB: sizes.filter { $0 > 20_000 }.count),
            mostLinked: Manifest.MostLinked(path: most.path, title: most.stem, inboundWikilinks: Int(tally.inbound[top])),
            queries: Manifest.Queries(
                word: Self.searchWord,
                fuzzy: Self.fuzzyQuery,
                renameNote: most.path,
                renameTitle: most.stem + " renamed"))
    }
}
