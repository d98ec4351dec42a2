import Foundation
import CSystem
import Glibc
import TestSupport
import VaultSystem

/// The built `vault mcp` running on pipes: the test writes lines to its standard input and
/// reads the lines it answers, each within a timeout, so a hang fails the test. The server
/// ends when this object goes away: the reading threads hold the inbox, never the object.
final class ServerProcess: @unchecked Sendable {
    let process: ChildProcess
    private let inbox = Inbox()

    /// The lines and errors the server wrote, shared with the reading threads.
    private final class Inbox: @unchecked Sendable {
        let condition = NSCondition()
        var lines: [String] = []
        var ended = false
        var errorsEnded = false
        var errorText: [UInt8] = []
    }

    /// - Parameter unread: give the server an output nobody reads (a pipe whose reading end
    ///   is closed before it starts), as a client that went away.
    init(vault: String, arguments: [String] = [], environment: [String: String] = [:], unread: Bool = false) throws {
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": (vault as NSString).deletingLastPathComponent, "LC_ALL": "C.UTF-8", "TZ": "UTC",
            "VAULT_NOW": "2026-11-30T12:00:00Z",
        ].merging(environment) { $1 }
        var ends: [Int32] = [-1, -1]
        if unread {
            guard vault_pipe_cloexec(&ends) == 0 else { throw ChildProcessError("cannot make a pipe") }
            close(ends[0])
        }
        defer { if unread { close(ends[1]) } }
        process = try ChildProcess(
            FixtureVault.binaries + "/vault", ["--vault", vault, "mcp"] + arguments, environment: environment,
            input: .pipe, output: unread ? .descriptor(ends[1]) : .pipe, errors: .pipe)
        let inbox = inbox
        if unread {
            inbox.ended = true
        } else {
            let output = process.output
            Thread.detachNewThread {
                var pending: [UInt8] = []
                Self.read(output) { chunk in
                    pending.append(contentsOf: chunk)
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[..<newline], as: UTF8.self)
                        pending.removeSubrange(...newline)
                        inbox.condition.withLock {
                            inbox.lines.append(line)
                            inbox.condition.broadcast()
                        }
                    }
                }
                inbox.condition.withLock {
                    inbox.ended = true
                    inbox.condition.broadcast()
                }
            }
        }
        let errors = process.errors
        Thread.detachNewThread {
            var text: [UInt8] = []
            Self.read(errors) { text.append(contentsOf: $0) }
            inbox.condition.withLock {
                inbox.errorText = text
                inbox.errorsEnded = true
                inbox.condition.broadcast()
            }
        }
    }

    /// Hands each chunk read from `descriptor` to `take`, up to the end of its input.
    private static func read(_ descriptor: Int32, _ take: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            take(buffer[0..<count])
        }
    }

    /// Sends lines (each a message, or anything else) at once.
    func send(_ messages: String...) {
        let text = messages.map { $0 + "\n" }.joined()
        process.write(Array(text.utf8))
    }

    /// Closes the server's standard input: the client goes away.
    func closeInput() {
        process.closeInput()
    }

    /// The next line the server wrote, parsed; nil when it wrote none within `timeout`.
    func next(timeout: Double = 20) -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        return inbox.condition.withLock { () -> JSONValue? in
            while inbox.lines.isEmpty && !inbox.ended && inbox.condition.wait(until: deadline) {}
            guard !inbox.lines.isEmpty else { return nil }
            return try? JSONValue.parse(Array(inbox.lines.removeFirst().utf8))
        }
    }

    /// The answer to request `id`, skipping nothing: the next line must be it.
    func answer(_ id: Int, timeout: Double = 20) -> JSONValue? {
        guard let line = next(timeout: timeout), line["id"] == .number(String(id)) else { return nil }
        return line
    }

    /// Waits for the server to end; its exit status, or nil when it was still running (and is
    /// killed).
    func exitStatus(timeout: Double = 20) -> Int32? {
        process.wait(timeout: timeout)
    }

    /// What the server wrote to standard error, once it ended (waiting a little for the last
    /// of it to be read).
    var stderr: String {
        inbox.condition.withLock {
            let deadline = Date().addingTimeInterval(5)
            while !inbox.errorsEnded && inbox.condition.wait(until: deadline) {}
            return String(decoding: inbox.errorText, as: UTF8.self)
        }
    }

    deinit {
        process.closeInput()
        _ = process.wait(timeout: 5)
        // The reading threads end at the end of the server's streams; only then may the
        // descriptors they read be closed and their numbers used again.
        inbox.condition.withLock {
            let deadline = Date().addingTimeInterval(5)
            while !(inbox.ended && inbox.errorsEnded) && inbox.condition.wait(until: deadline) {}
        }
    }

    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#
    static let initialized = #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#

    /// A `tools/call` request.
    static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    }
}
