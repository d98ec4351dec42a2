import VaultSystem

/// What goes wrong when `vault` hands the terminal to another program: an editor, a picker.
public enum LaunchError: Error, Equatable, Sendable {
    /// Standard input or output (standard error, for a picker) is not a terminal, so no
    /// program can be used by a person.
    case noTerminal(what: String)
    /// The shell found no such program (exit 127) or could not run it (126).
    case editorNotFound(editor: String)
    /// The editor ended with a failure code.
    case editorFailed(editor: String, status: Int32)
    /// `fzf` is not on `PATH`.
    case pickerMissing
    /// The picker ended with an error of its own (not a choice, not a cancel).
    case pickerFailed(status: Int32, reason: String)
    /// The program could not be started at all.
    case cannotStart(program: String, reason: String)
}

extension LaunchError: UserError {
    /// 2 where the run could never have worked as given (no terminal, no fzf), 1 otherwise.
    public var exitCode: Int32 {
        switch self {
        case .noTerminal, .pickerMissing: return 2
        case .editorNotFound, .editorFailed, .pickerFailed, .cannotStart: return 1
        }
    }

    public var description: String {
        switch self {
        case .noTerminal(let what):
            return "\(what) needs a terminal, and this run's standard streams are pipes or files"
        case .editorNotFound(let editor):
            return "the editor \"\(editor)\" was not found"
        case .editorFailed(let editor, let status):
            return "the editor \"\(editor)\" exited with status \(status)"
        case .pickerMissing:
            return "fzf is not installed: install fzf (Debian: apt install fzf)"
        case .pickerFailed(let status, let reason):
            return "fzf failed (exit \(status))" + (reason.isEmpty ? "" : ": " + reason)
        case .cannotStart(let program, let reason):
            return "cannot start \(program): \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .noTerminal: return "run it from a terminal"
        case .editorNotFound: return "set VISUAL or EDITOR to an editor on PATH (EDITOR=\"code --wait\" works too)"
        case .editorFailed: return nil
        case .pickerMissing: return "or pick without it: `vault find QUERY` prints the matches"
        case .pickerFailed, .cannotStart: return nil
        }
    }

    public var problem: String { description }
}
