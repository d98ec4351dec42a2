/// Makes note titles, folder names and headings that read like a real person's.
///
/// Titles never contain the characters DESIGN.md section 3 replaces in file names, nor
/// `# ^ [ ] |`, so a title is also its file name and a valid `[[link]]` target.
enum Titles {
    /// A title for an ordinary page, inbox item or archived note.
    static func topic(_ random: inout SeededRandom) -> String {
        let title: String
        switch random.weighted([35, 25, 15, 10, 8, 7]) {
        case 0:
            title = random.pick(Words.adjectives) + " " + random.pick(Words.nouns)
        case 1:
            let count = random.int(in: 2...3)
            title = (0..<count).map { _ in random.pick(Words.nouns) }.joined(separator: " ")
        case 2:
            title = random.pick(Words.verbs) + " the " + random.pick(Words.nouns)
        case 3:
            title = random.chance(0.5)
                ? random.pick(Words.projectNames) + " " + random.pick(Words.nouns)
                : random.pick(Words.nouns) + " of " + random.pick(Words.projectNames)
        case 4:
            title = random.chance(0.5)
                ? random.pick(Words.unicode) + " " + random.pick(Words.nouns)
                : random.pick(Words.nouns) + " " + random.pick(Words.unicode)
        default:
            title = random.pick(Words.nouns) + " " + String(random.int(in: 1...99))
        }
        return capitalized(title)
    }

    /// A person's name, as a People note is titled.
    static func person(_ random: inout SeededRandom) -> String {
        random.pick(Words.firstNames) + " " + random.pick(Words.lastNames)
    }

    /// A quick capture's name: a timestamp, as capture tools make them, or a few words.
    static func capture(_ random: inout SeededRandom, day: CalendarDate) -> String {
        if random.chance(0.5) {
            let time = CalendarDate.pad(random.int(in: 6...23), 2) + CalendarDate.pad(random.below(60), 2)
            return "Capture " + day.iso + " " + time
        }
        return topic(&random)
    }

    /// A `## ` heading's text.
    static func heading(_ random: inout SeededRandom) -> String {
        if random.chance(0.5) { return random.pick(commonHeadings) }
        return capitalized(random.pick(Words.adjectives) + " " + random.pick(Words.nouns))
    }

    /// Headings people put in every journal, in the order they put them.
    static let journalHeadings = ["Log", "Tasks", "Notes", "Ideas", "Gratitude"]

    private static let commonHeadings = [
        "Summary", "Context", "Next steps", "Open questions", "References", "Notes", "Decisions",
        "Action items", "Background", "Ideas", "Résumé", "Status", "Timeline", "未解決の問題",
    ]

    /// `text` with its first letter upper-cased (only the first: names stay as written).
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
