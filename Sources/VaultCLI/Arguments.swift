import VaultKit

/// An option a command accepts, declared once and used for both parsing and help.
public struct OptionSpec: Sendable {
    /// The long name with dashes (`--folder`).
    public let name: String
    /// A one-letter alias (`-q`), if any.
    public let short: String?
    /// The value's placeholder (`PATH`), nil for a flag.
    public let value: String?
    public let help: String
    /// True when the option may be given several times.
    public let repeatable: Bool
    /// The values the option takes, when they are a fixed set (`auto`, `always`, `never`),
    /// for shell completion.
    public let choices: [String]

    public init(
        _ name: String, short: String? = nil, value: String? = nil, repeatable: Bool = false, choices: [String] = [],
        help: String
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.repeatable = repeatable
        self.choices = choices
    }
}

/// A usage error: exit code 2 and the command's usage line.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }
}

/// A cursor over a command line, checked against the options the command declares.
///
/// Options may come before or after positionals; `--name=value` and `--name value` both
/// work; `--` ends options. Anything undeclared is a usage error on the command line, and a
/// programming error in the code: reading an option the command does not declare stops a
/// debug build (and is recorded, for the test that walks every command).
public struct Arguments {
    /// The values of each option given, by name (none for a flag).
    private var given: [String: [String]] = [:]
    private var positionals: [String] = []
    private var taken = 0
    private let declared: Set<String>
    /// What the command read; shared by every copy of these arguments.
    let reads: ArgumentReads

    /// Parses `tokens` against `specs`.
    public init(_ tokens: [String], specs: [OptionSpec]) throws {
        try self.init(tokens, specs: specs, reads: ArgumentReads())
    }

    /// Parses `tokens` against `specs`, recording what is read in `reads`.
    init(_ tokens: [String], specs: [OptionSpec], reads: ArgumentReads) throws {
        declared = Set(specs.map(\.name))
        self.reads = reads
        var index = 0
        var onlyPositionals = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            // Text that merely starts with a dash (`- [ ] buy bulbs`) is an argument, not an option.
            let isText = token.contains(" ") && !(token.hasPrefix("--") && token.split(separator: " ")[0].contains("="))
            if onlyPositionals || token == "-" || !token.hasPrefix("-") || isText {
                positionals.append(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inline: String?
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inline = String(token[token.index(after: equals)...])
            }
            guard let spec = specs.first(where: { $0.name == name || $0.short == name }) else {
                if token.count > 1, Double(token) != nil {
                    positionals.append(token)
                    continue
                }
                if !token.hasPrefix("--"), token.count > 2 {
                    // Short options cluster and take their value attached: `-qC1` is `-q -C 1`.
                    index = try takeCluster(token, specs: specs, tokens: tokens, index: index)
                    continue
                }
                throw Self.unknown(name, specs: specs)
            }
            if spec.value == nil {
                if inline != nil { throw UsageError("\(spec.name) takes no value") }
                given[spec.name, default: []] += []
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < tokens.count else { throw UsageError("\(spec.name) needs a value (\(spec.value!))") }
                value = tokens[index]
                index += 1
            }
            try give(value, to: spec)
        }
    }

    /// Reads `-qC1` as `-q -C 1`: flags, then at most one option with a value, which takes
    /// the rest of the token (or the next token when nothing is left). Returns the index of
    /// the next token.
    private mutating func takeCluster(_ token: String, specs: [OptionSpec], tokens: [String], index: Int) throws -> Int {
        var rest = Substring(token.dropFirst())
        while let letter = rest.first {
            rest = rest.dropFirst()
            let short = "-" + String(letter)
            guard let spec = specs.first(where: { $0.short == short }) else {
                throw UsageError("unknown option \(short) in \(token)")
            }
            guard spec.value != nil else {
                given[spec.name, default: []] += []
                continue
            }
            if !rest.isEmpty {
                try give(String(rest), to: spec)
                return index
            }
            guard index < tokens.count else { throw UsageError("\(spec.name) needs a value (\(spec.value!))") }
            try give(tokens[index], to: spec)
            return index + 1
        }
        return index
    }

    private mutating func give(_ value: String, to spec: OptionSpec) throws {
        if given[spec.name] != nil && !spec.repeatable {
            throw UsageError("\(spec.name) is given twice")
        }
        given[spec.name, default: []].append(value)
    }

    /// An unknown option, with the declared ones a typo away from it.
    private static func unknown(_ name: String, specs: [OptionSpec]) -> UsageError {
        let bare = { (option: String) in String(option.drop(while: { $0 == "-" })) }
        let names = specs.map(\.name)
        let close = ClosestNames.closest(to: bare(name), among: names.map(bare)).map { "--" + $0 }
        guard !close.isEmpty else { return UsageError("unknown option \(name)") }
        return UsageError("unknown option \(name) (did you mean \(close.joined(separator: " or "))?)")
    }

    /// True when the flag was given.
    subscript(option: Option<Bool>) -> Bool { values(of: option) != nil }

    /// The value of an option given once, or nil.
    subscript(option: Option<String?>) -> String? { values(of: option)?.last }

    /// Every value of a repeatable option; comma-separated values are split.
    subscript(option: Option<[String]>) -> [String] {
        (values(of: option) ?? []).flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces() } }
            .filter { !$0.isEmpty }
    }

    /// A whole number of 0 or more, or nil when absent.
    subscript(option: Option<Int?>) -> Int? {
        get throws {
            guard let text = values(of: option)?.last else { return nil }
            guard let value = Int(text), value >= 0 else {
                throw UsageError("\(option.spec.name) needs a whole number, not \"\(text)\"")
            }
            return value
        }
    }

    /// The case named, or the option's default when absent.
    subscript<Choice>(option: Option<Choice>) -> Choice
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        get throws { try choice(option, values(of: option)?.last ?? option.fallback ?? "") }
    }

    /// The case named, or nil when absent.
    subscript<Choice>(option: Option<Choice?>) -> Choice?
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        get throws { try values(of: option)?.last.map { try choice(option, $0) } }
    }

    private func choice<Value, Choice>(_ option: Option<Value>, _ text: String) throws -> Choice
    where Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("\(option.spec.name) must be one of \(names), not \"\(text)\"")
        }
        return value
    }

    /// The values given for `option` (empty for a flag), nil when it is absent.
    private func values<Value>(of option: Option<Value>) -> [String]? {
        let name = option.spec.name
        reads.record(name, declared: declared.contains(name))
        return given[name]
    }

    /// The next positional argument, or nil.
    public mutating func positional() -> String? {
        guard taken < positionals.count else { return nil }
        taken += 1
        return positionals[taken - 1]
    }

    /// The next positional argument, which must be there.
    public mutating func required(_ name: String) throws -> String {
        guard let value = positional() else { throw UsageError("missing \(name)") }
        return value
    }

    /// Every positional argument not taken yet.
    public mutating func rest() -> [String] {
        defer { taken = positionals.count }
        return Array(positionals[taken...])
    }

    /// Rejects positional arguments nobody took.
    public func finish() throws {
        if taken < positionals.count {
            throw UsageError("unexpected argument \"\(positionals[taken])\"")
        }
    }
}

import FoundationEssentials
