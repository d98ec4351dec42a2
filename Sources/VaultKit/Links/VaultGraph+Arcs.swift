import VaultMarkdown
import VaultSystem

extension VaultGraph {
    /// A link that resolves, held as numbers: 8 bytes, where an `Edge` is two strings and
    /// three values.
    struct Arc: Sendable {
        /// The file it leads to, by its number in the link index.
        let target: Int32
        /// The line (its low 28 bits), the form's `number` and whether it embeds.
        private let packed: UInt32

        private static let lineBits: UInt32 = 28

        init(target: Int32, line: Int, form: Link.Form, embed: Bool) {
            self.target = target
            // A line past 268 million (a note of that many lines) is told as the last one.
            let line = UInt32(min(max(line, 0), Int(1 << Self.lineBits - 1)))
            let form = UInt32(form.number)
            packed = line | form << Self.lineBits | (embed ? 1 << 31 : 0)
        }

        var line: Int { Int(packed & (1 << Self.lineBits - 1)) }
        var form: Link.Form { Link.Form(number: UInt8(packed >> Self.lineBits & 7))! }
        var embed: Bool { packed >> 31 == 1 }
    }

    /// Arcs in blocks of a fixed size: an array of a million of them grown by doubling is
    /// held one and a half times over while it is copied, at the graph's highest point.
    struct Arcs: Sendable {
        static let blockLength = 1 << 16
        private var blocks: [[Arc]] = []
        private(set) var count = 0

        mutating func append(contentsOf arcs: [Arc]) {
            for arc in arcs {
                if count % Self.blockLength == 0 {
                    blocks.append([])
                    blocks[blocks.count - 1].reserveCapacity(Self.blockLength)
                }
                blocks[blocks.count - 1].append(arc)
                count += 1
            }
        }

        subscript(position: Int) -> Arc { blocks[position / Self.blockLength][position % Self.blockLength] }

        /// Calls `body` with each arc, in order.
        func forEach(_ body: (Arc) throws -> Void) rethrows {
            for block in blocks { for arc in block { try body(arc) } }
        }
    }

    /// The edges of `notes`, grouped by note in their order, and where each note's start
    /// (with where the last one's end); a note not `readable` (not downloaded, its name not
    /// UTF-8) has none, and neither has one that cannot be read now.
    ///
    /// A note's links come from its record in the cache when it serves (the walk found it
    /// valid), else from its file, which is then recorded; no note is read for its lines,
    /// which no edge holds.
    static func arcs(of notes: [Node], readable: [Bool], vault: Vault, index: LinkIndex) -> (arcs: Arcs, starts: [Int32]) {
        let reader = CachedReader(fileSystem: vault.fileSystem, cache: vault.cache, dialect: vault.dialect, trustsWalk: true)
        var arcs = Arcs()
        var starts: [Int32] = [0]
        starts.reserveCapacity(notes.count + 1)
        ParallelMap.stream(notes.count, state: {}) { _, number -> [Arc] in
            guard readable[number] else { return [] }
            return Self.arcs(of: notes[number].path, reader: reader, vault: vault, index: index)
        } deliver: { _, found in
            arcs.append(contentsOf: found)
            starts.append(Int32(arcs.count))
            return true
        }
        return (arcs, starts)
    }

    /// The edges of the note at `path`, by line, target and kind (in the note's order where
    /// those are the same); none when its links cannot be read (the check that finds the
    /// dangling links says why).
    private static func arcs(
        of path: String, reader: CachedReader, vault: Vault, index: LinkIndex
    ) -> [Arc] {
        guard let reading = try? reader.read(path: path, absolute: vault.absolutePath(path), wanted: .links),
            reading.complete, reading.facts.isUTF8
        else { return [] }
        let origin = LinkIndex.Origin(path)
        var found: [Arc] = []
        for link in reading.facts.links where link.form != .referenceUse && !link.isSelfLink {
            let resolution = index.resolve(link, from: origin)
            // Every resolution to a file but a link's own note (no edge) carries its number.
            guard let target = resolution.path, let file = resolution.file >= 0 ? resolution.file : index.file(at: target) else { continue }
            found.append(Arc(target: Int32(file), line: link.line, form: link.form, embed: link.isEmbed))
        }
        let paths = index.paths
        // Stable: two links of a line to one file in one form keep the note's order.
        found.sort { a, b in
            let (lineA, lineB) = (a.line, b.line)
            if lineA != lineB { return lineA < lineB }
            if a.target != b.target { return paths[Int(a.target)] < paths[Int(b.target)] }
            return a.form.rawValue < b.form.rawValue
        }
        return found
    }
}
