import Foundation
@testable import VaultCLI

/// A demo vault with a `bin/` of programs that record what they were given, run as a
/// person at a terminal would run `vault` (the `Terminal` says stdin and stdout are one).
struct LaunchBench {
    let sandbox: Sandbox
    var bin: String { sandbox.root + "/bin" }
    var record: String { sandbox.root + "/record" }
    static var terminal: Terminal { Terminal(stdoutIsTerminal: true, stderrIsTerminal: true, stdinIsTerminal: true) }

    init() throws {
        sandbox = try Sandbox(fixture: "demo")
        try FileManager.default.createDirectory(atPath: sandbox.root + "/bin", withIntermediateDirectories: true)
    }

    /// A program named `name` in `bin/` that writes its arguments, one a line, to `record`
    /// and runs `then` (a shell line).
    func program(_ name: String, then tail: String = "exit 0") throws {
        let script = "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record)'\n\(tail)\n"
        try Data(script.utf8).write(to: URL(fileURLWithPath: bin + "/" + name))
        chmod(bin + "/" + name, 0o755)
    }

    /// The arguments the last program was given, nil when none ran.
    var recorded: [String]? {
        guard let text = try? String(contentsOfFile: record, encoding: .utf8) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func run(_ tokens: [String], _ environment: [String: String], terminal: Terminal = LaunchBench.terminal) -> CLI.Outcome {
        var environment = environment
        environment["VAULT_NOW"] = "2026-11-30T12:00:00Z"
        // The day too: in the test's own time zone that moment may be another day.
        environment["VAULT_TODAY"] = "2026-11-30"
        environment["NO_COLOR"] = "1"
        if environment["PATH"] == nil { environment["PATH"] = bin + ":/usr/bin:/bin" }
        return CLI.run(tokens, environment: environment, workingDirectory: sandbox.vault, terminal: terminal)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
