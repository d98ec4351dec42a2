import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// One client's session with a vault: the protocol version agreed, the plans shown, and the
/// answer to each request. Requests are answered one at a time, in order (`MCPServer`).
public final class MCPSession: @unchecked Sendable {
    /// The vault, with the cache of note facts opened once for the whole session; opened
    /// again when its settings change.
    public private(set) var vault: Vault
    /// True unless the session runs without the cache (`--no-cache`): walks are then kept.
    private let keepsScans: Bool
    /// The vault's settings files as they were when it was opened.
    private var settingsSignature: [FileStatus?]
    /// Why the vault's settings, changed since the server started, cannot be read: every tool
    /// call fails with it until they can, as every command would.
    private var settingsProblem: (any Error)?
    /// True under `--read-only`: only the tools that change nothing are served.
    public let readOnly: Bool
    /// The version of `vault`, for the client's `serverInfo`.
    let serverVersion: String
    /// The day "today" means for tasks and journals (`VAULT_TODAY`, else the clock's day).
    let today: @Sendable () throws -> CalendarDay
    /// Where notices for the person who started the server go (stderr).
    let log: @Sendable (String) -> Void
    let plans: PlanStore
    private(set) var resources: NoteResources
    /// The notes the client subscribed to, for `notifications/resources/updated`.
    let subscriptions: Subscriptions
    /// The walks of the vault, kept while no folder changes.
    private(set) var scans: ScanMemo
    /// The version agreed at `initialize`; the latest until then.
    private(set) var protocolVersion = ProtocolVersion.supported[0]
    /// The cache's misses when it was last written, so that calls that read nothing afresh
    /// write nothing.
    private var writtenMisses = 0
    /// What the last failed write of the cache said, so that a cache folder that takes no
    /// file is told of once, not after every request.
    private var cacheFailure: String?

    /// The most bytes a session keeps between calls (walks and what it makes from them), by
    /// estimate: a 10,000-note vault's fit whole; at 100,000 notes the summary walk and the link
    /// index do.
    public static let keptBudget = 64 << 20

    /// The largest answer sent whole; a larger one is refused with how to ask for less
    /// (`limit`, `offset`, `startLine`), never cut.
    public static let outputLimit = 1 << 20

    public init(
        vault: Vault, readOnly: Bool, serverVersion: String, today: @escaping @Sendable () throws -> CalendarDay,
        planLifetime: TimeInterval = 600, resourcePageSize: Int = NoteResources.pageSize, keptBudget: Int = MCPSession.keptBudget,
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.vault = vault
        settingsSignature = vault.settingsSignature()
        keepsScans = vault.cache != nil
        self.readOnly = readOnly
        self.serverVersion = serverVersion
        self.today = today
        self.log = log
        plans = PlanStore(lifetime: planLifetime)
        scans = ScanMemo(vault: vault, keeps: keepsScans, budget: keptBudget)
        resources = NoteResources(vault: vault, scans: scans, pageSize: resourcePageSize)
        subscriptions = Subscriptions(vault: vault)
    }

    /// The tools this session serves.
    var tools: [any MCPTool.Type] { ToolCatalog.all.filter { !readOnly || !$0.writes } }

    /// The result of one request, or the protocol error it meets.
    public func answer(_ method: String, _ params: JSONValue?) throws(RPCError) -> JSONValue {
        defer {
            settleCache()
            // Between requests the cache's index is not held: the next lookup opens it again.
            vault.cache?.release()
            FreedMemory.giveBack()
        }
        if method != "initialize" && method != "ping" { reopenIfSettingsChanged() }
        switch method {
        case "initialize": return initialize(params)
        case "ping": return .object([])
        case "tools/list": return .object([("tools", .array(tools.map { describe($0) }))])
        case "tools/call": return try call(params)
        case "resources/list": return try resources.list(cursor: params?["cursor"])
        case "resources/read": return try resources.read(params?["uri"])
        case "resources/templates/list": return resources.templates()
        case "resources/subscribe", "resources/unsubscribe":
            let uri = try NoteResources.subscribable(params?["uri"], method: method)
            if method == "resources/subscribe" { subscriptions.subscribe(uri.uri, path: uri.path) } else { subscriptions.unsubscribe(uri.uri) }
            return .object([])
        default: throw .methodNotFound(method)
        }
    }

    private func initialize(_ params: JSONValue?) -> JSONValue {
        protocolVersion = ProtocolVersion.negotiate(params?["protocolVersion"]?.stringValue)
        let mode = readOnly ? " It was started read-only: only the reading tools are served." : ""
        return .object([
            ("protocolVersion", .string(protocolVersion)),
            (
                "capabilities",
                .object([
                    ("tools", .object([("listChanged", .bool(false))])),
                    ("resources", .object([("subscribe", .bool(true)), ("listChanged", .bool(false))])),
                ])
            ),
            ("serverInfo", .object([("name", .string("vault")), ("title", .string("vault")), ("version", .string(serverVersion))])),
            (
                "instructions",
                .string(
                    "The notes of one vault of markdown files. Name a note by its path (pages/Idea.md), its path without .md, its title or an alias. "
                        + "Renames and moves take two steps: rename_note or move returns the change as a diff and a plan id; apply with that id makes it, "
                        + "unless a file changed since. Every change goes through vault's planner and safe writer, as the command line's do." + mode)
            ),
        ])
    }

    private func describe(_ tool: any MCPTool.Type) -> JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(tool.name))]
        let structured = ProtocolVersion.hasStructuredOutput(protocolVersion)
        if structured { members.append(("title", .string(tool.title))) }
        members.append(("description", .string(tool.summary)))
        members.append(("inputSchema", tool.input.json))
        if structured { members.append(("outputSchema", tool.output)) }
        members.append(("annotations", .object([("readOnlyHint", .bool(!tool.writes)), ("destructiveHint", .bool(false))])))
        return .object(members)
    }

    private func call(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let name = params?["name"]?.stringValue else { throw .invalidParams("tools/call needs the tool's \"name\"") }
        guard let tool = tools.first(where: { $0.name == name }) else {
            if readOnly, ToolCatalog.all.contains(where: { $0.name == name }) {
                throw .invalidParams("the tool \(name) changes the vault; this server was started with --read-only")
            }
            throw .invalidParams("unknown tool \"\(name)\"; tools/list names the tools")
        }
        if let settingsProblem { return failure(settingsProblem).json(structuredOutput: ProtocolVersion.hasStructuredOutput(protocolVersion)) }
        let arguments: ToolArguments
        do {
            arguments = try ToolArguments(params?["arguments"], schema: tool.input, tool: name)
        } catch where ProtocolVersion.reportsArgumentErrorsAsToolErrors(protocolVersion) {
            return ToolResult.failure(error.message).json(structuredOutput: true)
        }
        var result: ToolResult
        do {
            result = try tool.call(arguments, self)
        } catch let error as RPCError {
            // An argument the tool found out of its range is as much the model's to mend.
            guard error.code == -32602, ProtocolVersion.reportsArgumentErrorsAsToolErrors(protocolVersion) else { throw error }
            result = .failure(error.message)
        } catch {
            result = failure(error)
        }
        let size = result.text.utf8.count + (result.structured?.compactBytes().count ?? 0)
        if size > Self.outputLimit {
            // A change made is said as made: an error would have the caller make it again.
            result = tool.writes && !result.isError
                ? Self.leavingOutLongValues(of: result, size: size)
                : .failure(
                    "the answer would be \(size) bytes, over the limit of \(Self.outputLimit); nothing was cut: ask for less (limit and offset, or startLine for a note)")
        }
        return result.json(structuredOutput: ProtocolVersion.hasStructuredOutput(protocolVersion))
    }

    /// Opens the vault again when a settings file was written, made or removed since it was
    /// opened (a system folder remapped, Obsidian's daily notes moved), so that no call
    /// writes to where the vault no longer keeps its notes.
    private func reopenIfSettingsChanged() {
        let now = vault.settingsSignature()
        guard now != settingsSignature else { return }
        settingsSignature = now
        do {
            let reopened = try vault.reopened()
            vault = reopened
            scans = ScanMemo(vault: reopened, keeps: keepsScans, budget: scans.budget)
            resources = NoteResources(vault: reopened, scans: scans, pageSize: resources.pageSize)
            // Said only when they cannot be read, or are read with defaults (a Logseq or
            // Obsidian setting that is not understood), as every command says it: a rename
            // that moves a favorite writes them too.
            settingsProblem = nil
            for problem in (reopened.logseq?.problems ?? []) + (reopened.obsidian?.problems ?? []) { log(problem) }
        } catch {
            settingsProblem = error
            log("the vault's settings changed and cannot be read: \((error as? any UserError)?.description ?? "\(error)")")
        }
    }

    /// The answer of a change that was made, too long to send: its long texts (a diff) and
    /// lists left out, empty, and the text saying so.
    static func leavingOutLongValues(of result: ToolResult, size: Int) -> ToolResult {
        func shortened(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string(let text) where text.utf8.count > 1024: .string("")
            case .array: .array([])
            case .object(let members): .object(members.map { ($0.0, shortened($0.1)) })
            default: value
            }
        }
        let text = "Done. The answer would be \(size) bytes, over the limit of \(outputLimit), so its diff and lists are left out; "
            + "read the note (read_note) to see it as it is now."
        return ToolResult(text: text, structured: result.structured.map(shortened))
    }

    /// A tool error with the message the command line prints for `error`.
    func failure(_ error: any Error) -> ToolResult {
        switch error {
        case let error as any UserError: return .failure(relative(error.description), hint: error.hint.map(Self.forTools))
        case let error as TaskError: return .failure(relative(error.description), hint: error.hint.map(Self.forTools))
        case let error as CustomStringConvertible: return .failure(relative(error.description))
        default: return .failure("\(error)")
        }
    }

    /// A hint as a tool's caller takes it: the command line's option is an argument here.
    static func forTools(_ hint: String) -> String {
        hint.replacing("pass --skip-unavailable", with: "pass skipUnavailable: true")
            .replacing("run `vault tasks` again", with: "list the tasks again")
            // No tool settles a conflict copy: a person does, at a terminal.
            .replacing("`vault conflicts --diff` shows what differs", with: "a person settles conflict copies at a terminal: `vault conflicts --diff` shows what differs")
    }

    /// A message with the vault's own folder left out of its paths, as notes are named.
    func relative(_ text: String) -> String {
        text.replacing(vault.root + "/", with: "")
    }

    /// Writes the cache back when a request read notes afresh, so that the next session
    /// starts warm; a cache that cannot be written costs only speed.
    private func settleCache() {
        guard let cache = vault.cache else { return }
        defer { for notice in cache.takeNotices() { log(notice) } }
        let misses = cache.statistics.misses
        guard misses != writtenMisses else { return }
        writtenMisses = misses
        do {
            try cache.finish()
            cacheFailure = nil
        } catch {
            let failure = "cannot write the cache in \(cache.location.folder) (\(error)); the answers come from the files"
            if failure != cacheFailure { log(failure) }
            cacheFailure = failure
        }
    }
}
