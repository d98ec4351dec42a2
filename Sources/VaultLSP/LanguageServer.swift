import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// `vault lsp`: the Language Server Protocol over a JSON-RPC channel. This type only
/// adapts: it keeps the open documents and turns positions and answers into the protocol's
/// shapes; what a link means, where it leads, how notes rank and what a rename changes
/// come from `VaultKit` (`LiveVault`, `RenamePlanner`, `ChangeExecutor`).
///
/// One thread runs it: a request is answered before the next message is read. Only the
/// vault's facts are read on another, after `initialize` is answered (`VaultLoad`): the
/// first message after it waits for them.
public final class LanguageServer {
    /// Opens the vault: given the folder the client names (its first workspace folder or
    /// root), or nil when it names none.
    public typealias VaultOpener = (_ clientRoot: String?) throws -> Vault

    enum Phase { case starting, initializing, running, shutDown }

    let channel: RPCChannel
    let openVault: VaultOpener
    /// The version `initialize` reports.
    let version: String
    /// The day a task marked done is stamped with.
    let today: () -> CalendarDay
    var phase = Phase.starting
    var live: LiveVault?
    /// The read of the vault's facts that `initialize` started, until a message waits for it.
    var loading: VaultLoad?
    /// Why the vault's facts could not be read: every request after `initialize` fails so.
    var readFailure: String?
    let readVault: VaultLoad.Reader
    /// Open documents by URI.
    var documents: [String: OpenDocument] = [:]
    /// What the client said it can do.
    var clientCapabilities: JSONValue?
    var clientCanRenameFiles = false
    /// The vault folder as the client's paths reach it (symlinks resolved), when it differs.
    var realRoot: String?
    /// The kernel's word on changes to the vault's folders, for a client that reports none.
    var watch: FolderWatch?
    /// The vault's settings files as they were when it was last read (see `reopenIfSettingsChanged`).
    var settingsSignature: [FileStatus?]?
    /// How many edits of open documents `vault.rename` sent, to number their requests.
    var renameEdits = 0

    /// The codes the protocol adds to JSON-RPC's.
    static let serverNotInitialized = -32002
    static let requestFailed = -32803

    public init(
        channel: RPCChannel, version: String, today: @escaping () -> CalendarDay = { CalendarDay(Date()) },
        readVault: @escaping @Sendable (Vault) throws -> LiveVault = { try LiveVault(vault: $0) },
        openVault: @escaping VaultOpener
    ) {
        self.channel = channel
        self.version = version
        self.today = today
        self.readVault = readVault
        self.openVault = openVault
    }

    /// Serves until the client sends `exit` or goes away; the exit code the protocol asks
    /// for: 0 after `shutdown`, 1 otherwise.
    public func run() -> Int32 {
        FreedMemory.mapLargeBlocks()
        while let incoming = channel.receive() {
            switch incoming {
            case .malformed(let error, let id):
                send(.failure(id: id, error: error))
            case .woken:
                // A note changed on disk while the editor said nothing: its diagnostics now.
                if phase == .running && live != nil { refreshIfChanged() } else { _ = watch?.changed() }
                channel.wake(on: watch?.readiness)
            case .message(let message):
                if case .notification("exit", _) = message { return phase == .shutDown ? 0 : 1 }
                handle(message)
            }
        }
        return phase == .shutDown ? 0 : 1
    }

    private func handle(_ message: RPCMessage) {
        if phase != .starting { awaitVault() }
        // Between messages the cache's index is not held: at 100,000 notes it is a sixth of
        // the server's memory, and only questions about many notes read it again.
        defer { live?.releaseCache() }
        switch message {
        case .request(let id, let method, let params):
            if phase == .running {
                reopenIfSettingsChanged()
                refreshIfChanged()
            }
            do {
                send(.response(id: id, result: try answer(method, params)))
            } catch {
                send(.failure(id: id, error: error))
            }
        case .notification(let method, let params):
            if method == "initialized" && phase == .initializing {
                phase = .running
                registerFileWatching(clientCapabilities)
                return
            }
            guard phase == .running else { return }
            reopenIfSettingsChanged()
            refreshIfChanged()
            do { try notice(method, params) } catch { log("\(method): \(error.message)", type: 1) }
        case .response(.string(let id), let result) where id.hasPrefix("vault-rename-"):
            if result["applied"]?.boolValue != true { warnRenameEditsRefused() }
        case .failure(.string(let id)?, _) where id.hasPrefix("vault-rename-"):
            warnRenameEditsRefused()
        case .response, .failure:
            break  // answers to the few other requests this server sends; nothing waits for them
        }
    }

    private func answer(_ method: String, _ params: JSONValue?) throws(RPCError) -> JSONValue {
        switch (phase, method) {
        case (.starting, "initialize"): return try initialize(params)
        case (.starting, _):
            throw RPCError(code: Self.serverNotInitialized, message: "the server is not initialized: send initialize first")
        case (.shutDown, _): throw .invalidRequest("the server is shut down: only exit is left")
        case (_, "initialize"): throw .invalidRequest("initialize was already sent")
        case (_, "shutdown"):
            phase = .shutDown
            return .null
        case (.initializing, _):
            throw RPCError(code: Self.serverNotInitialized, message: "the server waits for the initialized notification")
        case (.running, _): break
        }
        if let readFailure { throw RPCError(code: Self.requestFailed, message: readFailure) }
        switch method {
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/completion": return try completion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "textDocument/prepareRename": return try prepareRename(params)
        case "textDocument/rename": return try rename(params)
        case "workspace/willRenameFiles": return try willRenameFiles(params)
        case "workspace/executeCommand": return try executeCommand(params)
        case "workspace/symbol": return try workspaceSymbols(params)
        case "textDocument/codeLens": return try codeLens(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/documentLink": return try documentLinks(params)
        default: throw .methodNotFound(method)
        }
    }

    private func notice(_ method: String, _ params: JSONValue?) throws(RPCError) {
        switch method {
        case "textDocument/didOpen": try didOpen(params)
        case "textDocument/didChange": try didChange(params)
        case "textDocument/didSave": try didSave(params)
        case "textDocument/didClose": try didClose(params)
        case "workspace/didChangeWatchedFiles": try didChangeWatchedFiles(params)
        default: break  // `$/cancelRequest`, `$/setTrace` and the like need nothing
        }
    }

    private func initialize(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        let workspace = params?["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue ?? params?["rootUri"]?.stringValue
        let clientRoot = workspace.flatMap(DocumentURI.path(of:)) ?? params?["rootPath"]?.stringValue
        do {
            let vault = try openVault(clientRoot)
            settingsSignature = vault.settingsSignature()
            loading = VaultLoad(vault, read: readVault)
            let real = URL(fileURLWithPath: vault.root).resolvingSymlinksInPath().path
            realRoot = real == vault.root ? nil : real
        } catch {
            throw RPCError(code: Self.requestFailed, message: Self.describe(error))
        }
        clientCapabilities = params?["capabilities"]
        let operations = params?["capabilities"]?["workspace"]?["workspaceEdit"]?["resourceOperations"]?.arrayValue ?? []
        clientCanRenameFiles = operations.contains(.string("rename"))
        phase = .initializing
        return .members([
            "capabilities": Self.capabilities,
            "serverInfo": .members(["name": .string("vault"), "version": .string(version)]),
        ])
    }


    /// Takes the vault's facts once their read has ended (at once when it has).
    private func awaitVault() {
        guard let loading else { return }
        self.loading = nil
        switch loading.wait() {
        case .success(let read): live = read
        case .failure(let error):
            readFailure = "cannot read the vault: " + Self.describe(error)
            show(readFailure!)
        }
    }

    static let capabilities: JSONValue = {
        let files: JSONValue = .array([
            .members(["pattern": .members(["glob": .string("**/*"), "matches": .string("file")])]),
            .members(["pattern": .members(["glob": .string("**/*"), "matches": .string("folder")])]),
        ])
        return .members([
            "textDocumentSync": .members([
                "openClose": .bool(true), "change": .int(2), "save": .members(["includeText": .bool(false)]),
            ]),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "hoverProvider": .bool(true),
            "documentSymbolProvider": .bool(true),
            "workspaceSymbolProvider": .bool(true),
            "codeLensProvider": .members(["resolveProvider": .bool(false)]),
            "documentLinkProvider": .members(["resolveProvider": .bool(false)]),
            "codeActionProvider": .members([
                "codeActionKinds": .array(["quickfix", "refactor.rewrite", "refactor.extract"].map(JSONValue.string)),
            ]),
            "completionProvider": .members(["triggerCharacters": .array(["[", "#", "^", "("].map(JSONValue.string))]),
            "renameProvider": .members(["prepareProvider": .bool(true)]),
            "executeCommandProvider": .members(["commands": .array([.string("vault.rename"), .string("vault.backlinks")])]),
            "workspace": .members([
                "fileOperations": .members(["willRename": .members(["filters": files])]),
            ]),
        ])
    }()

    /// Sends a message; a client that went away ends the loop at its next read.
    func send(_ message: RPCMessage) {
        try? channel.send(message)
    }

    /// `window/logMessage`: 1 error, 2 warning, 3 info.
    func log(_ text: String, type: Int = 3) {
        send(.notification(method: "window/logMessage", params: .members(["type": .int(type), "message": .string(text)])))
    }

    /// `window/showMessage`, for what the person must see (a change refused).
    func show(_ text: String, type: Int = 1) {
        send(.notification(method: "window/showMessage", params: .members(["type": .int(type), "message": .string(text)])))
    }

    /// A library error as the person at the editor should read it.
    static func describe(_ error: any Error) -> String {
        if let error = error as? any UserError { return error.description + (error.hint.map { " (\($0))" } ?? "") }
        return "\(error)"
    }

    /// A library error as the answer to a request.
    static func failure(_ error: any Error) -> RPCError {
        if let error = error as? RPCError { return error }
        return RPCError(code: requestFailed, message: describe(error))
    }
}
