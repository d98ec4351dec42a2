/// A `vault-bench` command: a name, a summary and a usage for help, and what it does.
protocol BenchCommand {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static func run(_ arguments: inout BenchArguments) throws
}
