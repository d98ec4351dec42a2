import Foundation
import Glibc
import TestSupport
import Testing

/// Runs the transcripts in `Transcripts/`: real `vault` commands on a temporary copy of a
/// fixture vault, each followed by the exact stdout, stderr (`! ` lines) and exit code
/// (`? N`, 0 when absent) it must give.
///
/// A transcript starts with `@fixture NAME` (a folder of `Fixtures/`, or `empty`). Commands
/// run through `/bin/sh` in the copy's root, so pipes and set-up commands work, with
/// `TZ=UTC` and the clock at `VAULT_NOW=2026-11-30T12:00:00Z` (a command may set its own). Set
/// `VAULT_UPDATE_TRANSCRIPTS=1` to rewrite the expected output from a run (then read the diff).
@Suite("CLI transcripts")
struct TranscriptTests {
    static let folder: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")

    static let names: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".t") }.sorted()
    }()

    @Test("each transcript gives exactly the recorded output", arguments: names)
    func transcript(name: String) throws {
        let file = Self.folder.appendingPathComponent(name)
        let transcript = try Transcript(text: String(contentsOf: file, encoding: .utf8))
        let sandbox = try Sandbox(fixture: transcript.fixture)
        var rewritten = transcript.header
        for step in transcript.steps {
            let result = try sandbox.run(step.command)
            rewritten += step.render(with: result)
            #expect(result.output == step.output, "stdout of `\(step.command)` in \(name)")
            #expect(result.errors == step.errors, "stderr of `\(step.command)` in \(name)")
            #expect(result.status == step.status, "exit code of `\(step.command)` in \(name)")
        }
        if ProcessInfo.processInfo.environment["VAULT_UPDATE_TRANSCRIPTS"] == "1" {
            try rewritten.write(to: file, atomically: true, encoding: .utf8)
        }
    }
}

/// A parsed transcript: `$ command`, then `> ` stdout lines, `2> ` stderr lines and `? N`;
/// every other line is a comment. A `\ no newline` line marks output without a final newline.
struct Transcript {
    struct Step {
        var comments: [String]
        var command: String
        var output = ""
        var errors = ""
        var status: Int32 = 0

        func render(with result: Sandbox.Result) -> String {
            var text = comments.map { $0 + "\n" }.joined() + "$ " + command + "\n"
            text += Self.render(result.output, prefix: "> ") + Self.render(result.errors, prefix: "2> ")
            if result.status != 0 { text += "? \(result.status)\n" }
            return text
        }

        private static func render(_ stream: String, prefix: String) -> String {
            guard !stream.isEmpty else { return "" }
            var lines = stream.split(separator: "\n", omittingEmptySubsequences: false)
            let complete = lines.last == ""
            if complete { lines.removeLast() }
            return lines.map { prefix + $0 + "\n" }.joined() + (complete ? "" : "\\ no newline\n")
        }
    }

    var fixture = "empty"
    var header = ""
    var steps: [Step] = []

    init(text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var comments: [String] = []
        var last: WritableKeyPath<Step, String>?
        for line in lines {
            if line.hasPrefix("$ ") {
                steps.append(Step(comments: comments, command: String(line.dropFirst(2))))
                comments = []
            } else if !steps.isEmpty && (line.hasPrefix("> ") || line == ">") {
                steps[steps.count - 1].output += line.dropFirst(2) + "\n"
                last = \.output
            } else if !steps.isEmpty && (line.hasPrefix("2> ") || line == "2>") {
                steps[steps.count - 1].errors += line.dropFirst(3) + "\n"
                last = \.errors
            } else if !steps.isEmpty && line.hasPrefix("? ") {
                steps[steps.count - 1].status = Int32(line.dropFirst(2)) ?? -1
            } else if !steps.isEmpty && line == "\\ no newline", let last {
                steps[steps.count - 1][keyPath: last].removeLast()
            } else if steps.isEmpty {
                if line.hasPrefix("@fixture ") { fixture = String(line.dropFirst(9)) }
                header += line + "\n"
            } else {
                comments.append(line)
            }
        }
    }
}

/// A temporary copy of a fixture vault where commands run.
final class Sandbox {
    struct Result {
        var output: String
        var errors: String
        var status: Int32
    }

    let root: String
    let vault: String
    let binaries: String

    init(fixture: String) throws {
        var base = NSTemporaryDirectory()
        while base.hasSuffix("/") { base.removeLast() }
        var template = Array((base + "/vault-transcript.XXXXXX").utf8CString)
        root = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
        vault = root + "/" + fixture
        if fixture == "empty" {
            try FileManager.default.createDirectory(atPath: vault, withIntermediateDirectories: true)
        } else {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Fixtures/" + fixture).path
            try FileManager.default.copyItem(atPath: source, toPath: vault)
        }
        // Fixed modification times, so listings by time and JSON dates do not depend on the copy.
        let files = FileManager.default.enumerator(atPath: vault)?.allObjects as? [String] ?? []
        for file in files {
            var times = [timespec(tv_sec: 1_796_040_000, tv_nsec: 0), timespec(tv_sec: 1_796_040_000, tv_nsec: 0)]
            utimensat(AT_FDCWD, vault + "/" + file, &times, AT_SYMLINK_NOFOLLOW)
        }
        var exe = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &exe, exe.count - 1)
        let me = String(decoding: exe.prefix(max(0, length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        binaries = (me as NSString).deletingLastPathComponent
    }

    func run(_ command: String) throws -> Result {
        // The clock stands at the fixtures' "now" unless a command sets VAULT_NOW itself, so no
        // output depends on the day the tests run.
        let environment = [
            "PATH": binaries + ":/usr/bin:/bin", "HOME": root, "LC_ALL": "C.UTF-8", "TZ": "UTC", "TERM": "dumb",
            "VAULT_NOW": "2026-11-30T12:00:00Z",
        ]
        let outcome = try ChildProcess.run("/bin/sh", ["-c", command], environment: environment, directory: vault)
        if outcome.timedOut { Issue.record("`\(command)` did not end within its time and was killed") }
        func clean(_ bytes: [UInt8]) -> String {
            String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: root, with: "<tmp>")
        }
        return Result(output: clean(outcome.output), errors: clean(outcome.errors), status: outcome.status)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }
}
