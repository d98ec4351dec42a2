import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The kill race of the stress run: `vault rename` of a note that many notes link to, in
/// every link form, killed with SIGKILL at a random moment, then any `vault` command (which
/// finishes or undoes the interrupted change). After each kill the vault must be whole: the
/// note under exactly one of its names, every link resolving as before; after the last, one
/// more change leaves no leftover file.
struct KillRace {
    let vaultBinary: String
    let kills: Int

    struct Result {
        var kills = 0
        /// Kills that landed while the rename was still running.
        var interrupted = 0
        var broken = 0
        var firstProblem: String?
    }

    /// The linking notes: each form vault rewrites, many times over.
    static func notes() -> [String: String] {
        var notes = ["Hub A": "# Hub A\n\nthe note that is renamed\n\n## Section\n\nlinked to as a heading\n"]
        let forms = [
            "[[Hub A]]", "[[Hub A|shown]]", "![[Hub A#Section]]", "[t](Hub%20A.md)", "[t](<Hub A.md>)", "[[pages/Hub A]]",
        ]
        for index in 0..<60 {
            notes["Linker \(index)"] = "# Linker \(index)\n\nsee \(forms[index % forms.count]) and [[Linker \((index + 1) % 60)]]\n"
        }
        return notes
    }

    func run(in folder: String) throws -> Result {
        let vault = folder + "/vault"
        try StressVault.make(at: vault, notes: Self.notes())
        let baseline = try health(vault, note: "Hub A")
        var names = ["Hub A", "Hub B"]
        // How long an uninterrupted rename takes, so kills land inside one.
        let started = Date()
        guard try ProcessRunner.run([vaultBinary, "--vault", vault, "rename", names[0], names[1]]).status == 0 else {
            throw BenchError("the first rename failed")
        }
        let duration = max(Date().timeIntervalSince(started), 0.005)
        names.swapAt(0, 1)
        var result = Result()
        var random = SystemRandomNumberGenerator()
        for _ in 0..<kills {
            let process = try ProcessRunner.start([vaultBinary, "--vault", vault, "rename", names[0], names[1]])
            usleep(UInt32(Double.random(in: 0...(duration * 1.2), using: &random) * 1_000_000))
            process.kill()
            let status = process.wait()
            result.kills += 1
            if status == 128 + SIGKILL { result.interrupted += 1 }
            // Any command finishes an interrupted change; `list` is the cheapest.
            _ = try ProcessRunner.run([vaultBinary, "--vault", vault, "list"])
            let problem = try check(vault, baseline: baseline)
            if let problem {
                result.broken += 1
                if result.firstProblem == nil { result.firstProblem = problem }
            }
            // Go on from whichever name the note has now.
            if BenchFiles.exists(vault + "/pages/\(names[1]).md") { names.swapAt(0, 1) }
        }
        // One more change, uninterrupted, cleans what the kills left.
        _ = try ProcessRunner.run([vaultBinary, "--vault", vault, "rename", names[0], names[1]])
        let left = try leftovers(vault)
        if !left.isEmpty {
            result.broken += 1
            if result.firstProblem == nil { result.firstProblem = "left behind after the next change: " + left.joined(separator: ", ") }
        }
        return result
    }

    /// What is wrong with the vault after a kill and the next command, if anything.
    private func check(_ vault: String, baseline: Health) throws -> String? {
        let a = BenchFiles.exists(vault + "/pages/Hub A.md")
        let b = BenchFiles.exists(vault + "/pages/Hub B.md")
        if a == b { return a ? "the note has both names" : "the note is gone" }
        let now = try health(vault, note: a ? "Hub A" : "Hub B")
        if now.check != baseline.check { return "vault check says \(now.check.debugDescription), before \(baseline.check.debugDescription)" }
        if now.backlinks != baseline.backlinks { return "\(now.backlinks) backlinks, \(baseline.backlinks) before" }
        return nil
    }

    /// Files a killed write left that the next change has not cleaned (readers never write,
    /// so only a change is expected to clean them).
    private func leftovers(_ vault: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: vault).filter {
            let name = ($0 as NSString).lastPathComponent
            return name.hasPrefix(".~") || ($0.hasPrefix(".zennotes/journal/") && name.hasSuffix(".json"))
        }
    }

    /// What `vault check` says of the whole vault, and how many links reach the note.
    struct Health: Equatable {
        var check: String
        var backlinks: Int
    }

    private func health(_ vault: String, note: String) throws -> Health {
        let check = try ProcessRunner.run([vaultBinary, "--vault", vault, "check"], capture: true)
        let backlinks = try ProcessRunner.run([vaultBinary, "--vault", vault, "--quiet", "backlinks", note], capture: true)
        return Health(check: "\(check.status): " + check.output, backlinks: backlinks.output.split(separator: "\n").count)
    }
}
