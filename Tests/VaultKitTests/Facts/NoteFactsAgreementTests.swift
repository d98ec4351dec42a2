import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The facts of every fixture and corpus note must be what the code found before there were
/// `NoteFacts` (title, frontmatter, aliases, tags, headings, frontmatter issues, links with
/// their ranges and forms, tasks with their ranges, states, fields and parents).
///
/// `OldFacts.txt` holds, per note, an FNV-1a digest of the canonical text below as the code
/// before `NoteFacts` (commit 4718a87) wrote it: digests only, no note's text. A note whose
/// facts were changed on purpose is listed in `settled` with the reason. Links of a form the
/// old code did not know, reference definitions and their uses (41 notes of foam-docs hold
/// them), are left out of the canonical text, so every other fact of those notes is still
/// held to the old code's; `ReferenceDefinitionLinkTests` checks them.
@Suite("Note facts agree with the code before them")
struct NoteFactsAgreementTests {
    /// Notes whose facts changed on purpose, by key, with why.
    static let settled: [String: String] = [
        "Fixtures/README.md": "its text changed: a section on the logseq fixture, whose names it quotes as links",
        "corpora/logseq-docs/pages/one year in logseq.md":
            "read as markdown, its images' paths hold spaces not encoded: no links in CommonMark (the old code cut each at its first space); read as a Logseq page, they are links whole",
        "corpora/obsidian-tasks-demo/ACME.md": closingFields,
        "corpora/obsidian-tasks-demo/Formats/Tasks Format.md": closingFields,
        "corpora/obsidian-tasks-demo/Manual Testing/Callouts and Block Quotes.md": closingFields,
        "corpora/obsidian-tasks-demo/Manual Testing/Edit Task Modal samples.md": closingFields,
        "corpora/obsidian-tasks-demo/Manual Testing/Frontmatter/Placeholder examples to capture in tests and docs.md": closingFields,
        "corpora/obsidian-tasks-demo/Manual Testing/Invalid Dates.md": closingFields,
        "corpora/obsidian-tasks-demo/Manual Testing/QuickAdd Tasks API Demo.md": closingFields,
        "corpora/obsidian-tasks-demo/Manual Testing/Seeing the Query as HTML/HTML from Query.md": closingFields,
        "corpora/obsidian-tasks-demo/Manual Testing/Smoke Testing the Tasks Plugin.md": closingFields,
        "corpora/obsidian-tasks-demo/Styling/Sample Tasks for Styling Documentation.md": closingFields,
        "corpora/obsidian-tasks-demo/Test Data/list_statuses.md": closingFields,
        "corpora/obsidian-tasks-demo/Formats/All Formats Parsing.md": dataviewFields,
        "corpora/obsidian-tasks-demo/Formats/Dataview Format.md": dataviewFields,
        "corpora/obsidian-tasks-demo/Manual Testing/Testing File Formats/Dataview Format - Tasks to Parse.md": dataviewFields,
    ]

    /// Why the notes of Obsidian Tasks' demo vault that write Dataview's fields changed.
    static let dataviewFields = "Tasks' fields in Dataview's format ([due:: 2021-08-22]) are read as its emoji fields are"

    /// Why the notes of Obsidian Tasks' demo vault that write `❌` or `➕` dates changed.
    static let closingFields = "Tasks' ❌ cancelled and ➕ created dates are fields, cut from a task's description as Tasks cuts them"


    /// The facts of a note as one text, field by field, in the order the old code found them,
    /// each read as the commands read it (the links alone for backlinks, the tasks alone for
    /// the task list); the facts read all at once must be the same.
    static func canonical(path: String, bytes: [UInt8]) -> String {
        var out = ""
        let name = (path as NSString).lastPathComponent
        let all = NoteFacts(bytes: bytes)
        let facts = NoteFacts(bytes: bytes, parts: [.header, .tags, .headings])
        let links = NoteFacts(bytes: bytes, parts: .links).links
        let tasksOnly = NoteFacts(bytes: bytes, parts: .tasks)
        if all.links != links || all.tasks != tasksOnly.tasks || all.title != facts.title || all.tags != facts.tags
            || all.headings != facts.headings
        {
            out += "the facts read together differ from the facts read apart\n"
        }
        let note = NoteReader.note(
            path: name, kind: .page, status: FileStatus(kind: .file, size: 0, modifiedNanoseconds: 0), facts: facts)
        out += "utf8\t\(note.isUTF8)\n"
        out += "title\t\(note.title)\n"
        out += "frontmatter\t\(note.hasFrontmatter)\n"
        for alias in note.aliases { out += "alias\t\(alias)\n" }
        for tag in note.tags { out += "tag\t\(tag)\n" }
        for heading in note.headings { out += "heading\t\(heading.level)\t\(heading.line)\t\(heading.text)\n" }
        for issue in note.frontmatterIssues { out += "issue\t\(issue.line)\t\(issue.message)\n" }
        for link in links where link.form != .reference && link.form != .referenceUse {
            out += "link\t\(link.form.rawValue)\t\(link.isEmbed)\t\(link.range)\t\(link.targetRange)\t\(link.rawTarget)"
            out += "\t\(link.target)\t\(link.fragment ?? "-")\t\(link.alias ?? "-")\t\(link.line)\t\(link.escapedPipe)"
            out += "\t\(link.angleBrackets)\n"
        }
        var tasks: [VaultTask] = []
        TaskScanner.append(tasksOnly, of: bytes, origin: { .init(path: name, kind: .page) }, to: &tasks)
        for task in tasks {
            out += "task\t\(task.line)\t\(task.marker)\t\(task.state)\t\(task.text)\t\(task.description)"
            out += "\t\(task.listMarker)\t\(task.parentLine.map(String.init) ?? "-")\t\(task.depth)"
            out += "\t\(task.due?.description ?? "-")\t\(task.scheduled?.description ?? "-")"
            out += "\t\(task.start?.description ?? "-")\t\(task.doneDate?.description ?? "-")"
            out += "\t\(task.priority?.rawValue ?? "-")\t\(task.tags.joined(separator: ","))\t\(task.markerRange)"
            out += "\t\(task.lastLine)\t\(task.textHash)\n"
        }
        return out
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// The recorded digests, by key (`Fixtures/…` or `corpora/<corpus>/…`).
    static func recorded() throws -> [String: UInt64] {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("OldFacts.txt")
        var digests: [String: UInt64] = [:]
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2, let digest = UInt64(fields[0], radix: 16) else { continue }
            digests[String(fields[1])] = digest
        }
        return digests
    }

    /// Compares the notes under `root` (keyed under `key`); returns the differences and how
    /// many notes were compared. `VAULT_FACTS_DUMP` names a folder to write each note's
    /// canonical text to, for a diff against the old code's.
    static func compare(key: String, root: String, digests: [String: UInt64]) throws -> (differences: [String], compared: Int) {
        let dump = ProcessInfo.processInfo.environment["VAULT_FACTS_DUMP"]
        var differences: [String] = []
        var compared = 0
        for file in OutlineAgreementTests.notes(under: root) {
            let relative = String(file.dropFirst(root.count + 1))
            let name = key + "/" + relative
            guard let old = digests[name] else { continue }
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            let text = canonical(path: relative, bytes: bytes)
            if let dump {
                try Data(text.utf8).write(to: URL(fileURLWithPath: dump + "/" + name.replacingOccurrences(of: "/", with: "__") + ".txt"))
            }
            compared += 1
            if fnv1a(text) != old && settled[name] == nil { differences.append(name) }
        }
        return (differences, compared)
    }

    @Test("every fixture note has the facts the old code found")
    func fixtures() throws {
        let (differences, compared) = try Self.compare(key: "Fixtures", root: Fixtures.root, digests: try Self.recorded())
        #expect(differences.isEmpty, "facts changed: \(differences.joined(separator: ", "))")
        #expect(compared > 40)
    }

    @Test("every note of the corpora has the facts the old code found")
    func corpora() throws {
        let root = Corpora.root
        guard Corpora.notes() != nil else { return }
        let digests = try Self.recorded()
        var differences: [String] = []
        var compared = 0
        for corpus in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
            let found = try Self.compare(key: "corpora/" + corpus, root: root + "/" + corpus, digests: digests)
            differences += found.differences
            compared += found.compared
        }
        Corpora.expectAgreement(differences, in: "corpora", of: compared, counted: "facts compared with the old code's")
        #expect(compared > 600)
    }

    @Test("the facts of a note survive encoding and decoding")
    func codable() throws {
        let bytes = Array(
            "---\ntitle: T\naliases: [A]\ntags: [x]\nbad line\n---\n# H\n\nSee [[Other#^b1|o]] and [m](M.md) #tag ^p1\n\n- [ ] a 📅 2026-12-01\n  - [x] b\n"
                .utf8)
        let facts = NoteFacts(bytes: bytes)
        #expect(facts.links.count == 2 && facts.tasks.count == 2 && facts.blockIDs.map(\.id) == ["p1"])
        #expect(facts.tasks[1].parent == 0 && facts.tasks[0].due?.description == "2026-12-01")
        let decoded = try JSONDecoder().decode(NoteFacts.self, from: JSONEncoder().encode(facts))
        #expect(decoded == facts)
    }
}
