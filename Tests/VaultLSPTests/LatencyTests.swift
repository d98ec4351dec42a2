import Foundation
import Testing
import VaultLSP
import VaultSystem

/// Latency of `vault lsp` on a large generated vault, with a warm cache: run by hand, as
///
///     VAULT_LSP_BENCH_VAULT=~/.cache/vault-bench/notes-10000-seed-42 \
///     VAULT_LSP_BENCH_BIN=.build/release/vault swift test --filter Latency
///
/// on a copy of the vault (`vault-bench generate` writes one; its manifest names the
/// most-linked note). It prints the medians, as this debug-built client sees them (its own
/// JSON decoding included); nothing is timed in the ordinary suite.
@Suite("vault lsp: latency")
struct LatencyTests {
    static let source = ProcessInfo.processInfo.environment["VAULT_LSP_BENCH_VAULT"]

    static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs { times.append(try milliseconds(body)) }
        return times.sorted()[runs / 2]
    }

    @Test("initialize, completion, definition and references of the most-linked note on a large vault", .enabled(if: source != nil))
    func latency() throws {
        let source = try #require(Self.source)
        let vault = try TestVault(copying: source)
        let binary = ProcessInfo.processInfo.environment["VAULT_LSP_BENCH_BIN"]
        let manifest = try JSONValue.parse(Array(FileManager.default.contents(atPath: source + ".manifest.json") ?? Data("{}".utf8)))
        let target = manifest["mostLinked"]?["path"]?.stringValue ?? "pages/Film run breakfast.md"
        let title = String(target.split(separator: "/").last!.dropLast(3))
        // The first run fills the cache.
        let warm = try LSPClient(vault, executable: binary)
        try warm.start()
        _ = try warm.request("shutdown")
        warm.notify("exit")
        _ = warm.close()

        // The most-linked note is opened with a link being typed at its end.
        let text = try String(contentsOfFile: vault.vault + "/" + target, encoding: .utf8)
        let typing = text.components(separatedBy: "\n").count
        var client: LSPClient!
        var firstAnswer = 0.0
        let initialize = try Self.milliseconds {
            client = try LSPClient(vault, executable: binary)
            try client.start()
            firstAnswer = try Self.milliseconds {
                try client.open(target, text: text + "\n[[\(title.prefix(6))")
                _ = try client.request("textDocument/completion", client.at(target, line: typing, character: 8))
            }
        }
        let completion = try Self.median(21) {
            _ = try client.request("textDocument/completion", client.at(target, line: typing, character: 8))
        }
        let link = try client.position(of: "[[", in: target, offset: 3)
        let definition = try Self.median(21) {
            _ = try client.request("textDocument/definition", client.at(target, line: link.line, character: link.character))
        }
        var count = 0
        let references = try Self.median(11) {
            count = try client.request("textDocument/references", client.at(target, line: typing, character: 0)).arrayValue?.count ?? 0
        }
        #expect(count > 0)
        let memory = Self.residentMemory(of: client.process.pid)
        print("""
            vault lsp on \(vault.files().count) files, warm cache:
              start to initialize answered, then the first completion: \(String(format: "%.0f", initialize)) ms (first completion \(String(format: "%.1f", firstAnswer)) ms)
              completion (median of 21): \(String(format: "%.1f", completion)) ms
              definition (median of 21): \(String(format: "%.1f", definition)) ms
              references of \(target), \(count) links (median of 11): \(String(format: "%.1f", references)) ms
              resident memory of the server: \(memory.now) MB now, \(memory.peak) MB at most
            """)
    }

    /// The server's resident memory now and at its peak (VmRSS, VmHWM), in MB.
    static func residentMemory(of pid: pid_t) -> (now: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
        }
        return (field("VmRSS"), field("VmHWM"))
    }
}
