/// The shape of a generated vault, decided from the seed before any text is written:
/// every note's path, name, size, headings and block id, and who links to whom.
struct VaultPlan: Sendable {
    let seed: UInt64
    let notes: [PlannedNote]
    /// Every folder to create, sorted, so a parent always comes before its children.
    let directories: [String]
    /// The subfolders of `pages/` (without the `pages/` prefix).
    let pageFolders: [String]
    let popularity: Popularity
    /// Names that links point to but no note has: the pages a person meant to write.
    let danglingNames: [String]
    /// Attachments (`assets/...`), which notes embed.
    let assets: [String]
    /// The `id` of `.zennotes/vault.json`.
    let vaultID: String

    /// The bytes of every attachment: a 1x1 PNG, since only names matter to links.
    static let assetBytes: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// Plans a vault of `count` notes.
    init(notes count: Int, seed: UInt64) {
        self.seed = seed
        var random = SeededRandom(seed: seed, stream: 0, salt: 0xB1A5)
        var names = NameBook()
        let folders = Self.pageFolders(count: max(8, count / 200), &random)
        let folderWeights = folders.indices.map { 1.0 / Double($0 + 2) }

        var notes = [PlannedNote]()
        notes.reserveCapacity(count)
        var day = CalendarDate.anchor
        for folder in NoteFolder.allCases {
            for _ in 0..<Self.count(of: folder, total: count) {
                let directory: String
                let stem: String
                var date: CalendarDate?
                switch folder {
                case .journals:
                    directory = "journals"
                    stem = day.iso
                    date = day
                    day = day.adding(days: -[1, 1, 1, 1, 1, 1, 2, 2, 3, 5][random.below(10)])
                case .inbox:
                    directory = "inbox"
                    stem = names.claim(Titles.topic(&random))
                case .quick:
                    directory = "quick"
                    let captured = CalendarDate.anchor.adding(days: -random.below(900))
                    stem = names.claim(Titles.capture(&random, day: captured))
                case .pages, .archive, .trash:
                    let sub = random.chance(0.3) ? nil : folders[random.weighted(folderWeights)]
                    let prefix = folder == .pages ? "pages" : folder.rawValue + "/pages"
                    directory = sub.map { prefix + "/" + $0 } ?? prefix
                    let person = sub == "People" && random.chance(0.8)
                    stem = names.claim(person ? Titles.person(&random) : Titles.topic(&random))
                }
                let size = NoteSizes.draw(for: folder, &random)
                notes.append(PlannedNote(
                    path: directory + "/" + stem + ".md",
                    folder: folder,
                    directory: directory,
                    stem: stem,
                    targetSize: size,
                    headings: Self.headings(for: folder, size: size, &random),
                    blockID: size >= 500 && random.chance(0.25) ? Self.blockID(&random) : nil,
                    date: date))
            }
        }
        self.notes = notes
        pageFolders = folders
        popularity = Popularity(notes: notes, &random)
        danglingNames = (0..<max(20, count / 25)).map { _ in names.claim(Titles.topic(&random) + " draft") }
        var assetNames = NameBook()
        assets = (0..<max(3, count / 100)).map { _ in
            let day = CalendarDate.anchor.adding(days: -random.below(900))
            let time = [24, 60, 60].map { CalendarDate.pad(random.below($0), 2) }.joined()
            let stamp = day.iso.split(separator: "-").joined() + time
            let name = random.chance(0.7) ? "Pasted image " + stamp : "diagram " + random.pick(Words.nouns)
            return "assets/" + assetNames.claim(name) + ".png"
        }
        vaultID = "bench-" + String(random.next(), radix: 16)
        var directorySet = Set([".zennotes", "assets"])
        for note in notes {
            var path = Substring(note.directory)
            while !path.isEmpty {
                directorySet.insert(String(path))
                path = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
            }
        }
        directories = directorySet.sorted()
    }

    /// How many of `total` notes go to `folder`; pages take what the rounding leaves.
    static func count(of folder: NoteFolder, total: Int) -> Int {
        guard folder == .pages else { return total * folder.share / 100 }
        let others = NoteFolder.allCases.filter { $0 != .pages }.reduce(0) { $0 + count(of: $1, total: total) }
        return total - others
    }

    /// Subfolders of `pages/`: the usual top-level ones first, then nested project,
    /// meeting and area folders as the vault grows.
    private static func pageFolders(count: Int, _ random: inout SeededRandom) -> [String] {
        var folders = Array(Words.folders.prefix(count))
        var taken = Set(folders.map { $0.lowercased() })
        var attempts = 0
        while folders.count < count && attempts < count * 20 {
            attempts += 1
            let name: String
            switch random.below(4) {
            case 0: name = "Projects/" + random.pick(Words.projectNames) + " " + String(random.int(in: 1...40))
            case 1: name = "Meetings/" + String(random.int(in: 2012...2025))
            case 2: name = "Areas/" + Titles.capitalized(random.pick(Words.adjectives) + " " + random.pick(Words.nouns))
            default: name = "Work/Clients/" + random.pick(Words.lastNames) + " " + random.pick(Words.projectNames)
            }
            if taken.insert(name.lowercased()).inserted { folders.append(name) }
        }
        return folders
    }

    /// The `## ` headings of a note: more for longer notes, the usual ones for journals.
    private static func headings(for folder: NoteFolder, size: Int, _ random: inout SeededRandom) -> [String] {
        if folder == .journals {
            return Array(Titles.journalHeadings.prefix(min(5, size / 450)))
        }
        guard folder != .quick, size >= 700 else { return [] }
        let count = min(12, size / 900 + random.below(2))
        var headings = [String]()
        var taken = Set<String>()
        var attempts = 0
        while headings.count < count && attempts < count * 10 {
            attempts += 1
            let heading = Titles.heading(&random)
            if taken.insert(heading.lowercased()).inserted { headings.append(heading) }
        }
        return headings
    }

    /// A `^block-id`'s id part: six lower-case letters and digits.
    private static func blockID(_ random: inout SeededRandom) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<6).map { _ in alphabet[random.below(alphabet.count)] })
    }
}
