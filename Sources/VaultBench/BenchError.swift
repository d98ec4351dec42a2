/// An error for the person at the terminal: a message and the exit code it ends with.
public struct BenchError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, in the user's words (printed after `vault-bench: error: `).
    public let message: String
    /// 2 for a usage error (bad arguments), 1 for anything else that failed.
    public let exitCode: Int32

    /// An error that ends the command with `exitCode` (1: it failed).
    public init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    /// A usage error: the command line itself was wrong.
    public static func usage(_ message: String) -> BenchError {
        BenchError(message, exitCode: 2)
    }

    public var description: String { message }
}
