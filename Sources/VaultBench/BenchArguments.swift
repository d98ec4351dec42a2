/// A cursor over a command line: commands take their flags, options and positionals from
/// it, and `finish()` rejects whatever nobody took.
struct BenchArguments {
    private var remaining: [String]

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// Whether any of `names` is present (and takes it).
    mutating func flag(_ names: String...) -> Bool {
        guard let index = remaining.firstIndex(where: names.contains) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// The value of `--name VALUE` or `--name=VALUE`, if given.
    mutating func option(_ name: String) throws -> String? {
        if let index = remaining.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            return String(remaining.remove(at: index).dropFirst(name.count + 1))
        }
        guard let index = remaining.firstIndex(of: name) else { return nil }
        guard index + 1 < remaining.count else { throw BenchError.usage("\(name) needs a value") }
        remaining.remove(at: index)
        return remaining.remove(at: index)
    }

    /// The value of an integer option, checked against `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try option(name) else { return nil }
        let digits = text.replacingUnderscores()
        guard let value = Int(digits), range.contains(value) else {
            throw BenchError.usage("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// The next argument that is not an option; an error naming `what` when there is none.
    mutating func positional(_ what: String) throws -> String {
        guard let index = remaining.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) else {
            throw BenchError.usage("missing \(what)")
        }
        return remaining.remove(at: index)
    }

    /// The next argument that is not an option, or nil when there is none.
    mutating func optionalPositional() -> String? {
        guard let index = remaining.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) else { return nil }
        return remaining.remove(at: index)
    }

    /// Fails on any argument no one took.
    func finish() throws {
        if let first = remaining.first {
            throw BenchError.usage(first.hasPrefix("-") ? "unknown option '\(first)'" : "unexpected argument '\(first)'")
        }
    }
}

extension String {
    /// `100_000` as `100000`: people write large counts with separators.
    fileprivate func replacingUnderscores() -> String {
        split(separator: "_").joined()
    }
}
