/// An option a command reads, declared once as a static value that the parser, the help and
/// the command's own reads all use, so no option is read under a name nobody declared.
///
/// The type says what a read gives: `Option<Bool>` a flag, `Option<String?>` a value given
/// at most once, `Option<[String]>` the values of an option that may repeat,
/// `Option<Int?>` a whole number, and `Option<Choice>` or `Option<Choice?>` one of the cases
/// of a `String` enumeration. `Arguments` reads each kind with a subscript of its own.
struct Option<Value>: DeclaredOption {
    /// The option as the parser and the help see it.
    let spec: OptionSpec
    /// A choice's case when the option is absent, as its raw value.
    let fallback: String?

    private init(spec: OptionSpec, fallback: String? = nil) {
        self.spec = spec
        self.fallback = fallback
    }

    /// The same option with other help, for a command that says more precisely what it does
    /// (`--dry-run` of `capture` prints where the note would go).
    func withHelp(_ help: String) -> Option {
        Option(
            spec: OptionSpec(
                spec.name, short: spec.short, value: spec.value, repeatable: spec.repeatable, choices: spec.choices, help: help),
            fallback: fallback)
    }
}

/// What every declared option shows the parser and the help, whatever its type.
protocol DeclaredOption: Sendable {
    var spec: OptionSpec { get }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    init(flag name: String, short: String? = nil, help: String) {
        self.init(spec: OptionSpec(name, short: short, help: help))
    }
}

extension Option where Value == String? {
    /// An option with a value (`--title TITLE`), given at most once.
    init(_ name: String, short: String? = nil, value: String, help: String) {
        self.init(spec: OptionSpec(name, short: short, value: value, help: help))
    }
}

extension Option where Value == [String] {
    /// An option that may be given several times; comma-separated values are split.
    init(list name: String, value: String, help: String) {
        self.init(spec: OptionSpec(name, value: value, repeatable: true, help: help))
    }
}

extension Option where Value == Int? {
    /// A whole number of 0 or more (`--limit N`), given at most once.
    init(number name: String, short: String? = nil, value: String, help: String) {
        self.init(spec: OptionSpec(name, short: short, value: value, help: help))
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of `Value`'s cases, named by its raw value; `fallback` when the option is absent.
    init(choice name: String, value: String, default fallback: Value, help: String) {
        self.init(spec: OptionSpec(name, value: value, choices: Value.allCases.map(\.rawValue), help: help), fallback: fallback.rawValue)
    }
}

extension Option {
    /// One of `Choice`'s cases, named by its raw value; nil when the option is absent.
    init<Choice>(choice name: String, value: String, help: String)
    where Value == Choice?, Choice: RawRepresentable & CaseIterable, Choice.RawValue == String {
        self.init(spec: OptionSpec(name, value: value, choices: Choice.allCases.map(\.rawValue), help: help))
    }
}
