import FoundationEssentials
import VaultSystem

/// Picking one of many candidates interactively, through `fzf` on the person's terminal.
///
/// fzf draws on `/dev/tty` and reads the candidates on its standard input, one a line:
/// `KEY<TAB>NOTE<TAB>SHOWN`, of which only SHOWN is shown; the preview shows NOTE with
/// `vault show`, and the KEY of the chosen line is the answer.
public struct Picker: Sendable {
    /// One line to choose from.
    public struct Candidate: Sendable, Equatable {
        /// What the pick answers with (a path, a task reference).
        public var key: String
        /// The note the preview shows.
        public var note: String
        /// What the person sees.
        public var shown: String

        public init(key: String, note: String, shown: String) {
            self.key = key
            self.note = note
            self.shown = shown
        }
    }

    /// The `fzf` found on `PATH`.
    public let executable: String
    public let environment: [String: String]

    /// The picker of `environment`'s `PATH`.
    ///
    /// - Throws: `LaunchError.pickerMissing` when fzf is not installed.
    public init(environment: [String: String]) throws {
        guard let executable = ForegroundProgram.locate("fzf", environment: environment) else { throw LaunchError.pickerMissing }
        self.executable = executable
        self.environment = environment
    }

    /// The arguments fzf is given, the preview running `program` (this `vault`) on `root`.
    public func arguments(program: String, root: String, prompt: String) -> [String] {
        // Tabs never stand in a note's path; fzf may leave the delimiter on a field.
        let preview = "\(Self.quoted(program)) --vault \(Self.quoted(root)) --color always show \"$(printf %s {2} | tr -d '\\t')\""
        return ["--delimiter=\t", "--with-nth=3..", "--no-multi", "--prompt=\(prompt)", "--preview=\(preview)"]
    }

    /// Shows `candidates` and returns the key of the one chosen; nil when the person chose
    /// none (fzf exits 1 when nothing matches, 130 when left with Esc or Ctrl-C).
    ///
    /// - Throws: `LaunchError.pickerFailed` when fzf reports an error of its own,
    ///   `.cannotStart` when it cannot be run.
    public func pick(_ candidates: [Candidate], program: String, root: String, prompt: String = "> ") throws -> String? {
        var input: [UInt8] = []
        for candidate in candidates {
            input += Self.field(candidate.key).utf8
            input.append(0x09)
            input += Self.field(candidate.note).utf8
            input.append(0x09)
            input += Self.field(candidate.shown).utf8
            input.append(0x0A)
        }
        let script = Self.quoted(executable) + " \"$@\""
        let run = ForegroundProgram(script: script, arguments: arguments(program: program, root: root, prompt: prompt), environment: environment)
        let outcome: ForegroundProgram.Outcome
        do {
            outcome = try run.run(input: input, capturesOutput: true)
        } catch let error as SystemError {
            throw LaunchError.cannotStart(program: "fzf", reason: error.reason)
        }
        switch outcome.status {
        case 0:
            let line = outcome.output.prefix { $0 != 0x0A && $0 != 0x09 }
            let key = String(decoding: line, as: UTF8.self)
            return key.isEmpty ? nil : key
        case 1, 130: return nil
        default: throw LaunchError.pickerFailed(status: outcome.status, reason: "")
        }
    }

    /// A field without the characters that would split its line.
    static func field(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }

    /// `text` in single quotes for the shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
