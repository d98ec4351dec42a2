import FoundationEssentials
import Glibc
import VaultKit
import VaultMCP
import VaultMarkdown
import VaultRPC

/// `vault mcp`: the vault served to agents over the Model Context Protocol, on stdio.
enum McpCommand: Command {
    static let name = "mcp"
    static let summary = "serve the vault to agents over the Model Context Protocol (stdio, one JSON message a line)"
    static let usage = ""
    static let discussion = """
        Reads JSON-RPC messages on standard input and answers on standard output until the
        client closes standard input; notices go to standard error. The tools search, find,
        read_note, list_notes, backlinks, links, tags, tasks and check read; capture, append,
        create_note, journal, set_task_state, rename_note, move, apply and trash write, each
        through the same planner and safe writer as the command line. A rename or move is
        planned first (its diff and a plan id) and made by apply with that id, refused if a
        file changed since. Every note is a resource, vault://PATH.
        """
    static let readOnly = Option<Bool>(flag: "--read-only", help: "serve only the tools that change nothing")
    static let options: [any DeclaredOption] = [readOnly]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        let readOnly = arguments[Self.readOnly]
        _ = try context.today()
        let vault = try context.vault()
        guard let streams = context.terminal.serverStreams else {
            throw UsageError("vault mcp serves on the standard input and output of a process of its own")
        }
        // What opening the vault had to say goes out now: stdout is the protocol's alone.
        send(context.drain().errors)
        // A client that goes away makes writes fail, which ends the server, rather than a signal.
        signal(SIGPIPE, SIG_IGN)
        let environment = context.environment
        let clock = context.clock
        let session = MCPSession(
            vault: vault, readOnly: readOnly, serverVersion: CLI.version,
            today: { CalendarDay.today(environment: environment, clock: clock) ?? CalendarDay(clock.now()) },
            log: { send(Array("vault: warning: \($0)\n".utf8)) })
        MCPServer(session: session, channel: RPCChannel(input: streams.input, output: streams.output, framing: .lines)).run()
        return 0
    }

    /// Writes bytes to standard error as they come.
    private static func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
