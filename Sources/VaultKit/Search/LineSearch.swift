import FoundationEssentials
import VaultMarkdown
import VaultSystem

/// Searches every line of a vault's notes: fuzzy (fzf's extended syntax, the default),
/// exact (smart-case substrings, every term) or by regular expression.
///
/// Frontmatter and code blocks are searched like any other line: people search their code.
/// Notes are read as raw bytes; a byte-level pre-check skips most lines, and a `String` is
/// built only for a line that matches. A note that is not valid UTF-8 is searched as bytes.
public struct LineSearch: Sendable {
    /// How the query is read.
    public enum Mode: String, Sendable, CaseIterable {
        /// fzf's extended syntax: every term fuzzy unless marked (`'exact ^prefix suffix$ !not`).
        case fuzzy
        /// Every term as a substring (`'term` is fuzzy, the other marks as in fuzzy mode).
        case exact
        /// A regular expression (smart case: upper-case letters make it case-sensitive).
        case regex
    }

    public let mode: Mode
    /// The query as given.
    public let query: String
    /// The parsed query, for fuzzy and exact searches.
    let terms: FuzzyQuery?
    /// The compiled expression, for regex searches.
    let expression: RegexPattern?
    /// Lines of context to show before and after each match.
    public var context = 0
    /// How many bytes a fuzzy ranking may write to its scratch file (0: none is made); the
    /// matches past it are read again from their notes. Tests lower it to reach that path.
    var scratchCapacity = Int.max
    /// Up to this limit a fuzzy ranking scores its lines best bound first, after reading
    /// every note (see `scoreByBound`); tests set it to 0 to reach the other way.
    var boundOrderLimit = LineSearch.boundOrderLimit
    /// Notes kept in memory by a server, read from there instead of from disk.
    public var texts: NoteTexts?

    /// Parses the query.
    ///
    /// - Throws: `SearchQueryError` for an empty query, one of only exclusions, or a regular
    ///   expression that does not parse.
    public init(_ query: String, mode: Mode) throws(SearchQueryError) {
        self.mode = mode
        self.query = query
        if mode == .regex {
            guard !query.isEmpty else { throw .empty }
            expression = try RegexPattern(query)
            terms = nil
        } else {
            let parsed = FuzzyQuery(query, exact: mode == .exact)
            guard !parsed.isEmpty else { throw .empty }
            guard parsed.looksForSomething else { throw .onlyExclusions(query: query) }
            terms = parsed
            expression = nil
        }
    }

    /// The notes a search reads: the trash only when asked, the archive unless asked not to.
    public static func searchable(_ notes: [Note], includeTrash: Bool, includeArchive: Bool) -> [Note] {
        notes.filter { isSearchable($0, includeTrash: includeTrash, includeArchive: includeArchive) }
    }

    /// True for a note a search reads, as `searchable` chooses them.
    public static func isSearchable(_ note: Note, includeTrash: Bool, includeArchive: Bool) -> Bool {
        switch note.kind {
        case .trash: return includeTrash
        case .archive: return includeArchive
        default: return true
        }
    }

    /// Searches `notes` (read from `vault`) and returns the matches in order: fuzzy matches
    /// best first, others by path and line. `limit` keeps the first matches only.
    public func run(
        vault: Vault, notes: [Note], limit: Int? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> SearchReport {
        var sink = CollectingSink<LineMatch>()
        // All of them are kept anyway: ranked in one pass, whatever they hold.
        let summary = run(vault: vault, notes: notes, limit: limit, rankingBudget: .max, progress: progress, into: &sink)
        return SearchReport(
            matches: sink.elements, notesSearched: summary.notesSearched, warnings: summary.warnings, failure: summary.failure)
    }

    /// True when fuzzy match `a` is shown before `b`: a line that holds the query as written
    /// first, then the higher score, then the shorter line, then by path and line.
    static func ranksBefore(_ a: LineMatch, _ b: LineMatch) -> Bool {
        if a.literal != b.literal { return a.literal }
        if a.score != b.score { return a.score > b.score }
        if a.text.utf8.count != b.text.utf8.count { return a.text.utf8.count < b.text.utf8.count }
        return (a.path, a.line) < (b.path, b.line)
    }

    /// How many fuzzy matches fit on a terminal of `rows` rows (50 when its height is not
    /// known), two rows left for the count of the rest and the prompt, each match taking its
    /// `contextLines` before and after and a separator.
    public static func screenful(rows: Int?, contextLines: Int) -> Int {
        let available = rows.map { max(1, $0 - 2) } ?? 50
        let perMatch = 1 + 2 * contextLines + (contextLines > 0 ? 1 : 0)
        return max(1, available / perMatch)
    }

    struct NoteResult: Sendable {
        var matches: [LineMatch]
        var warning: VaultWarning?
        /// A regular expression PCRE2 gave up matching in the note.
        var failure: RegexMatchError?
        /// The lines that match but were not scored: they could not rank among those kept.
        var unscored: [Int] = []
        /// The lines that match, bounded and not scored, of a ranking that scores later.
        var deferred: [FileSearcher.Deferred] = []
    }

    func read(_ note: Note, vault: Vault, with searcher: inout FileSearcher) -> NoteResult {
        do {
            // Read into the thread's own buffer where nothing keeps the note's bytes.
            if let texts { searcher.readBuffer.replace(with: try texts.contents(of: note, in: vault)) }
            else { try vault.walkedContents(of: note, into: searcher.readBuffer) }
        } catch VaultError.noteNotDownloaded {
            return NoteResult(matches: [], warning: VaultWarning(path: note.path, message: "not downloaded, so not searched"))
        } catch VaultError.noteUnavailable(_, let reason) {
            return NoteResult(matches: [], warning: VaultWarning(path: note.path, message: "not searched: \(reason)"))
        } catch {
            return NoteResult(matches: [], warning: VaultWarning(path: note.path, message: "not searched: \(error)"))
        }
        let matches: [LineMatch]
        let lossy: Bool
        do {
            (matches, lossy) = try searcher.search(searcher.readBuffer.bytes, path: note.path)
        } catch {
            return NoteResult(matches: [], failure: error)
        }
        let warning =
            lossy || !note.isUTF8
            ? VaultWarning(path: note.path, message: "not valid UTF-8; searched as bytes, shown with U+FFFD") : nil
        return NoteResult(matches: matches, warning: warning, unscored: searcher.unscored, deferred: searcher.deferred)
    }
}

extension LineSearch {
    /// The bytes of a note of the walk, from `texts` when it keeps them.
    func contents(of note: Note, vault: Vault) throws -> [UInt8] {
        if let texts { return try texts.contents(of: note, in: vault) }
        return try vault.walkedContents(of: note)
    }
}

/// What a search found.
public struct SearchReport: Sendable {
    /// The matching lines, in the order to show them.
    public var matches: [LineMatch]
    /// How many notes were read.
    public var notesSearched: Int
    /// Notes that could not be searched, or only as bytes.
    public var warnings: [VaultWarning]
    /// The note a regular expression could not be matched in, where the search stopped.
    public var failure: RegexMatchError?
}

/// What a search that handed its matches to a sink found besides them.
public struct SearchSummary: Sendable {
    /// How many matches the sink was given.
    public var matches: Int
    /// How many lines matched, the limit aside: those past it are counted, not handed on
    /// (a fuzzy search, which reads every note; others count as far as they read).
    public var found = 0
    /// How many notes were read.
    public var notesSearched: Int
    /// Notes that could not be searched, or only as bytes.
    public var warnings: [VaultWarning]
    /// The note a regular expression could not be matched in, where the search stopped:
    /// the matches before it were handed on.
    public var failure: RegexMatchError?
}
