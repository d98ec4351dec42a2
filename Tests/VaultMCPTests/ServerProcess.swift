import Foundation
import Glibc
import VaultSystem

/// The built `vault mcp` running on pipes: the test writes lines to its standard input and
/// reads the lines it answers, each within a timeout, so a hang fails the test.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var lines: [String] = []
    private var ended = false
    private var errorText = Data()

    /// - Parameter unread: give the server an output nobody reads (a pipe whose reading end
    ///   is closed before it starts), as a client that went away.
    init(vault: String, arguments: [String] = [], environment: [String: String] = [:], unread: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: FixtureVault.binaries + "/vault")
        process.arguments = ["--vault", vault, "mcp"] + arguments
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": (vault as NSString).deletingLastPathComponent, "LC_ALL": "C.UTF-8", "TZ": "UTC",
            "VAULT_NOW": "2026-11-30T12:00:00Z",
        ].merging(environment) { $1 }
        process.standardInput = input
        process.standardError = errors
        if unread {
            var ends: [Int32] = [0, 0]
            pipe(&ends)
            close(ends[0])
            process.standardOutput = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
            try process.run()
            ended = true
            return
        }
        process.standardOutput = output
        try process.run()
        let reader = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    condition.withLock {
                        lines.append(line)
                        condition.broadcast()
                    }
                }
            }
            condition.withLock {
                ended = true
                condition.broadcast()
            }
        }
        reader.start()
        let errorReader = Thread { [self] in
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            condition.withLock { errorText = data }
        }
        errorReader.start()
    }

    /// Sends lines (each a message, or anything else) at once.
    func send(_ messages: String...) {
        let text = messages.map { $0 + "\n" }.joined()
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes the server's standard input: the client goes away.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// The next line the server wrote, parsed; nil when it wrote none within `timeout`.
    func next(timeout: Double = 20) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock { () -> JSONValue? in
            while lines.isEmpty && !ended && condition.wait(until: deadline) {}
            guard !lines.isEmpty else { return nil }
            return try? JSONValue.parse(Array(lines.removeFirst().utf8))
        }
    }

    /// The answer to request `id`, skipping nothing: the next line must be it.
    func answer(_ id: Int, timeout: Double = 20) -> JSONValue? {
        guard let line = next(timeout: timeout), line["id"] == .number(String(id)) else { return nil }
        return line
    }

    /// Waits for the server to end; its exit status, or nil when it is still running.
    func exitStatus(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }

    /// What the server wrote to standard error (once it ended).
    var stderr: String { condition.withLock { String(decoding: errorText, as: UTF8.self) } }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    /// A `tools/call` request.
    static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    }
}
