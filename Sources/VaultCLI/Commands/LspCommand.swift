import FoundationEssentials
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
        found as for every command. initialize is answered at once; the notes are read while
        the editor starts.

        Completion: after [[ notes by title, alias and path, ranked as vault find ranks them;
        after [[Note# its headings, after [[Note#^ its block ids, inside ]( paths relative to
        the note, after # the vault's tags.
        Navigation: definition (the note, heading or block a link names), references (the
        links to a note or heading), hover, document symbols (the outline), workspace symbols,
        document links, a code lens with the backlink count on the title heading.
        Diagnostics: dangling and ambiguous links, links into conflict copies or to notes not
        downloaded, the note's conflict copies and merge conflict markers, placeholders that
        may hide links; sent again when files change on disk (watched files, or the kernel's
        word when the editor reports none).
        Code actions: create the missing note of a dangling link, qualify an ambiguous link,
        start, finish, cancel or toggle the task on the line (as vault task does), move the
        selection into a new note linked in its place.
        Rename: on a link or the title heading, the note and every link to it, as vault
        rename does; on another heading, the heading and the links to it; on a #tag or a
        frontmatter tag, the tag in every note, as vault tags rename does. prepareRename says
        what would be renamed; workspace/willRenameFiles gives the link edits when the editor
        moves a note or folder itself; the command vault.rename makes a note's rename on disk.
        See README, "vault lsp".
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
