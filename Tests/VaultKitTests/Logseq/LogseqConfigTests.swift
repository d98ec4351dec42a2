import Testing
@testable import VaultKit
@testable import VaultMarkdown

@Suite("Logseq settings")
struct LogseqConfigTests {
    @Test("the EDN reader reads maps, vectors, sets, strings, keywords, comments and discards")
    func ednValues() throws {
        let value = try EDNReader.read(
            """
            ;; settings
            {:a "x \\"y\\"", :b [1 -2 3.5], #_ :skipped #_ "too"
             :c #{:k nil}, :d (true false), :e {"m" sym}, :f #inst "2021"}
            """)
        #expect(value["a"] == .string("x \"y\""))
        #expect(value["b"] == .vector([.number("1"), .number("-2"), .number("3.5")]))
        #expect(value["c"] == .set([.keyword("k"), .null]))
        #expect(value["d"] == .list([.bool(true), .bool(false)]))
        #expect(value["e"] == .map([(.string("m"), .symbol("sym"))]))
        #expect(value["f"] == .tagged(tag: "inst", value: .string("2021")))
        #expect(value["skipped"] == nil)
    }

    @Test("text that is no EDN value says where and why", arguments: [
        ("{:a 1", 1, "{ is not closed"), ("{:a \"x}", 1, "a string is not closed"), ("{:a}", 1, "a map holds a key without a value"),
        ("{}\n}", 2, "} closes nothing"), ("{} {}", 1, "text after the value"),
    ])
    func ednFailures(text: String, line: Int, reason: String) {
        #expect(throws: EDNReader.Failure(line: line, reason: reason)) { try EDNReader.read(text) }
    }

    @Test("the settings a graph's names and files need are read from config.edn")
    func settings() {
        let config = LogseqConfig(
            text: """
            {:file/name-format :triple-lowbar
             :journal/page-title-format "yyyy-MM-dd EEEE"
             :journal/file-name-format "yyyy-MM-dd"
             :pages-directory "notes" :journals-directory "days/"}
            """)
        #expect(config.fileNameFormat == .tripleLowbar)
        #expect(config.journalTitle.pattern == "yyyy-MM-dd EEEE")
        #expect(config.journalFileName.pattern == "yyyy-MM-dd")
        #expect(config.pagesFolder == "notes")
        #expect(config.journalsFolder == "days")
        #expect(config.problems.isEmpty)
    }

    @Test("a graph whose config.edn names no file-name format is in the legacy format, with Logseq's journal defaults")
    func defaults() {
        let config = LogseqConfig(text: "{:preferred-format \"Markdown\"}")
        #expect(config.fileNameFormat == .legacy)
        #expect(config.journalTitle == .defaultTitle)
        #expect(config.journalFileName == .defaultFileName)
        #expect(config.problems.isEmpty)
    }

    @Test("a config.edn that does not parse gives the defaults and says why, naming the file")
    func unparsable() {
        let config = LogseqConfig(text: "{:file/name-format :triple-lowbar\n :journal/page-title-format \"MMM do")
        #expect(config.fileNameFormat == .legacy)
        #expect(config.problems == ["logseq/config.edn does not parse (line 2: a string is not closed); Logseq's default settings are used"])
    }

    @Test("a journal title format vault cannot read is named and the default is used")
    func unreadableFormat() {
        let config = LogseqConfig(text: "{:journal/page-title-format \"QQQ yyyy\" :file/name-format :snake}")
        #expect(config.journalTitle == .defaultTitle)
        #expect(config.problems.count == 2)
        #expect(config.problems.contains { $0.contains(":journal/page-title-format \"QQQ yyyy\" is a date format vault cannot read") })
        #expect(config.problems.contains { $0.contains(":file/name-format :snake is not one vault knows") })
    }

    @Test("journal dates are written and read in Logseq's formats", arguments: [
        ("MMM do, yyyy", "Feb 2nd, 2021"), ("MMMM do, yyyy", "February 2nd, 2021"), ("yyyy_MM_dd", "2021_02_02"),
        ("E, MM/dd/yyyy", "Tue, 02/02/2021"), ("EEEE, dd.MM.yyyy", "Tuesday, 02.02.2021"), ("do MMM yyyy", "2nd Feb 2021"),
        ("yyyyMMdd", "20210202"), ("yyyy年MM月dd日", "2021年02月02日"), ("yyyy-MM-dd EEEE", "2021-02-02 Tuesday"),
    ])
    func dateFormats(pattern: String, written: String) throws {
        let format = try #require(LogseqDateFormat(pattern: pattern))
        let day = try #require(CalendarDay(year: 2021, month: 2, day: 2))
        #expect(format.format(day) == written)
        #expect(format.day(from: written) == day)
        #expect(format.day(from: written.lowercased()) == day)
    }

    @Test("ordinals follow English: 1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 31st")
    func ordinals() throws {
        let days = [1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 31: "31st"]
        for (day, text) in days {
            #expect(LogseqDateFormat.defaultTitle.format(try #require(CalendarDay(year: 2021, month: 1, day: day))) == "Jan \(text), 2021")
        }
        #expect(LogseqDateFormat.defaultTitle.day(from: "Jan 2st, 2021") == nil)
        #expect(LogseqDateFormat.defaultTitle.day(from: "Feb 30th, 2021") == nil)
    }

    @Test("page names from file names: ___ and %2F in the new format, . and %2F in the legacy one")
    func pageNames() {
        #expect(LogseqPages.pageName(fromStem: "a___b___c", format: .tripleLowbar) == "a/b/c")
        #expect(LogseqPages.pageName(fromStem: "New to Logseq%3F", format: .tripleLowbar) == "New to Logseq?")
        #expect(LogseqPages.pageName(fromStem: "Global config.edn", format: .tripleLowbar) == "Global config.edn")
        #expect(LogseqPages.pageName(fromStem: "a.b", format: .legacy) == "a/b")
        #expect(LogseqPages.pageName(fromStem: "a%2Fb", format: .legacy) == "a/b")
        for name in ["a/b", "What? Why: this", "v0.5 notes", "100% done"] {
            for format in [LogseqConfig.FileNameFormat.tripleLowbar, .legacy] {
                let stem = LogseqPages.fileStem(forPageName: name, format: format)
                #expect(!stem.contains("/"))
                #expect(LogseqPages.pageName(fromStem: stem, format: format) == name)
            }
        }
    }
}
