import FoundationEssentials
import Glibc
import VaultSystem

/// The person's side of a run: which streams are terminals, what standard input holds, and
/// the answer to a question. The process passes its own (`Terminal.process()`); a test
/// passes one that answers as it likes, so a confirmation is tested like any other output.
public struct Terminal {
    /// True when stdout is a terminal: output is padded and, with `--color auto`, coloured.
    public var stdoutIsTerminal: Bool
    /// True when stderr is a terminal, where progress is shown and questions are asked.
    public var stderrIsTerminal: Bool
    /// True when standard input is a person, not a pipe or a file.
    public var stdinIsTerminal: Bool
    /// Reads all of standard input, once.
    public var readInput: () throws -> [UInt8]
    /// Shows a question on the terminal and returns the line typed, nil at the end of input.
    public var ask: (_ question: String) -> String?
    /// Sends bytes to standard output while the command runs, so a long listing starts at
    /// once; nil keeps everything for the run's `Outcome` (what tests read).
    public var writeOutput: ((_ bytes: [UInt8]) -> Void)?
    /// The file descriptors a server (`vault lsp`, `vault mcp`) speaks on: the process's standard
    /// input and output; nil in a run that has none of its own (a test's), where a server refuses
    /// to start.
    public var serverStreams: (input: Int32, output: Int32)?
    /// How many rows the terminal on stdout has, when it says; nil elsewhere.
    public var rows: Int?
    /// This program's own path, which a picker's preview runs; nil runs `vault` from `PATH`.
    public var program: String?

    /// A run with no person at it: nothing is a terminal but standard input, which is empty,
    /// and no question is answered.
    public init(
        stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false, stdinIsTerminal: Bool = true,
        readInput: @escaping () throws -> [UInt8] = { [] }, ask: @escaping (_ question: String) -> String? = { _ in nil },
        writeOutput: ((_ bytes: [UInt8]) -> Void)? = nil, serverStreams: (input: Int32, output: Int32)? = nil,
        rows: Int? = nil, program: String? = nil
    ) {
        self.rows = rows
        self.program = program
        self.serverStreams = serverStreams
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.readInput = readInput
        self.ask = ask
        self.writeOutput = writeOutput
        self.serverStreams = serverStreams
    }

    /// This process's own streams.
    public static func process() -> Terminal {
        Terminal(
            stdoutIsTerminal: ProcessStreams.isTerminal(1), stderrIsTerminal: ProcessStreams.isTerminal(2),
            stdinIsTerminal: ProcessStreams.isTerminal(0), readInput: { try ProcessStreams.readAllInput() }, ask: ProcessStreams.ask,
            writeOutput: { bytes in
                // A reader that went away (`vault search x | head`) ends the run, as SIGPIPE would.
                if !ProcessStreams.writeAll(bytes, to: 1) { exit(1) }
            }, serverStreams: (0, 1), rows: TerminalSize.rows(of: 1), program: ProcessStreams.executablePath)
    }
}
