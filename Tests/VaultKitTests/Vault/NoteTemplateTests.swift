import Foundation
import Testing
@testable import VaultKit
import VaultMarkdown

@Suite("Templates")
struct NoteTemplateTests {
    /// Tuesday 1 December 2026, 09:05:07: a morning, a single-digit day and minute.
    static let context = NoteTemplate.Context(
        title: "Weekly review", day: CalendarDay("2026-12-01")!,
        now: MomentDateFormat.Moment(day: CalendarDay("2026-12-01")!, hour: 9, minute: 5, second: 7))

    static func filled(_ text: String, _ context: NoteTemplate.Context = context) -> String {
        NoteTemplate(text: text).filled(context)
    }

    @Test("Obsidian's placeholders take the title, the note's day and the time", arguments: [
        ("# {{title}}", "# Weekly review"),
        ("{{date}} {{time}}", "2026-12-01 09:05"),
        ("{{ Date }} {{TITLE}}", "2026-12-01 Weekly review"),
        ("{{yesterday}} < {{date}} < {{tomorrow}}", "2026-11-30 < 2026-12-01 < 2026-12-02"),
        ("{{date:dddd, MMMM Do YYYY}}", "Tuesday, December 1st 2026"),
        ("{{date:ddd D MMM YY}} {{time:h:mm A}}", "Tue 1 Dec 26 9:05 AM"),
        ("{{date:[Week] WW of GGGG, [day] DDDD, Q}}", "Week 49 of 2026, day 335, 4"),
        ("{{time:HH:mm:ss}}", "09:05:07"),
        ("{{tomorrow:dd}}", "We"),
    ])
    func obsidian(template: String, expected: String) {
        #expect(Self.filled(template) == expected)
    }

    @Test("Logseq's placeholders link the journal pages around today and the note itself")
    func logseq() {
        #expect(Self.filled("<% today %>, <%yesterday%>, <% Tomorrow %>") == "[[Dec 1st, 2026]], [[Nov 30th, 2026]], [[Dec 2nd, 2026]]")
        #expect(Self.filled("<% time %> on <% current page %>") == "09:05 on [[Weekly review]]")
        var graph = Self.context
        graph.journalTitle = LogseqDateFormat(pattern: "yyyy-MM-dd EEE")!
        #expect(Self.filled("<% today %>", graph) == "[[2026-12-01 Tue]]")
    }

    @Test("anything else in braces, a half-open placeholder or one across lines is left as written", arguments: [
        "{{embed [[Errands]]}}", "{{query (todo now)}}", "{{title", "{{title:x}}", "{{date\n}}", "{{date:YYYY\r\n}}", "<% unknown %>", "{ {date} }",
        "}}{{", "<%", "{{}}",
    ])
    func leftAsWritten(template: String) {
        #expect(Self.filled(template) == template)
    }

    @Test("ISO weeks cross New Year as the standard counts them", arguments: [
        ("2026-01-01", "2026-W01"), ("2027-01-01", "2026-W53"), ("2024-12-30", "2025-W01"), ("2021-01-03", "2020-W53"),
    ])
    func isoWeeks(day: String, expected: String) {
        let moment = MomentDateFormat.Moment(day: CalendarDay(day)!)
        #expect(MomentDateFormat("GGGG-[W]WW").format(moment) == expected)
    }

    @Test("the twelve- and twenty-four-hour clocks name midnight and noon as moment does")
    func clocks() {
        let day = CalendarDay("2026-12-01")!
        let format = MomentDateFormat("h hh A a k kk H")
        #expect(format.format(.init(day: day, hour: 0)) == "12 12 AM am 24 24 0")
        #expect(format.format(.init(day: day, hour: 12)) == "12 12 PM pm 12 12 12")
        #expect(format.format(.init(day: day, hour: 23)) == "11 11 PM pm 23 23 23")
    }

    @Test("a template is found in Obsidian's template folder before the vault's own")
    func folders() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            ".zennotes/vault.json": "{}\n",
            ".obsidian/templates.json": #"{"folder": "Templates/"}"#,
            "Templates/Meeting.md": "# {{title}}\nfrom Obsidian's folder\n",
            ".zennotes/templates/Meeting.md": "from the vault's own\n",
            ".zennotes/templates/Other.md": "only here\n",
        ])
        #expect(vault.templateFolders == ["Templates", ".zennotes/templates"])
        #expect(try vault.template(named: "Meeting").text == "# {{title}}\nfrom Obsidian's folder\n")
        #expect(try vault.template(named: "Other.md").text == "only here\n")
        #expect(throws: VaultError.unknownTemplate(name: "Nope", folders: ["Templates", ".zennotes/templates"], available: ["Meeting", "Other"])) {
            try vault.template(named: "Nope")
        }
        #expect(throws: VaultError.self) { try vault.template(named: "../Templates/Meeting") }
        withExtendedLifetime(folder) {}
    }

    @Test("a new journal starts from Obsidian's daily note template, filled for its day")
    func journal() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            ".zennotes/vault.json": "{}\n",
            ".obsidian/daily-notes.json": #"{"folder": "journals", "template": "Templates/Daily"}"#,
            "Templates/Daily.md": "# {{date:dddd D MMMM}}\n\n[[{{yesterday}}]] | [[{{tomorrow}}]]\n",
        ])
        let text = String(decoding: Journals(vault: vault).initialContents(for: CalendarDay("2026-03-01")!), as: UTF8.self)
        #expect(text == "# Sunday 1 March\n\n[[2026-02-28]] | [[2026-03-02]]\n")
        withExtendedLifetime(folder) {}
    }

    @Test("in a vault whose daily notes have a format of their own, {{title}} is the journal's name and the days around it are named as their journals")
    func journalInItsFormat() throws {
        let (folder, vault) = try TemporaryFolder.vault([
            ".obsidian/daily-notes.json": #"{"folder": "Daily", "format": "YYYY/MM/dddd, MMMM Do YYYY", "template": "Templates/Daily"}"#,
            "Templates/Daily.md": "# {{title}}\n\n[[{{yesterday}}]] | [[{{tomorrow}}]] {{date}} {{date:YYYY}}\n",
        ])
        let text = String(decoding: Journals(vault: vault).initialContents(for: CalendarDay("2026-12-06")!), as: UTF8.self)
        #expect(text == "# Sunday, December 6th 2026\n\n[[Saturday, December 5th 2026]] | [[Monday, December 7th 2026]] Sunday, December 6th 2026 2026\n")
        withExtendedLifetime(folder) {}
    }

    @Test("a journal template that is missing leaves the plain heading, and the vault's own is used without Obsidian's")
    func journalFallbacks() throws {
        let (kept, missing) = try TemporaryFolder.vault([
            ".zennotes/vault.json": "{}\n", ".obsidian/daily-notes.json": #"{"template": "Templates/Gone"}"#,
        ])
        #expect(Journals(vault: missing).initialContents(for: CalendarDay("2026-03-01")!) == Array("# 2026-03-01\n\n".utf8))
        let (alsoKept, own) = try TemporaryFolder.vault([".zennotes/vault.json": "{}\n", ".zennotes/templates/journal.md": "day {{title}}\n"])
        #expect(Journals(vault: own).initialContents(for: CalendarDay("2026-03-01")!) == Array("day 2026-03-01\n".utf8))
        withExtendedLifetime((kept, alsoKept)) {}
    }

    @Test("a template that leads out of the vault is refused, not read")
    func outside() throws {
        let (folder, vault) = try TemporaryFolder.vault([".zennotes/vault.json": "{}\n"])
        let outside = TemporaryFolder()
        _ = try outside.write("secret.md", "not yours\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/.zennotes/templates", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/.zennotes/templates/Leak.md", withDestinationPath: outside.path + "/secret.md")
        do {
            _ = try vault.template(named: "Leak")
            Issue.record("a template leading out of the vault was read")
        } catch VaultError.leadsOutOfVault(let path, _) {
            #expect(path == ".zennotes/templates/Leak.md")
        }
        withExtendedLifetime((folder, outside)) {}
    }

    @Test("the context of a note made now reads the clock in the time zone given")
    func contextClock() throws {
        let (folder, vault) = try TemporaryFolder.vault([".zennotes/vault.json": "{}\n"])
        let now = Date(timeIntervalSince1970: 1_796_040_000)  // 2026-11-30 12:00 UTC
        let far = vault.templateContext(title: "T", now: now, zone: .offset(seconds: 14 * 3600))
        #expect(far.now == MomentDateFormat.Moment(day: CalendarDay("2026-12-01")!, hour: 2))
        #expect(far.day == CalendarDay("2026-12-01")!)
        let utc = vault.templateContext(title: "T", day: CalendarDay("2026-01-05"), now: now, zone: .utc)
        #expect(utc.day == CalendarDay("2026-01-05")! && utc.now.hour == 12)
        withExtendedLifetime(folder) {}
    }
}
