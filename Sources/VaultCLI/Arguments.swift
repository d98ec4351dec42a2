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

    public init(_ name: String, short: String? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.repeatable = repeatable
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
/// work; `--` ends options. Anything undeclared is a usage error.
public struct Arguments {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private var positionals: [String] = []
    private var taken = 0

    /// Parses `tokens` against `specs`.
    public init(_ tokens: [String], specs: [OptionSpec]) throws {
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
                throw UsageError("unknown option \(name)")
            }
            if spec.value == nil {
                if inline != nil { throw UsageError("\(spec.name) takes no value") }
                flags.insert(spec.name)
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
            if values[spec.name] != nil && !spec.repeatable {
                throw UsageError("\(spec.name) is given twice")
            }
            values[spec.name, default: []].append(value)
        }
    }

    /// True when the flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option given once, or nil.
    public func option(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option; comma-separated values are split.
    public func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
    }

    /// The value of an option that must be one of `choices`.
    public func choice(_ name: String, _ choices: [String], default fallback: String) throws -> String {
        guard let value = option(name) else { return fallback }
        guard choices.contains(value) else {
            throw UsageError("\(name) must be one of \(choices.joined(separator: ", ")), not \"\(value)\"")
        }
        return value
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

import Foundation
