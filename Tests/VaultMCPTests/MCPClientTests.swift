import Foundation
import TestSupport
import Testing

/// `vault mcp` driven by the official MCP Python SDK (`mcp` from PyPI), from the virtual
/// environment `make test-deps` makes outside the repository.
@Suite("vault mcp: the Python SDK as the client")
struct MCPClientTests {
    /// Where `make test-deps` puts the SDK: `$XDG_CACHE_HOME` (when absolute) or `~/.cache`, as
    /// the test process was started with them (other tests set `XDG_CACHE_HOME` for a while).
    static let python: String = {
        let environment = startingEnvironment()
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (environment["HOME"] ?? "") + "/.cache"
        return cache + "/vault-test-tools/mcp-venv/bin/python"
    }()

    /// The environment the process started with, which changes to its own do not touch.
    static func startingEnvironment() -> [String: String] {
        guard let bytes = FileManager.default.contents(atPath: "/proc/self/environ") else { return ProcessInfo.processInfo.environment }
        var environment: [String: String] = [:]
        for entry in bytes.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return environment
    }

    @Test("the SDK lists the tools and resources, calls each tool and reads a resource")
    func everyTool() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("the MCP Python SDK is not installed at \(Self.python): run `make test-deps` (it needs python3 and a network)")
            return
        }
        let fixture = try FixtureVault()
        let outcome = try ChildProcess.run(
            Self.python,
            [FixtureVault.repository + "/Tests/VaultMCPTests/Clients/client.py", FixtureVault.binaries + "/vault", fixture.vault],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": fixture.root, "LC_ALL": "C.UTF-8", "TZ": "UTC", "VAULT_NOW": "2026-11-30T12:00:00Z",
                "VAULT_TODAY": "2026-11-30",
            ],
            timeout: 180)
        let text = String(decoding: outcome.output, as: UTF8.self)
        let problems = String(decoding: outcome.errors, as: UTF8.self)
        #expect(outcome.status == 0, "the client failed:\n\(text)\n\(problems)")
        let expected = """
            protocol: 2025-11-25
            server: vault
            ping: ok
            tools: append apply backlinks capture check create_note find journal links list_notes move read_note rename_note search set_task_state tags tasks trash
            output schemas: 18
            resources: 40 in 1 page(s)
            template: vault://{+path}
            read resource: vault://pages/Errands.md ok
            call search: ok structured
            call find: ok structured
            call read_note: ok structured
            read_note lines: 5
            call list_notes: ok structured
            call backlinks: ok structured
            call links: ok structured
            call tags: ok structured
            call tasks: ok structured
            call check: ok structured
            call capture: ok structured
            call append: ok structured
            call create_note: ok structured
            call journal: ok structured
            call journal: ok structured
            call set_task_state: ok structured
            call rename_note: ok structured
            call apply: ok structured
            call move: ok structured
            call apply: ok structured
            call trash: ok structured
            call apply: error text-only
              message: the plan plan-2 was applied already; plan the change again
            done

            """
        #expect(text == expected)
        // What the calls wrote is on disk.
        #expect(fixture.exists("quick/Call the plumber about the boiler.md"))
        #expect(fixture.exists("trash/inbox/Garden.md") && !fixture.exists("pages/Projects/Garden plan.md"))
        #expect(fixture.text("journals/2026-11-30.md")?.hasSuffix("- met Ana\n") == true)
        #expect(fixture.text("pages/Errands.md")?.hasSuffix("- [ ] bulbs\n") == true)
    }
}
