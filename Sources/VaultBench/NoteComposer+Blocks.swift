/// Block-level content: lists, task lists, code, quotes, tables and the traps that look
/// like links or tasks but are not.
extension NoteComposer {
    /// A bullet or numbered list, nested now and then.
    mutating func list(_ tally: inout Tally, numbered: Bool) {
        let bullet = random.pick(["-", "-", "-", "*", "+"])
        var depth = 0
        for number in 1...random.int(in: 2...7) {
            depth = nextDepth(after: depth, first: number == 1)
            text += String(repeating: indent, count: depth) + (numbered ? String(number) + "." : bullet) + " "
            sentence(&tally, words: random.int(in: 3...12), linkChance: 1.0 / 20)
            text += "\n"
        }
        text += "\n"
    }

    /// A list of tasks in every state, nested up to three levels, with dates and priorities.
    mutating func taskList(_ tally: inout Tally, quoted: Bool) {
        let marker = ["-", "-", "-", "-", "-", "-", "*", "+", "1.", "1)"][random.below(10)]
        let ordered = marker.hasPrefix("1")
        var depth = 0
        for number in 1...random.int(in: 1...6) {
            depth = nextDepth(after: depth, first: number == 1)
            let mark = TaskMark.allCases[random.weighted(TaskMark.weights)]
            let character: String = switch mark {
            case .open: " "
            case .done: random.chance(0.9) ? "x" : "X"
            case .inProgress: "/"
            case .cancelled: "-"
            case .forwarded: ">"
            case .other: random.pick(TaskMark.otherCharacters)
            }
            let bullet = ordered ? String(number) + String(marker.last!) : marker
            text += (quoted ? "> " : "") + String(repeating: indent, count: depth) + bullet + " [" + character + "] "
            sentence(&tally, words: random.int(in: 2...9), linkChance: 1.0 / 18)
            taskFields(done: mark == .done)
            text += "\n"
            tally.count(mark)
            if depth > 0 { tally.nestedTasks += 1 }
            if quoted { tally.quotedTasks += 1 }
        }
        if !quoted { text += "\n" }
    }

    /// Dates and priorities in the notations of the Tasks plugin and of plain-text users.
    private mutating func taskFields(done: Bool) {
        if random.chance(0.3) {
            let due = day.adding(days: random.int(in: -5...40)).iso
            text += random.chance(0.5) ? " due:" + due : " 📅 " + due
        }
        if random.chance(0.08) { text += " ⏳ " + day.adding(days: random.int(in: 0...10)).iso }
        if random.chance(0.05) { text += " 🛫 " + day.adding(days: random.int(in: 0...5)).iso }
        if done && random.chance(0.5) { text += " ✅ " + day.adding(days: random.int(in: 0...20)).iso }
        if random.chance(0.15) {
            text += " " + random.pick(["!high", "!med", "!low", "🔺", "⏫", "🔼", "🔽", "⏬"])
        }
    }

    /// The depth of the next list item: deeper, the same, or back out, at most three deep.
    private mutating func nextDepth(after depth: Int, first: Bool) -> Int {
        if first { return 0 }
        let roll = random.unit()
        if roll < 0.3 && depth < 3 { return depth + 1 }
        if roll < 0.5 && depth > 0 { return random.below(depth) }
        return depth
    }

    /// A fenced code block, sometimes holding a link and a task that are neither.
    mutating func codeBlock(_ tally: inout Tally) {
        let fence = random.chance(0.8) ? "```" : "~~~"
        text += fence + random.pick(Words.codeLanguages) + "\n"
        for _ in 0..<random.int(in: 2...8) {
            text += random.pick(Words.codeLines) + "\n"
        }
        if random.chance(0.4) {
            text += "- [ ] " + random.pick(Words.verbs) + " the " + random.pick(Words.nouns) + "\n"
            tally.fakeTasksInCode += 1
        }
        if random.chance(0.4), !plan.popularity.isEmpty {
            text += "see [[" + plan.notes[plan.popularity.draw(&random)].stem + "]]\n"
            tally.fakeLinksInCode += 1
        }
        text += fence + "\n\n"
    }

    /// A block quote or callout, some holding tasks.
    mutating func quote(_ tally: inout Tally) {
        if random.chance(0.2) {
            text += "> [!" + random.pick(["note", "tip", "warning", "todo"]) + "] " + Titles.heading(&random) + "\n"
        }
        for _ in 0..<random.int(in: 1...3) {
            text += "> "
            sentence(&tally, words: random.int(in: 6...18), linkChance: 1.0 / 30)
            text += "\n"
        }
        if random.chance(0.2) {
            taskList(&tally, quoted: true)
        }
        text += "\n"
    }

    /// A table whose last column links with the escaped alias `[[Note\|alias]]`.
    mutating func table(_ tally: inout Tally) {
        text += "| Item | Owner | Link |\n| --- | --- | --- |\n"
        for _ in 0..<random.int(in: 2...6) {
            text += "| " + Titles.capitalized(random.pick(Words.nouns)) + " | " + random.pick(Words.firstNames) + " | "
            if random.chance(0.6) && plan.popularity.ranked.count > 1 {
                tableLink(&tally)
            } else {
                text += random.pick(Words.adjectives)
            }
            text += " |\n"
        }
        text += "\n"
    }

    /// A line that a careless scanner would take for a link.
    mutating func decoy(_ tally: inout Tally) {
        switch random.below(3) {
        case 0 where !plan.popularity.isEmpty:
            text += "<!-- link [[" + plan.notes[plan.popularity.draw(&random)].stem + "]] later -->\n\n"
            tally.linksInComments += 1
        case 1:
            text += "Type \\[\\[" + random.pick(Words.nouns) + "]] to make a link.\n\n"
            tally.escapedLinks += 1
        default:
            text += "An empty [[]] is not a link.\n\n"
            tally.emptyLinks += 1
        }
    }

    /// A journal's log: timestamped bullets.
    mutating func log(_ tally: inout Tally) {
        var minutes = random.int(in: 6 * 60...11 * 60)
        for _ in 0..<random.int(in: 2...6) {
            text += "- " + CalendarDate.pad(minutes / 60 % 24, 2) + ":" + CalendarDate.pad(minutes % 60, 2) + " "
            sentence(&tally, words: random.int(in: 4...14), linkChance: 1.0 / 16)
            text += "\n"
            minutes += random.int(in: 10...120)
        }
        text += "\n"
    }
}
