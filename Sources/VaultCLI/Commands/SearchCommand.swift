import VaultKit
import VaultSystem

/// `vault search QUERY`: every line of the notes, fuzzy, exact or by regular expression.
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "search the lines of every note: fuzzy (default), --exact or --regex"
    static let usage = "QUERY..."
    static let discussion = """
        Prints each matching line as path:line: text, like rg, the match highlighted on a
        terminal. Fuzzy matches come best first, the lines that hold the query as written (in
        any case) before those whose letters are scattered; exact and regex matches by path
        and line. On a terminal a fuzzy search shows the best that fit on the screen (50 when
        its height is not known) and a count of the rest; a pipe or --limit gets all of them.
        QUERY uses fzf's extended syntax: terms separated by spaces must all match; 'term is
        exact, ^term a prefix, term$ a suffix, !term leaves out lines that hold term, a | b
        matches either. With --exact every term is a substring ('term is then fuzzy). A term
        with an upper-case letter matches case; accents never matter (cafe finds Café).
        Frontmatter and code blocks are searched too. The trash is left out unless
        --include-trash. Exits 1 when nothing matches, 2 for an empty or invalid query.
        """
    static let exact = Option<Bool>(flag: "--exact", help: "every term as a substring (smart case)")
    static let regex = Option<Bool>(flag: "--regex", help: "QUERY is a regular expression (smart case, ^ and $ at each line)")
    static let group = Option<Bool>(flag: "--group", help: "lines under the path of their note")
    static let contextLines = Option<Int?>(number: "--context", short: "-C", value: "N", help: "N lines before and after each match")
    static let limit = CommonOptions.limit.withHelp("at most N matching lines")
    static let tag = CommonOptions.tag.withHelp("only notes tagged TAG (nested tags match too)")
    static let includeTrash = CommonOptions.includeTrash.withHelp("search the trash too")
    static let noArchive = Option<Bool>(flag: "--no-archive", help: "leave out the archive")
    static let options: [any DeclaredOption] = [
        exact, regex, group, contextLines, limit, CommonOptions.folder, tag, includeTrash, noArchive,
    ]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        if arguments[exact] && arguments[regex] { throw UsageError("--exact and --regex exclude each other") }
        let mode: LineSearch.Mode = arguments[regex] ? .regex : arguments[exact] ? .exact : .fuzzy
        let asked = try CommonOptions.limitValue(arguments, Self.limit, default: nil)
        let lines = try arguments[contextLines] ?? 0
        // The trash is searched when asked for, by flag or by --folder trash.
        let filter = NoteQuery(
            folders: arguments[CommonOptions.folder], tags: arguments[tag], includeTrash: arguments[includeTrash])
        var words: [String] = []
        while let word = arguments.positional() { words.append(word) }
        try arguments.finish()
        guard !words.isEmpty else { throw UsageError("missing QUERY") }
        var search: LineSearch
        do {
            search = try LineSearch(words.joined(separator: " "), mode: mode)
        } catch {
            throw UsageError(error.description)
        }
        search.context = lines
        let vault = try context.vault()
        context.recordUse(notes: [], tags: filter.tags)
        let includeArchive = !arguments[noArchive]
        var update: (@Sendable (Int, Int) -> Void)?
        var progress: Progress?
        // Matches stream onto a terminal as they are found; a progress line would run into them.
        if context.stderrIsTerminal && !context.stdoutIsTerminal && !context.quiet {
            let shown = Progress("searching notes")
            progress = shown
            update = { shown.update($0, $1) }
        }
        // A person at a terminal reads the best of a ranking; a pipe or --limit asks for more.
        var screenful: Int?
        if mode == .fuzzy && asked == nil && context.stdoutIsTerminal && !context.json {
            screenful = LineSearch.screenful(rows: context.terminal.rows, contextLines: lines)
        }
        let limit = asked ?? screenful
        let summary: SearchSummary
        if context.json {
            summary = try printJSON(search, mode: mode, vault: vault, filter: filter, includeArchive: includeArchive, limit: limit, update, context)
        } else {
            var printer = SearchPrinter(context: context, grouped: arguments[group], separated: lines > 0, ranked: mode == .fuzzy)
            if arguments[group] && mode == .fuzzy {
                // Notes by their best line: every match is needed before the first note is shown.
                var all = CollectingSink<LineMatch>()
                summary = try search.run(vault: vault, filter: filter, includeArchive: includeArchive, limit: limit, progress: update, into: &all)
                for match in SearchPrinter.byBestLine(all.elements) { printer.print(match) }
            } else {
                var sink = ClosureSink<LineMatch> { match in
                    printer.print(match)
                    return true
                }
                summary = try search.run(
                    vault: vault, filter: filter, includeArchive: includeArchive, limit: limit, progress: update, into: &sink)
            }
            printer.finish()
            if screenful != nil && summary.found > summary.matches {
                let rest = summary.found - summary.matches
                context.line(context.dim("… \(rest) more match\(rest == 1 ? "" : "es") (--limit N or a pipe shows all)"))
            }
        }
        progress?.finish()
        context.warn(summary.warnings)
        if let failure = summary.failure { throw failure }
        if summary.matches == 0 { context.warnMissingFolders(of: filter, in: vault) }
        return summary.matches == 0 ? 1 : 0
    }

    /// `search --json`: `{"matches": [...], "mode": ..., "query": ...}`, the matches written
    /// as they come (keys in order, as `Context.emit` sorts them).
    private static func printJSON(
        _ search: LineSearch, mode: LineSearch.Mode, vault: Vault, filter: NoteQuery, includeArchive: Bool, limit: Int?,
        _ update: (@Sendable (Int, Int) -> Void)?, _ context: Context
    ) throws -> SearchSummary {
        // Begun at the first match or after the walk: a walk that fails prints no half document.
        var begun = false
        let begin = {
            if !begun { context.write { $0.append(contentsOf: "{\n  \"matches\": ".utf8) } }
            begun = true
        }
        var array = JSONArrayStream(depth: 1)
        var sink = ClosureSink<LineMatch> { match in
            begin()
            return array.append(encoding: match, in: context)
        }
        let summary = try search.run(vault: vault, filter: filter, includeArchive: includeArchive, limit: limit, progress: update, into: &sink)
        if let failure = array.failure { throw failure }
        begin()
        context.write { output in
            array.finish(to: &output)
            output.append(contentsOf: ",\n  \"mode\": ".utf8)
            JSONValue.string(mode.rawValue).append(to: &output, depth: 1)
            output.append(contentsOf: ",\n  \"query\": ".utf8)
            JSONValue.string(search.query).append(to: &output, depth: 1)
            output.append(contentsOf: "\n}\n".utf8)
        }
        return summary
    }

    /// `text` with the UTF-8 byte `ranges` in bold colour, when colour is on.
    static func highlight(_ text: String, _ ranges: [Range<Int>], _ context: Context) -> String {
        guard context.color, !ranges.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var result = ""
        var position = 0
        for range in ranges where range.lowerBound >= position && range.upperBound <= bytes.count {
            result += String(decoding: bytes[position..<range.lowerBound], as: UTF8.self)
            result += "\u{1B}[1;31m" + String(decoding: bytes[range], as: UTF8.self) + "\u{1B}[0m"
            position = range.upperBound
        }
        return result + String(decoding: bytes[position...], as: UTF8.self)
    }
}

/// Prints matches like rg: `path:line: text` for a match, `path-line- text` for context,
/// `--` between separate blocks; or grouped under each note's path.
private struct SearchPrinter {
    let context: Context
    let grouped: Bool
    /// True when context lines are shown, so blocks need separators.
    let separated: Bool
    private var lastPath: String?
    private var lastLine = 0
    private var pending: [ContextLine] = []

    /// True for fuzzy matches, which jump between notes, so each keeps its own context block.
    let ranked: Bool

    init(context: Context, grouped: Bool, separated: Bool, ranked: Bool) {
        self.context = context
        self.grouped = grouped
        self.separated = separated
        self.ranked = ranked
    }

    /// Ranked matches grouped under their notes: notes by their best line, lines in order
    /// within a note.
    static func byBestLine(_ matches: [LineMatch]) -> [LineMatch] {
        var rank: [String: Int] = [:]
        for (index, match) in matches.enumerated() where rank[match.path] == nil { rank[match.path] = index }
        return matches.sorted { (rank[$0.path]!, $0.line) < (rank[$1.path]!, $1.line) }
    }

    /// Prints one match, with its context lines, after those printed before it.
    mutating func print(_ match: LineMatch) {
        let merges = grouped || !ranked
        if match.path != lastPath || !merges {
            flush(upTo: Int.max)
            if grouped && match.path != lastPath {
                if lastPath != nil { context.line() }
                context.line(context.tint(match.path, 35))
            } else if separated && lastPath != nil {
                context.line("--")
            }
            lastPath = match.path
            lastLine = 0
        } else {
            flush(upTo: match.line)
        }
        for line in match.before where line.line > lastLine { emit(match.path, line.line, line.text, [], isMatch: false) }
        emit(match.path, match.line, match.text, match.ranges, isMatch: true)
        pending = match.after
    }

    /// Prints the context lines still pending after the last match.
    mutating func finish() {
        flush(upTo: Int.max)
    }

    /// Prints the pending context lines that come before line `limit`.
    private mutating func flush(upTo limit: Int) {
        for line in pending where line.line > lastLine && line.line < limit {
            emit(lastPath ?? "", line.line, line.text, [], isMatch: false)
        }
        pending = []
    }

    private mutating func emit(_ path: String, _ number: Int, _ text: String, _ ranges: [Range<Int>], isMatch: Bool) {
        if separated && lastLine > 0 && number > lastLine + 1 { context.line("--") }
        lastLine = number
        guard context.color else {
            // Without colours the line is written straight into stdout's buffer: built as
            // strings joined, it cost 4,000 instructions a line of a search that prints
            // thousands.
            let mark = isMatch ? UInt8(ascii: ":") : UInt8(ascii: "-")
            let grouped = grouped
            context.write { output in
                if !grouped {
                    output.append(contentsOf: path.utf8)
                    output.append(mark)
                }
                output.append(contentsOf: String(number).utf8)
                output.append(mark)
                if !text.isEmpty {
                    output.append(0x20)
                    output.append(contentsOf: text.utf8)
                }
                output.append(0x0A)
            }
            return
        }
        let mark = isMatch ? ":" : "-"
        let body = SearchCommand.highlight(text, ranges, context)
        let label = context.tint(String(number), 32)
        let tail = text.isEmpty ? "" : " " + body
        context.line(grouped ? "\(label)\(mark)\(tail)" : "\(context.tint(path, 35))\(mark)\(label)\(mark)\(tail)")
    }
}
