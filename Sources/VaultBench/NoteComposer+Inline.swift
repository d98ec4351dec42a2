/// Prose: sentences of words with links, tags, inline code and emphasis mixed in.
extension NoteComposer {
    /// A paragraph on one line, as editors that soft-wrap leave it.
    mutating func paragraph(_ tally: inout Tally, sentences: Int) {
        for number in 0..<sentences {
            if number > 0 { text += " " }
            sentence(&tally, words: random.int(in: 5...16), linkChance: 1.0 / 55)
        }
        text += "\n\n"
    }

    /// A sentence: a capitalised first word, words and inline elements, an end mark.
    mutating func sentence(_ tally: inout Tally, words: Int, linkChance: Double) {
        for number in 0..<words {
            if number > 0 { text += " " }
            let roll = random.unit()
            if roll < linkChance {
                link(&tally)
            } else if roll < linkChance + 0.012 {
                tag()
            } else if roll < linkChance + 0.018 {
                inlineCode(&tally)
            } else if roll < linkChance + 0.033 {
                let marks = random.pick(["**", "_", "*", "=="])
                text += marks + word() + marks
            } else if roll < linkChance + 0.036 {
                url()
            } else {
                text += number == 0 ? Titles.capitalized(word()) : word()
            }
        }
        text += random.pick(Words.punctuation)
    }

    /// A word with the frequencies of prose: mostly short common words.
    mutating func word() -> String {
        switch random.weighted([46, 30, 11, 10, 3]) {
        case 0: random.pick(Words.common)
        case 1: random.pick(Words.nouns)
        case 2: random.pick(Words.verbs)
        case 3: random.pick(Words.adjectives)
        default: random.pick(Words.unicode)
        }
    }

    /// A few lower-case words, as link aliases and markdown link texts are.
    mutating func phrase() -> String {
        (0..<random.int(in: 1...3)).map { _ in word() }.joined(separator: " ")
    }

    /// An inline `#tag`, now and then one that is not a tag (a pure number).
    mutating func tag() {
        text += random.chance(0.05) ? "#" + String(random.int(in: 1...999)) : "#" + random.pick(Words.tags)
    }

    /// A URL, some with a fragment that is not a tag.
    mutating func url() {
        let fragment = random.chance(0.4) ? "#" + random.pick(Words.nouns) : ""
        text += "https://example.com/" + random.pick(Words.nouns) + "/" + String(random.int(in: 1...9_999)) + fragment
    }

    /// An inline code span, sometimes holding a link or a task that is not one.
    mutating func inlineCode(_ tally: inout Tally) {
        switch random.below(6) {
        case 0 where !plan.popularity.isEmpty:
            text += "`[[" + plan.notes[plan.popularity.draw(&random)].stem + "]]`"
            tally.fakeLinksInCode += 1
        case 1:
            text += "`- [ ] " + random.pick(Words.verbs) + "`"
        default:
            text += "`" + random.pick(Words.codeLines) + "`"
        }
    }

    /// A note to link to: popular notes more often, never the linking note itself.
    mutating func linkTarget() -> Int {
        let target = plan.popularity.draw(&random)
        guard target == index else { return target }
        return plan.popularity.ranked[(plan.popularity.ranked.firstIndex(of: target)! + 1) % plan.popularity.ranked.count]
    }

    /// A link in one of the forms of DESIGN.md section 4, or to a page not yet written.
    mutating func link(_ tally: inout Tally) {
        guard plan.popularity.ranked.count > 1 else {
            text += word()
            return
        }
        //                             plain alias head h+al block path ext embed md dangling asset
        let choice = random.weighted([40, 12, 7, 3, 3, 5, 3, 4, 12, 3, 2])
        if choice == 10 {
            text += "![[" + random.pick(plan.assets).dropFirst("assets/".count) + "]]"
            tally.count(.embedAsset)
            return
        }
        if choice == 9 {
            text += "[[" + random.pick(plan.danglingNames) + "]]"
            tally.count(.wikilink)
            tally.danglingLinks += 1
            return
        }
        let target = linkTarget()
        let note = plan.notes[target]
        if choice == 8 {
            markdownLink(to: note, &tally)
            return
        }
        var form: LinkForm = [.wikilink, .wikilinkAlias, .wikilinkHeading, .wikilinkHeadingAlias,
                              .wikilinkBlock, .wikilinkPath, .wikilinkExtension, .embed][choice]
        if (form == .wikilinkHeading || form == .wikilinkHeadingAlias) && note.headings.isEmpty { form = .wikilink }
        if form == .wikilinkBlock && note.blockID == nil { form = .wikilinkAlias }
        switch form {
        case .wikilinkAlias: text += "[[" + note.stem + "|" + phrase() + "]]"
        case .wikilinkHeading: text += "[[" + note.stem + "#" + random.pick(note.headings) + "]]"
        case .wikilinkHeadingAlias: text += "[[" + note.stem + "#" + random.pick(note.headings) + "|" + phrase() + "]]"
        case .wikilinkBlock: text += "[[" + note.stem + "#^" + note.blockID! + "]]"
        case .wikilinkPath: text += "[[" + note.pathWithoutExtension + "]]"
        case .wikilinkExtension: text += "[[" + note.stem + ".md]]"
        case .embed: text += "![[" + note.stem + "]]"
        default: text += "[[" + note.stem + "]]"
        }
        tally.count(form)
        countInbound(target, &tally)
    }

    /// A `[[Note\|alias]]` link, as tables need it.
    mutating func tableLink(_ tally: inout Tally) {
        let target = linkTarget()
        text += "[[" + plan.notes[target].stem + "\\|" + phrase() + "]]"
        tally.count(.wikilinkTableAlias)
        countInbound(target, &tally)
    }

    /// A markdown link relative to this note, encoded the ways editors encode spaces.
    mutating func markdownLink(to target: PlannedNote, _ tally: inout Tally) {
        let relative = Self.relativePath(from: note.directory, to: target.path)
        let label = random.chance(0.5) ? target.stem : phrase()
        if !target.headings.isEmpty && random.chance(0.25) {
            text += "[" + label + "](" + Self.percentEncoded(relative) + "#"
                + Self.percentEncoded(random.pick(target.headings)) + ")"
            tally.count(.markdownHeading)
        } else if !relative.contains(" ") {
            text += "[" + label + "](" + relative + ")"
            tally.count(.markdown)
        } else if random.chance(1.0 / 3) {
            text += "[" + label + "](<" + relative + ">)"
            tally.count(.markdownAngle)
        } else {
            text += "[" + label + "](" + Self.percentEncoded(relative) + ")"
            tally.count(.markdownPercent)
        }
    }

    /// Counts a `[[...]]` backlink; links from `trash/` are never indexed.
    func countInbound(_ target: Int, _ tally: inout Tally) {
        if note.folder != .trash { tally.inbound[target] += 1 }
    }

    /// The path of `target` as seen from the folder `directory` (`../pages/Note.md`).
    static func relativePath(from directory: String, to target: String) -> String {
        let from = directory.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count && common < to.count - 1 && from[common] == to[common] {
            common += 1
        }
        let ups = Array(repeating: "..", count: from.count - common)
        return (ups + to[common...].map(String.init)).joined(separator: "/")
    }

    /// `text` with spaces as `%20`, the only encoding Obsidian writes.
    static func percentEncoded(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).joined(separator: "%20")
    }
}
