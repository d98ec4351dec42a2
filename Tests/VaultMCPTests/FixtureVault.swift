import Foundation
import TestSupport
import Glibc
import VaultKit
import VaultMarkdown
import VaultMCP
import VaultRPC
import VaultSystem

/// A temporary copy of a fixture vault, removed when the value goes, with a session on it
/// whose clock a test moves by hand.
final class FixtureVault: @unchecked Sendable {
    let root: String
    let vault: String
    private let lock = NSLock()
    private var now = Date(timeIntervalSince1970: 1_796_040_000)

    init(_ fixture: String = "demo") throws {
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/vault-mcp.XXXXXX").utf8CString)
        root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        vault = root + "/" + fixture
        try FileManager.default.copyItem(atPath: Self.fixtures + "/" + fixture, toPath: vault)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let fixtures = repository + "/Fixtures"

    /// The folder of the built binaries (where the test bundle itself is).
    static let binaries: String = {
        var exe = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &exe, exe.count - 1)
        let me = String(decoding: exe.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (me as NSString).deletingLastPathComponent
    }()

    /// Moves the session's clock on.
    func advance(_ seconds: TimeInterval) {
        lock.withLock { now += seconds }
    }

    /// A session on the copy, as `vault mcp` opens one (without the cache).
    /// - Parameter cached: open the cache of note facts (under the copy's folder), as `vault mcp`
    ///   does unless `--no-cache`: walks are then kept while no folder changes.
    /// - Parameter keptBudget: the most bytes the session keeps between calls, by estimate.
    func session(
        readOnly: Bool = false, resourcePageSize: Int = 200, cached: Bool = false, keptBudget: Int = MCPSession.keptBudget
    ) throws -> MCPSession {
        var vault = try Vault(root: self.vault)
        if cached, let location = CacheLocation.find(for: vault, environment: ["XDG_CACHE_HOME": root + "/cache"]).location {
            vault.cache = FactsCache(location: location, racyWindow: 0)
        }
        vault.clock = VaultClock(now: { [self] in lock.withLock { now } }, sleep: { _ in })
        return MCPSession(
            vault: vault, readOnly: readOnly, serverVersion: "test", today: { CalendarDay("2026-11-30")! },
            resourcePageSize: resourcePageSize, keptBudget: keptBudget)
    }

    /// The error the command line prints for `arguments` on this vault, without `vault: error: `.
    func cliError(_ arguments: [String]) throws -> String {
        let outcome = try ChildProcess.run(
            Self.binaries + "/vault", ["--vault", vault] + arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": root, "LC_ALL": "C.UTF-8", "TZ": "UTC"])
        let text = String(decoding: outcome.errors, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix("vault: error: ") } ?? ""
        return String(line.dropFirst("vault: error: ".count))
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: vault + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: vault + "/" + path) }
}

/// JSON from text, for requests written as they are sent.
func json(_ text: String) -> JSONValue {
    try! JSONValue.parse(Array(text.utf8))
}

extension MCPSession {
    /// Calls a tool as `tools/call` does.
    func call(_ tool: String, _ arguments: String = "{}") throws(RPCError) -> ToolAnswer {
        ToolAnswer(try answer("tools/call", .object([("name", .string(tool)), ("arguments", json(arguments))])))
    }
}

/// A `tools/call` result, read.
struct ToolAnswer {
    let json: JSONValue

    init(_ json: JSONValue) { self.json = json }

    var isError: Bool { json["isError"] == .bool(true) }
    var text: String {
        guard case .array(let blocks)? = json["content"], let first = blocks.first else { return "" }
        return first["text"]?.stringValue ?? ""
    }
    var structured: JSONValue? { json["structuredContent"] }
}
