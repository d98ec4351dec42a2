import Testing
@testable import VaultBench

@Suite("the vault-bench command line")
struct CommandLineTests {
    @Test("bad arguments end with a usage error", arguments: [
        ["generate"],
        ["generate", "out"],
        ["generate", "out", "--notes", "many"],
        ["generate", "out", "--notes", "0"],
        ["generate", "out", "--notes", "10", "--seed", "-1"],
        ["generate", "out", "--notes", "10", "--colour"],
        ["run"],
        ["run", "vault", "--runs", "0"],
        ["bogus"],
        [],
    ])
    func usageErrors(arguments: [String]) {
        #expect(BenchCommandLine.main(arguments) == 2)
    }

    @Test("help succeeds for the tool and each command", arguments: [["--help"], ["generate", "--help"], ["run", "-h"]])
    func help(arguments: [String]) {
        #expect(BenchCommandLine.main(arguments) == 0)
    }

    @Test("run on a folder that is not a vault fails without a usage error")
    func runOnMissingVault() {
        let folder = TemporaryFolder()
        #expect(BenchCommandLine.main(["run", folder.path + "/nothing"]) == 1)
    }

    @Test("generate with --reuse keeps a vault of the same seed and size")
    func reuse() {
        let folder = TemporaryFolder()
        let vault = folder.path + "/vault"
        #expect(BenchCommandLine.main(["generate", vault, "--notes", "12", "--seed", "5"]) == 0)
        #expect(BenchCommandLine.main(["generate", vault, "--notes", "12", "--seed", "5"]) == 1)
        #expect(BenchCommandLine.main(["generate", vault, "--notes", "12", "--seed", "5", "--reuse"]) == 0)
        #expect(BenchCommandLine.main(["generate", vault, "--notes", "13", "--seed", "5", "--reuse"]) == 1)
    }

    @Test("options take the --name=value form too, and large counts their separators")
    func optionForms() throws {
        var arguments = BenchArguments(["--notes=100_000", "out", "--seed", "3"])
        #expect(try arguments.integer("--notes", in: 1...1_000_000) == 100_000)
        #expect(try arguments.option("--seed") == "3")
        #expect(try arguments.positional("OUT") == "out")
        try arguments.finish()
    }
}
