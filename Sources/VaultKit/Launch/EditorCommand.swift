import VaultSystem

/// The editor a person chose (`$VISUAL`, else `$EDITOR`, else `vi`) and how it is told a line.
///
/// The command runs through the shell, as git runs it, so an editor given with its own
/// arguments (`EDITOR="code --wait"`) works. The way to name a line is chosen by the
/// basename of the command's first word.
public struct EditorCommand: Sendable, Equatable {
    /// The command as the person wrote it.
    public let command: String

    /// The editor of `environment`: a variable that is set but empty counts as unset.
    public init(environment: [String: String]) {
        let chosen = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) }
        command = chosen ?? "vi"
    }

    /// The basename of the command's first word (`/usr/bin/nvim -p` is `nvim`).
    public var name: String {
        let first = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? command
        return first.split(separator: "/").last.map(String.init) ?? first
    }

    /// How editors take a line to open a file at.
    public enum LineConvention: Sendable, Equatable {
        /// `+N FILE` (vi, vim, nvim, nano, emacs, kak, micro, helix).
        case plusLine
        /// `--goto FILE:N` (VS Code and VSCodium).
        case gotoFlag
        /// `FILE:N` (Sublime Text, Zed).
        case colonSuffix
        /// The file alone: the editor is not known to take a line.
        case none
    }

    /// The convention of this editor.
    public var convention: LineConvention {
        switch name {
        case "vi", "vim", "nvim", "view", "nano", "emacs", "emacsclient", "kak", "micro", "hx", "helix": return .plusLine
        case "code", "codium", "code-insiders": return .gotoFlag
        case "subl", "zed": return .colonSuffix
        default: return .none
        }
    }

    /// The arguments that open `path` at `line` (1-based; nil for the start).
    public func arguments(path: String, line: Int?) -> [String] {
        guard let line else { return [path] }
        switch convention {
        case .plusLine: return ["+\(line)", path]
        case .gotoFlag: return ["--goto", "\(path):\(line)"]
        case .colonSuffix: return ["\(path):\(line)"]
        case .none: return [path]
        }
    }

    /// Opens the note at vault-relative `path` at `line`, once it is known to be inside the
    /// vault (no link out of it), and waits until the person closes the editor.
    ///
    /// - Throws: `LaunchError.editorNotFound` when the shell finds no such editor,
    ///   `.editorFailed` when it exits with a failure, `.cannotStart` when no shell runs;
    ///   `VaultError.leadsOutOfVault` for a note reached through a link out of the vault.
    public func edit(note path: String, in vault: Vault, line: Int?, environment: [String: String]) throws {
        try vault.checkInside(path)
        try launch(vault.absolutePath(path), line: line, environment: environment)
    }

    /// Runs the editor on `path` (absolute) at `line` until the person closes it.
    private func launch(_ path: String, line: Int?, environment: [String: String]) throws {
        let program = ForegroundProgram(script: command + " \"$@\"", arguments: arguments(path: path, line: line), environment: environment)
        let outcome: ForegroundProgram.Outcome
        do {
            outcome = try program.run()
        } catch let error as SystemError {
            throw LaunchError.cannotStart(program: command, reason: error.reason)
        }
        switch outcome.status {
        case 0: return
        case 126, 127: throw LaunchError.editorNotFound(editor: command)
        default: throw LaunchError.editorFailed(editor: command, status: outcome.status)
        }
    }
}
