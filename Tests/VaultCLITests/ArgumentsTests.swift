import Testing
@testable import VaultCLI

/// Typed reads of a command line against the options a command declares.
@Suite("Arguments")
struct ArgumentsTests {
    enum Order: String, CaseIterable {
        case name, modified
    }

    static let flag = Option<Bool>(flag: "--flag", short: "-f", help: "")
    static let text = Option<String?>("--text", value: "T", help: "")
    static let list = Option<[String]>(list: "--item", value: "I", help: "")
    static let number = Option<Int?>(number: "--count", value: "N", help: "")
    static let order = Option<Order>(choice: "--order", value: "O", default: .name, help: "")
    static let maybe = Option<Order?>(choice: "--maybe", value: "O", help: "")
    static let all: [any DeclaredOption] = [flag, text, list, number, order, maybe]

    static func parse(_ tokens: String...) throws -> Arguments {
        try Arguments(tokens, specs: all.map(\.spec), reads: ArgumentReads(stopsAtUndeclared: false))
    }

    @Test("each kind of option reads as its type, absent or given")
    func reads() throws {
        let absent = try Self.parse()
        #expect(absent[Self.flag] == false)
        #expect(absent[Self.text] == nil)
        #expect(absent[Self.list] == [])
        #expect(try absent[Self.number] == nil)
        #expect(try absent[Self.order] == .name)
        #expect(try absent[Self.maybe] == nil)
        let given = try Self.parse("-f", "--text=a b", "--item", "x, y", "--item", "z", "--count", "3", "--order", "modified", "--maybe", "name")
        #expect(given[Self.flag])
        #expect(given[Self.text] == "a b")
        #expect(given[Self.list] == ["x", "y", "z"])
        #expect(try given[Self.number] == 3)
        #expect(try given[Self.order] == .modified)
        #expect(try given[Self.maybe] == .name)
    }

    @Test("a number or a choice that does not parse is a usage error that names the option")
    func badValues() throws {
        #expect(throws: UsageError("--count needs a whole number, not \"-1\"")) { try Self.parse("--count=-1")[Self.number] }
        #expect(throws: UsageError("--count needs a whole number, not \"two\"")) { try Self.parse("--count", "two")[Self.number] }
        #expect(throws: UsageError("--order must be one of name, modified, not \"size\"")) { try Self.parse("--order", "size")[Self.order] }
        #expect(throws: UsageError("--maybe must be one of name, modified, not \"\"")) { try Self.parse("--maybe=")[Self.maybe] }
    }

    @Test("reading an option the command does not declare is recorded, wherever the copy of the arguments is")
    func undeclared() throws {
        let arguments = try Self.parse("--flag")
        let copy = arguments
        #expect(copy[CommonOptions.dryRun] == false)
        #expect(arguments[Self.flag])
        #expect(arguments.reads.undeclared == ["--dry-run"])
        #expect(arguments.reads.names == ["--dry-run", "--flag"])
    }

    @Test("an option the command does not declare is a usage error on the command line")
    func unknownOnTheCommandLine() {
        #expect(throws: UsageError("unknown option --dry-run")) { try Self.parse("--dry-run") }
    }
}
