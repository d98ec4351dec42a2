/// What can go wrong reading the text a command takes from standard input.
public enum InputError: UserError, Equatable, Sendable {
    /// More bytes came than a note takes from standard input (a stream with no end, such
    /// as `/dev/zero`, would otherwise fill the memory).
    case tooLarge(limit: Int)
    /// Standard input could not be read (closed, a folder).
    case unreadable(SystemError)

    public var exitCode: Int32 { 1 }

    public var problem: String {
        switch self {
        case .tooLarge(let limit): return "standard input holds more than \(limit >> 20) MiB, more than a note takes"
        case .unreadable(let error): return "standard input cannot be read (\(error.reason))"
        }
    }

    public var description: String { problem + "; nothing was written" }

    public var hint: String? {
        switch self {
        case .tooLarge: return "split the text, or write it to a file in the vault with another program"
        case .unreadable: return "give the text as an argument, or pipe it in"
        }
    }
}
