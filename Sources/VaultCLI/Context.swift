import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultSystem

/// Where a command writes, with what settings, and how it finds its vault.
final class Context {
    let environment: [String: String]
    let workingDirectory: String
    let vaultOption: String?
    let json: Bool
    let quiet: Bool
    let color: Bool
    /// The person's side: terminals, standard input, answers to questions.
    let terminal: Terminal
    /// The time every command of this run works with: `VAULT_NOW` when set, else the machine's.
    let clock: VaultClock
    private(set) var output: [UInt8] = []
    private(set) var errors: [UInt8] = []
    private let fileSystem: any FileSystem
    /// False under `--no-cache`: every note is read afresh and the cache is left as it is.
    let usesCache: Bool

    init(
        environment: [String: String], workingDirectory: String, vaultOption: String?, json: Bool, quiet: Bool,
        color: Bool, terminal: Terminal = Terminal(), clock: VaultClock = .system,
        fileSystem: any FileSystem = LocalFileSystem(), usesCache: Bool = false
    ) {
        self.usesCache = usesCache
        self.clock = clock
        self.terminal = terminal
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.vaultOption = vaultOption
        self.json = json
        self.quiet = quiet
        self.color = color
        self.fileSystem = fileSystem
    }

    /// True when stdout is a terminal.
    var stdoutIsTerminal: Bool { terminal.stdoutIsTerminal }
    /// True when stderr is a terminal, where progress is shown.
    var stderrIsTerminal: Bool { terminal.stderrIsTerminal }
    /// True when standard input is a terminal (a person), not a pipe or a file.
    var stdinIsTerminal: Bool { terminal.stdinIsTerminal }

    private var located: Vault?
    /// The vault this run opened, if it opened one.
    var locatedVault: Vault? { located }

    /// The vault and its cache, for `vault cache`, which works on the cache under
    /// `--no-cache` too.
    ///
    /// - Throws: `VaultError.noCache` when the vault can have none; why is said once, by the
    ///   error, not first as a warning.
    func vaultWithCache() throws -> (vault: Vault, cache: FactsCache) {
        var vault = try self.vault(openingCache: false)
        if let cache = vault.cache { return (vault, cache) }
        let found = CacheLocation.find(for: vault, environment: environment)
        for notice in found.notices where notice != found.absence { warn(notice) }
        guard let location = found.location else { throw VaultError.noCache(reason: found.absence ?? "") }
        let cache = openCache(at: location)
        vault.cache = cache
        located = vault
        return (vault, cache)
    }

    /// The vault this command works on. The first time, a change an earlier run left
    /// unfinished (a rename killed halfway) is finished before anything else, and said so.
    ///
    /// - Parameter recovering: false to leave an interrupted change for the caller to report.
    /// - Parameter folder: the folder to open when `--vault` is not given (a language
    ///   server's workspace folder), instead of finding one.
    /// - Parameter openingCache: false for a caller that opens the cache itself.
    func vault(recovering: Bool = true, folder: String? = nil, openingCache: Bool = true) throws -> Vault {
        if let located { return located }
        var vault = try Vault.locate(
            explicit: vaultOption ?? folder, environment: environment, workingDirectory: workingDirectory, fileSystem: fileSystem)
        vault.clock = clock
        if usesCache && openingCache { vault.cache = openCache(for: vault) }
        located = vault
        // Said once per run: the graph is still read, with Logseq's defaults.
        for problem in (vault.logseq?.problems ?? []) + (vault.obsidian?.problems ?? []) { warn(problem) }
        guard recovering else { return vault }
        let recovery = vault.recoverInterruptedChanges()
        for report in recovery.reports { self.report(report) }
        if let error = recovery.problem {
            // Reading still works; a rename or move refuses until the change is finished.
            errors.append(contentsOf: "vault: warning: \(relativeToVault(error.description)); `vault doctor` shows what is left\n".utf8)
        }
        return vault
    }

    /// The vault folder opened with the standard layout, for examining a vault whose settings
    /// cannot be read.
    func vaultIgnoringSettings() throws -> Vault {
        let root = try Vault.locateFolder(
            explicit: vaultOption, environment: environment, workingDirectory: workingDirectory, fileSystem: fileSystem)
        var vault = Vault(standardLayoutAt: root, fileSystem: fileSystem)
        vault.clock = clock
        return vault
    }

    /// The text of TEXT arguments, or standard input when there are none or TEXT is `-`.
    ///
    /// - Throws: `InputError` when standard input cannot be read or holds too much.
    func text(_ words: [String]) throws -> [UInt8] {
        if words.isEmpty || words == ["-"] { return stdinIsTerminal && words.isEmpty ? [] : try terminal.readInput() }
        return Array(words.joined(by: " ").utf8)
    }

    /// Refuses to go on unless standard input and output are a terminal, where a person can
    /// use the program `what` starts (an editor, a picker) instead of it waiting on a pipe.
    ///
    /// - Throws: `LaunchError.noTerminal` (exit 2).
    func requireTerminal(for what: String) throws {
        guard stdinIsTerminal && stdoutIsTerminal else { throw LaunchError.noTerminal(what: what) }
    }

    /// Opens a note of `vault` in the person's editor, at `line`, and waits for it to close.
    /// What this run printed so far is sent first, so it is not held behind the editor.
    func editNote(_ path: String, line: Int?, in vault: Vault) throws {
        send()
        try EditorCommand(environment: environment).edit(note: path, in: vault, line: line, environment: environment)
    }

    /// Asks a yes/no question on the terminal; false when there is no person to ask.
    func confirm(_ question: String) -> Bool {
        guard stdinIsTerminal && stderrIsTerminal else { return false }
        let answer = terminal.ask("\(question) [y/N] ") ?? ""
        return ["y", "yes"].contains(answer.trimmingSpaces().lowercased())
    }

    /// The vault, its notes (titles read) and the one note `name` names, once the command's
    /// arguments are all taken.
    func note(named name: String, finishing arguments: Arguments) throws -> (Vault, VaultScan, Note) {
        try arguments.finish()
        let vault = try vault()
        let scan = try scan(vault, detail: .summary)
        return (vault, scan, try NoteLookup(notes: scan.notes, in: vault).note(named: name))
    }

    /// The note `name` stands for without a walk when it is a note's path (`Vault.note(named:)`),
    /// with a progress line on a terminal when a walk takes a while.
    func note(named name: String, in vault: Vault) throws -> Note {
        try readingNotes { try vault.note(named: name, progress: $0) }
    }

    /// Walks the vault, with a progress line on a terminal when it takes a while.
    func scan(_ vault: Vault, detail: NoteReader.Detail) throws -> VaultScan {
        try readingNotes { try vault.scan(detail: detail, progress: $0) }
    }

    /// `body` given a progress line to report to on a terminal (none otherwise, or when quiet),
    /// shown when reading the notes takes a while.
    func readingNotes<Result>(_ body: ((@Sendable (_ done: Int, _ total: Int) -> Void)?) throws -> Result) rethrows -> Result {
        guard stderrIsTerminal && !quiet else { return try body(nil) }
        let progress = Progress("reading notes")
        defer { progress.finish() }
        return try body { progress.update($0, $1) }
    }

    /// Says what a multi-file change met on the way: changes an earlier run left, which it
    /// finished first, files left alone, leftover temporary files removed. A recovered change
    /// (`recovered`) is introduced by its one line.
    func report(_ change: ChangeReport, recovered: Bool = true) {
        if recovered { errors.append(contentsOf: "vault: \(change.recoveryLine)\n".utf8) }
        for earlier in change.finishedFirst { report(earlier) }
        // Said under --quiet too: a file left alone is why the command exits 3.
        for conflict in change.conflicts { errors.append(contentsOf: "vault: warning: \(conflict.description)\n".utf8) }
        let removed = change.removedLeftovers
        guard !removed.isEmpty else { return }
        warn("removed \(removed.count) temporary file\(removed.count == 1 ? "" : "s") an interrupted write left: " + removed.joined(separator: ", "))
    }

    /// A message with the vault's own folder left out of its paths, which are then as the
    /// person names notes.
    func relativeToVault(_ text: String) -> String {
        guard let root = located?.root else { return text }
        return text.replacing(root + "/", with: "")
    }

    /// How many bytes of stdout are kept before they are sent on (when the terminal takes
    /// output as it comes): large enough for few writes, small enough to stay flat.
    static let outputChunk = 1 << 16

    /// Writes a line for people to stdout.
    func line(_ text: String = "") {
        output.append(contentsOf: text.utf8)
        output.append(0x0A)
        sendIfFull()
    }

    /// Writes raw bytes to stdout (a note's text, exactly as stored).
    func raw(_ bytes: [UInt8]) {
        output.append(contentsOf: bytes)
        sendIfFull()
    }

    /// Lets `body` append bytes to stdout in place (a streamed JSON element, a row).
    func write(_ body: (inout [UInt8]) -> Void) {
        body(&output)
        sendIfFull()
    }

    /// Sends what stdout holds to the terminal, when it takes output as it comes.
    func send() {
        guard let writeOutput = terminal.writeOutput, !output.isEmpty else { return }
        writeOutput(output)
        output.removeAll(keepingCapacity: true)
    }

    private func sendIfFull() {
        if output.count >= Self.outputChunk { send() }
    }

    /// Writes one JSON document to stdout: keys sorted, 2-space indent.
    func emit<T: Encodable>(_ value: T) throws {
        output.append(contentsOf: try JSONValueEncoder().encode(value).formattedBytes())
    }

    /// A warning on stderr, unless `--quiet`.
    func warn(_ text: String) {
        if quiet { return }
        errors.append(contentsOf: "vault: warning: \(text)\n".utf8)
    }

    /// For a query that found nothing: each folder it asked for that is not in the vault,
    /// so that a misspelt `--folder` is told from an empty one.
    func warnMissingFolders(of query: NoteQuery, in vault: Vault) {
        for folder in query.missingFolders(in: vault) { warn("no folder \(folder) in the vault") }
    }

    /// Scan warnings, at most `limit` of them and then a count of the rest.
    func warn(_ warnings: [VaultWarning], limit: Int = 20) {
        for warning in warnings.prefix(limit) { warn(warning.description) }
        if warnings.count > limit { warn("\(warnings.count - limit) more warnings (`vault info` lists them)") }
    }

    /// An error message on stderr, with an optional hint.
    func error(_ text: String, hint: String? = nil) {
        errors.append(contentsOf: "vault: error: \(text)\n".utf8)
        if let hint { errors.append(contentsOf: "hint: \(hint)\n".utf8) }
    }

    /// Text in bold, when colour is on.
    func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    /// Text dimmed, when colour is on.
    func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    /// Text in a colour (ANSI code), when colour is on.
    func tint(_ text: String, _ code: Int) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }

    /// Two columns: padded on a terminal, tab-separated for scripts.
    func columns(_ rows: [[String]]) {
        guard stdoutIsTerminal, let width = rows.map({ $0.first?.count ?? 0 }).max() else {
            for row in rows { line(([bold(row.first ?? "")] + row.dropFirst()).joined(separator: "\t")) }
            return
        }
        let padded = min(width, 60)
        for row in rows {
            guard let first = row.first else { continue }
            let gap = String(repeating: " ", count: max(2, padded - first.count + 2))
            line(bold(first) + gap + row.dropFirst().joined(separator: "  "))
        }
    }

    /// Takes what was written so far (for the caller to send to the real streams).
    func drain() -> (output: [UInt8], errors: [UInt8]) {
        defer {
            output = []
            errors = []
        }
        return (output, errors)
    }
}
