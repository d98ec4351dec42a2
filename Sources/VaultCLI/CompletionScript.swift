import FoundationEssentials
import VaultSystem
import VaultKit

/// The completion scripts `vault completions` prints, generated from the command and option
/// declarations, so a new command or option completes without anyone writing it twice.
///
/// Words from the vault (note paths, folders, tags) are asked of `vault completions
/// --candidates KIND` as the person types, in the vault the command line names.
enum CompletionScript {
    /// What a position on the command line completes to.
    enum Words: Equatable {
        case none, notes, folders, notesAndFolders, tags, directories
        case fixed([String])
    }

    /// The shells there is a script for.
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return "# bash completion for vault, printed by `vault completions bash`\n" + bash()
        case .zsh:
            // zsh runs the bash function through its bash emulation, which knows compgen and complete.
            return "#compdef vault\n# zsh completion for vault, printed by `vault completions zsh`\n"
                + "autoload -U +X bashcompinit && bashcompinit\n" + bash()
        case .fish: return fish()
        }
    }

    /// What a value of `spec` completes to.
    static func words(forValueOf spec: OptionSpec) -> Words {
        if !spec.choices.isEmpty { return .fixed(spec.choices) }
        switch spec.value {
        case "FOLDER": return .folders
        case "TAG", "TAGS": return .tags
        case "PATH": return .directories
        case "NOTE": return .notes
        default: return .none
        }
    }

    /// What the positional argument at `index` of `command` completes to, read from its usage.
    static func words(forPositional index: Int, of command: any Command.Type) -> Words {
        if command == CompletionsCommand.self { return index == 0 ? .fixed(Shell.allCases.map(\.rawValue)) : .none }
        let tokens = command.usage.split(separator: " ").map(String.init).filter { !$0.hasPrefix("--") }
        guard !tokens.isEmpty else { return .none }
        let token = index < tokens.count ? tokens[index] : (tokens.last!.hasSuffix("...") ? tokens.last! : "")
        let word = token.trimming { "[].".contains($0) }.split(separator: " ").first.map(String.init) ?? ""
        if word.contains("NOTE") { return word.contains("FOLDER") ? .notesAndFolders : .notes }
        if word == "FOLDER" || word == "DEST" { return .folders }
        if word == "PATH" { return .directories }
        if word == "DATE" { return .fixed(["today", "yesterday", "tomorrow"]) }
        if word == "OLD" { return .tags }
        // A word in lower case is a subcommand, typed as it is (`tags rename`, `conflicts resolve`).
        if !word.isEmpty, word == word.lowercased(), word.allSatisfy(\.isLetter) { return .fixed([word]) }
        if word.contains("|"), word == word.lowercased() { return .fixed(word.split(separator: "|").map(String.init)) }
        return .none
    }

    // MARK: bash

    private static func bash() -> String {
        let globals = GlobalOptions.all.map(\.spec)
        let valuedGlobals = globals.filter { $0.value != nil }.map(\.name)
        var text = """
            _vault_from() {
                local line
                # Notes and tags come most used first (frecency): bash 4.4 and later keep that order.
                [[ -z "${ZSH_VERSION-}" ]] && compopt -o nosort 2>/dev/null
                while IFS= read -r line; do
                    [[ "$line" == "$cur"* ]] && COMPREPLY+=("$line")
                done < <("${COMP_WORDS[0]}" "${vault_args[@]}" completions --candidates "$1" 2>/dev/null)
            }

            _vault_words() {
                local word
                # Split by a command substitution, which zsh splits as bash does.
                for word in $(printf '%s' "$1"); do
                    [[ "$word" == "$cur"* ]] && COMPREPLY+=("$word")
                done
            }

            _vault() {
                [[ -n "${ZSH_VERSION-}" ]] && setopt localoptions ksharrays
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local i command="" start=0 n=0 valued="" vault_args=()
                COMPREPLY=()
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                    --vault) vault_args=(--vault "${COMP_WORDS[i+1]}"); ((i++)) ;;
                    \(valuedGlobals.joined(separator: "|"))) ((i++)) ;;
                    -*) ;;
                    *) [[ -z "$command" ]] && { command="${COMP_WORDS[i]}"; start=$i; } ;;
                    esac
                done
                if [[ -z "$command" ]]; then
                    case "$prev" in
            \(bashValueCases(globals, indent: "        "))
                    esac
                    if [[ "$cur" == -* ]]; then
                        _vault_words "\((globals.map(\.name) + ["--version"]).joined(separator: " "))"
                    else
                        _vault_words "\((CLI.commands.map { $0.name } + ["help"]).joined(separator: " "))"
                    fi
                    return 0
                fi
                case "$command" in

            """
        for command in CLI.commands {
            let specs = command.options.map(\.spec) + globals
            text += "    \(command.name))\n"
            text += "        valued=\"\(specs.filter { $0.value != nil }.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }.joined(separator: " "))\"\n"
            text += "        case \"$prev\" in\n" + bashValueCases(specs, indent: "        ") + "        esac\n"
            text += "        if [[ \"$cur\" == -* ]]; then _vault_words \"\(specs.map(\.name).joined(separator: " "))\"; return 0; fi\n"
            text += "        n=$(_vault_position)\n        case $n in\n"
            var index = 0
            while index < 4 {
                let words = words(forPositional: index, of: command)
                if words != .none { text += "        \(index)) \(bashCompletion(words)) ;;\n" }
                index += 1
            }
            let rest = words(forPositional: 99, of: command)
            if rest != .none { text += "        *) \(bashCompletion(rest)) ;;\n" }
            text += "        esac\n        ;;\n"
        }
        text += "    help) [[ $COMP_CWORD -eq $((start + 1)) ]] && _vault_words \"\(CLI.commands.map { $0.name }.joined(separator: " "))\" ;;\n"
        text += """
                esac
                return 0
            }

            # Counts the arguments between the command and the word being typed, leaving out
            # options and the values of those that take one.
            _vault_position() {
                local i count=0 word
                for ((i = start + 1; i < COMP_CWORD; i++)); do
                    word="${COMP_WORDS[i]}"
                    if [[ "$word" == -?* ]]; then
                        [[ "$word" != *=* && " $valued " == *" $word "* ]] && ((i++))
                        continue
                    fi
                    ((count++))
                done
                echo "$count"
            }

            complete -o filenames -F _vault vault

            """
        return text
    }

    private static func bashValueCases(_ specs: [OptionSpec], indent: String) -> String {
        specs.filter { $0.value != nil }.map { spec in
            let names = ([spec.name] + (spec.short.map { [$0] } ?? [])).joined(separator: "|")
            return indent + names + ") " + bashCompletion(words(forValueOf: spec)) + "; return 0 ;;\n"
        }.joined()
    }

    private static func bashCompletion(_ words: Words) -> String {
        switch words {
        case .none: return ":"
        case .notes: return "_vault_from notes"
        case .folders: return "_vault_from folders"
        case .notesAndFolders: return "_vault_from notes; _vault_from folders"
        case .tags: return "_vault_from tags"
        case .directories: return "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .fixed(let list): return "_vault_words \"\(list.joined(separator: " "))\""
        }
    }

    // MARK: fish

    private static func fish() -> String {
        var text = "# fish completion for vault, printed by `vault completions fish`\ncomplete -c vault -f\n"
        for command in CLI.commands {
            text += "complete -c vault -n '__fish_use_subcommand' -a \(command.name) -d \(fishQuoted(command.summary))\n"
        }
        text += "complete -c vault -n '__fish_use_subcommand' -a help -d 'show a command\\'s options'\n"
        text += "complete -c vault -n '__fish_use_subcommand' -l version -d 'print the version'\n"
        for spec in GlobalOptions.all.map(\.spec) { text += fishOption(spec, condition: "true") }
        text += "complete -c vault -n '__fish_seen_subcommand_from help' -a \(fishQuoted(CLI.commands.map { $0.name }.joined(separator: " ")))\n"
        for command in CLI.commands {
            let condition = "__fish_seen_subcommand_from \(command.name)"
            for spec in command.options.map(\.spec) { text += fishOption(spec, condition: condition) }
            // fish cannot count positionals simply: offer the first position's words throughout.
            let words = words(forPositional: 0, of: command)
            if words != .none {
                text += "complete -c vault -n '\(condition)'\(fishOrder(words)) -a \(fishQuoted(fishArguments(words)))\n"
            }
        }
        return text
    }

    private static func fishOption(_ spec: OptionSpec, condition: String) -> String {
        var line = "complete -c vault -n '\(condition)' -l \(spec.name.dropFirst(2))"
        if let short = spec.short { line += " -s \(short.dropFirst())" }
        if spec.value != nil {
            // A value, and no file names unless the value is a folder.
            line += " -x"
            let words = words(forValueOf: spec)
            if words != .none { line += fishOrder(words) + " -a " + fishQuoted(fishArguments(words)) }
        }
        return line + " -d " + fishQuoted(spec.help) + "\n"
    }

    private static func fishArguments(_ words: Words) -> String {
        switch words {
        case .none: return ""
        case .notes: return "(vault completions --candidates notes)"
        case .folders: return "(vault completions --candidates folders)"
        case .notesAndFolders: return "(vault completions --candidates notes; vault completions --candidates folders)"
        case .tags: return "(vault completions --candidates tags)"
        case .directories: return "(__fish_complete_directories)"
        case .fixed(let list): return list.joined(separator: " ")
        }
    }

    /// ` -k` (keep the order given) for notes and tags, which come most used first.
    private static func fishOrder(_ words: Words) -> String {
        switch words {
        case .notes, .notesAndFolders, .tags: return " -k"
        default: return ""
        }
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
