import Foundation
import VaultKit
import VaultLSP
import VaultMarkdown
import VaultRPC

/// `vault lsp`: the language server, on standard input and output.
enum LspCommand: Command {
    static let name = "lsp"
    static let summary = "serve the Language Server Protocol on standard input and output, for editors"
    static let usage = ""
    static let discussion = """
        Speaks LSP 3.17 (JSON-RPC with Content-Length framing) until the editor sends exit or
        closes the connection. The vault is --vault, else the editor's workspace folder, else
        found as for every command. Completion after [[ ranks notes as vault find does;
        definition, references, hover, document and workspace symbols, diagnostics of dangling
        links, rename (a file rename and every link rewritten, as vault rename does; on a #tag,
        the tag in every note, as vault tags rename does) and the command vault.rename (the
        note's rename, made on disk). See README, "vault lsp".
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        _ = try context.today()
        guard let streams = context.terminal.serverStreams else {
            throw UsageError("vault lsp serves on the process's standard input and output, which this run does not have")
        }
        let channel = RPCChannel(input: streams.input, output: streams.output, framing: .contentLength)
        // Opened as every command opens its vault (its cache, its clock, an interrupted change
        // finished first), from the editor's workspace folder unless --vault says otherwise.
        let (environment, clock) = (context.environment, context.clock)
        let today = { CalendarDay.today(environment: environment, clock: clock) ?? CalendarDay(clock.now()) }
        let server = LanguageServer(channel: channel, version: CLI.version, today: today) { clientRoot in
            try context.vault(folder: clientRoot)
        }
        return server.run()
    }
}
