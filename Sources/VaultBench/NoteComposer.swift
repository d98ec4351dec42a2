/// Writes the text of one planned note: frontmatter, a title, sections of prose, lists,
/// tasks, code, quotes and tables, with links drawn from the vault's popularity.
///
/// A composer draws only from its own note's random stream, so notes can be composed in
/// any order, on any thread, and still come out byte for byte the same.
struct NoteComposer {
    let plan: VaultPlan
    let index: Int
    let note: PlannedNote
    var random: SeededRandom
    var text = ""
    /// One level of list indentation in this note: people use tabs, four or two spaces.
    let indent: String
    /// The day the note's dates cluster around.
    let day: CalendarDate

    private init(plan: VaultPlan, index: Int) {
        self.plan = plan
        self.index = index
        note = plan.notes[index]
        var random = SeededRandom(seed: plan.seed, stream: UInt64(index), salt: 0xC0DE)
        indent = ["\t", "\t", "    ", "    ", "  "][random.below(5)]
        let undated = CalendarDate.anchor.adding(days: -random.below(1_200))
        day = note.date ?? undated
        self.random = random
        text.reserveCapacity(note.targetSize + 600)
    }

    /// The bytes of note `index` of `plan`, counting what it writes into `tally`.
    static func compose(index: Int, plan: VaultPlan, tally: inout Tally) -> [UInt8] {
        var composer = NoteComposer(plan: plan, index: index)
        return composer.compose(&tally)
    }

    private mutating func compose(_ tally: inout Tally) -> [UInt8] {
        let frontmatterShare: Double = switch note.folder {
        case .pages, .archive, .trash: 0.3
        case .inbox: 0.2
        case .journals: 0.1
        case .quick: 0.05
        }
        let hasFrontmatter = random.chance(frontmatterShare)
        if hasFrontmatter {
            frontmatter(&tally)
            tally.notesWithFrontmatter += 1
        }
        let titleShare: Double = switch note.folder {
        case .journals: 0.3
        case .quick: 0.4
        default: 0.85
        }
        if random.chance(titleShare) {
            text += "# " + note.stem + "\n\n"
        }
        paragraph(&tally, sentences: note.folder == .quick ? random.int(in: 1...2) : random.int(in: 1...4))
        if let blockID = note.blockID {
            text.removeLast(2)
            text += " ^" + blockID + "\n\n"
        }
        let sections = note.headings.count
        if sections == 0 {
            fill(until: note.targetSize, &tally)
        } else {
            let start = text.utf8.count
            let room = max(0, note.targetSize - start)
            for (number, heading) in note.headings.enumerated() {
                text += "## " + heading + "\n\n"
                block(&tally)
                fill(until: start + room * (number + 1) / sections, &tally)
            }
        }
        return finish(hasFrontmatter: hasFrontmatter)
    }

    /// Adds blocks until the note holds `size` bytes.
    private mutating func fill(until size: Int, _ tally: inout Tally) {
        while text.utf8.count < size {
            block(&tally)
        }
    }

    /// One block of the kinds people write in this folder.
    private mutating func block(_ tally: inout Tally) {
        let weights: [Double] = switch note.folder {
        //                    para list tasks code quote table number decoy log
        case .journals:       [25, 10, 25, 2, 4, 1, 3, 1, 29]
        case .quick:          [60, 10, 25, 1, 2, 0, 1, 1, 0]
        default:              [44, 15, 15, 6, 6, 3, 8, 3, 0]
        }
        switch random.weighted(weights) {
        case 0: paragraph(&tally, sentences: random.int(in: 2...6))
        case 1: list(&tally, numbered: false)
        case 2: taskList(&tally, quoted: false)
        case 3: codeBlock(&tally)
        case 4: quote(&tally)
        case 5: table(&tally)
        case 6: list(&tally, numbered: true)
        case 7: decoy(&tally)
        default: log(&tally)
        }
    }

    /// Frontmatter as Obsidian users write it, sometimes with a quoted link.
    private mutating func frontmatter(_ tally: inout Tally) {
        text += "---\n"
        if random.chance(0.3) { text += "title: \"" + note.stem + "\"\n" }
        if random.chance(0.15) { text += "aliases: [" + Titles.topic(&random) + "]\n" }
        if random.chance(0.6) {
            let tags = (0..<random.int(in: 1...3)).map { _ in random.pick(Words.tags) }
            text += random.chance(0.7) ? "tags: [" + tags.joined(separator: ", ") + "]\n" : "tags: " + tags[0] + "\n"
        }
        if random.chance(0.5) { text += "created: " + day.adding(days: -random.below(30)).iso + "\n" }
        if random.chance(0.3) { text += "status: " + random.pick(["draft", "active", "done", "someday"]) + "\n" }
        if random.chance(0.25), !plan.popularity.isEmpty {
            text += "related:\n"
            for _ in 0..<random.int(in: 1...3) {
                let target = linkTarget()
                text += "  - \"[[" + plan.notes[target].stem + "]]\"\n"
                tally.count(.frontmatter)
                countInbound(target, &tally)
            }
        }
        text += "---\n\n"
    }

    /// The note's bytes, with its line endings and final newline as some people have them:
    /// CRLF from Windows editors, a BOM, no newline at the end.
    private mutating func finish(hasFrontmatter: Bool) -> [UInt8] {
        while text.hasSuffix("\n\n") { text.removeLast() }
        if random.chance(0.03) { text.removeLast() }
        let crlf = random.chance(0.01)
        let bom = !hasFrontmatter && random.chance(0.005)
        var bytes = [UInt8]()
        bytes.reserveCapacity(text.utf8.count + (crlf ? text.utf8.count / 20 : 0) + 3)
        if bom { bytes += [0xEF, 0xBB, 0xBF] }
        if crlf {
            for byte in text.utf8 {
                if byte == 0x0A { bytes.append(0x0D) }
                bytes.append(byte)
            }
        } else {
            bytes += text.utf8
        }
        return bytes
    }
}
