import FoundationEssentials
import VaultSystem

/// The manual page `vault man` prints (`vault.1`), made from the same command and option
/// declarations as the help and the completion scripts, so it never falls behind them.
enum ManPage {
    /// The whole page, in the man macros.
    static func page() -> String {
        var lines = [
            ".TH VAULT 1 \"\" \"vault \(escape(CLI.version))\" \"User Commands\"",
            ".SH NAME",
            "vault \\- a plain-text vault of markdown notes, from the terminal",
            ".SH SYNOPSIS",
            ".B vault",
            "[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]",
            ".SH DESCRIPTION",
            "A vault is a folder of markdown notes: daily notes in \\fIjournals/\\fR, pages in",
            "\\fIpages/\\fR, the folders \\fIinbox/\\fR, \\fIquick/\\fR, \\fIarchive/\\fR and \\fItrash/\\fR,",
            "or any Obsidian, Logseq or Foam folder as it is.",
            ".B vault",
            "captures, searches, lists tasks, and renames or moves notes with every link to them",
            "rewritten; every change is written safely beside editors and sync tools.",
            ".PP",
            "The vault is the folder \\fB\\-\\-vault\\fR names, else \\fB$VAULT_DIR\\fR, else the nearest",
            "folder above the working directory that holds \\fI.zennotes/\\fR.",
            ".SH GLOBAL OPTIONS",
        ]
        lines += GlobalOptions.all.map(\.spec).flatMap(option)
        lines += option(GlobalOptions.version.spec)
        lines.append(".SH COMMANDS")
        for command in CLI.commands {
            let usage = command.usage.isEmpty ? "" : " " + command.usage
            lines.append(".SS \"vault \(escape(command.name))\(escape(usage))\"")
            lines.append(escape(sentence(command.summary)))
            if !command.discussion.isEmpty { lines += paragraphs(command.discussion) }
            if !command.options.isEmpty {
                lines += [".PP", "Options:"]
                lines += command.options.map(\.spec).flatMap(option)
            }
        }
        lines += [
            ".SH EXIT STATUS",
            ".TP", "0", "Success.",
            ".TP", "1", "A failure, or nothing found (a search or a check that finds what it looks for also exits 1).",
            ".TP", "2", "A usage error: an unknown command or option, or a missing argument.",
            ".TP", "3", "Refused because a file changed elsewhere since it was read; nothing was written.",
            ".SH ENVIRONMENT",
            ".TP", ".B VAULT_DIR", "The vault when \\fB\\-\\-vault\\fR is not given.",
            ".TP", ".B XDG_CACHE_HOME",
            "Where the cache of note facts is kept (\\fI$XDG_CACHE_HOME/vault/\\fR, else \\fI~/.cache/vault/\\fR).",
            ".TP", ".B NO_COLOR", "When set to a value that is not empty, output has no colour.",
            ".TP", ".BR VISUAL \", \" EDITOR", "The editor \\fBedit\\fR and \\fB\\-\\-open\\fR start (VISUAL first, else EDITOR, else vi), through the shell.",
            ".TP", ".B VAULT_TODAY", "The day taken as today (YYYY-MM-DD), for scripts and tests.",
            ".TP", ".B VAULT_NOW", "The time taken as now (an ISO 8601 time or a day), for scripts and tests.",
            ".SH FILES",
            ".TP", ".I .zennotes/vault.json", "The vault's settings and id.",
            ".TP", ".I .zennotes/", "Metadata sidecars, the intent journal of changes in progress, and the lock.",
            ".SH SEE ALSO",
            ".BR rg (1),",
            ".BR fzf (1),",
            ".BR git (1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An option as a tagged paragraph: its names and value, then its help.
    private static func option(_ spec: OptionSpec) -> [String] {
        var tag = spec.short.map { "\\fB\(escape($0))\\fR, " } ?? ""
        tag += "\\fB\(escape(spec.name))\\fR"
        if let value = spec.value { tag += " \\fI\(escape(value))\\fR" }
        return [".TP", tag, escape(sentence(spec.help))]
    }

    /// A command's discussion: paragraphs where it has blank lines, and indented lines (examples)
    /// kept as written.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = [".PP"]
        var verbatim = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indented = line.hasPrefix(" ")
            if line.trimmingSpaces().isEmpty {
                if verbatim { lines += [".fi", ".RE"]; verbatim = false }
                lines.append(".PP")
                continue
            }
            if indented && !verbatim { lines += [".RS", ".nf"]; verbatim = true }
            if !indented && verbatim { lines += [".fi", ".RE"]; verbatim = false }
            lines.append(escape(indented ? String(line.drop(while: { $0 == " " })) : line))
        }
        if verbatim { lines += [".fi", ".RE"] }
        return lines
    }

    /// The help text starting with a capital and ending with a full stop, as a sentence of a page.
    private static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }

    /// Text safe in a line of the man macros: backslashes and dashes escaped, characters past
    /// ASCII named (`\[u2026]`, which every troff reads whatever its input encoding), and a
    /// line that starts with a control character (`.` or `'`) made plain text.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 0x7F: escaped += "\\[u" + Digits.hex(scalar.value, width: 4, uppercase: true) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
