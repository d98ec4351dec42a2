import Foundation
import Testing

/// `--dry-run` prints a unified diff that `git apply` takes as it is: checked by applying
/// each command's plan to a git repository holding a copy of the vault as it was.
@Suite("Dry runs as diffs git applies")
struct DryRunDiffTests {
    /// A sandbox of the demo vault with a leftover `doctor --fix` would restore, and beside
    /// it `repo/`, a git repository of the same files.
    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox(fixture: "demo")
        let setUp = try sandbox.run(
            "printf 'only copy\\n' > pages/.~Plan.md.zz.new.tmp && mkdir -p .zennotes && cp -a . ../repo && cd ../repo && git init -q . "
                + "&& git add -A && git -c user.name=t -c user.email=t@t -c commit.gpgsign=false commit -qm base")
        #expect(setUp.status == 0, "\(setUp.errors)")
        return sandbox
    }

    @Test(
        "the dry run of a rename touching several notes, a prepend, a task edit, an append, a rollover, doctor --fix, conflicts resolve, trash --empty, a capture and a new page is accepted by git apply --check",
        arguments: [
            "vault rename Errands 'Errand list' --skip-unavailable --dry-run",
            "vault move 'pages/Reading List.md' inbox/ --skip-unavailable --dry-run",
            "vault prepend pages/Ideas.md --dry-run 'a first line'",
            "vault append 'pages/Windows Note.md' --dry-run 'a CRLF line'",
            "vault task 'pages/Ideas.md:14@183111' done --dry-run",
            "VAULT_TODAY=2026-11-30 vault journal --rollover --dry-run",
            "vault doctor --fix --dry-run",
            "vault conflicts resolve 'Reading List' --keep copy --dry-run",
            "vault trash --empty --dry-run",
            "vault capture --dry-run 'a thought to keep'",
            "vault capture --dry-run --journal 'for today'",
            "vault new 'A fresh page' --dry-run",
        ])
    func gitApplies(command: String) throws {
        let sandbox = try sandbox()
        let run = try sandbox.run(command + " > ../plan.diff")
        #expect(run.status == 0, "\(run.errors)")
        let plan = try String(contentsOfFile: sandbox.root + "/plan.diff", encoding: .utf8)
        #expect(plan.contains("diff --git a/"), "\(plan)")
        let check = try sandbox.run("cd ../repo && git apply --check --verbose ../plan.diff")
        #expect(check.status == 0, "\(check.errors)\n\(plan)")
        // Applied for real, the repository holds what the command itself writes.
        let applied = try sandbox.run("cd ../repo && git apply ../plan.diff && git add -A && git status --porcelain | wc -l")
        #expect(applied.status == 0 && applied.output != "0\n")
    }

    @Test("a rename's dry run, applied by git, gives the same files as the rename itself")
    func sameAsApplied() throws {
        let sandbox = try sandbox()
        #expect(try sandbox.run("vault rename Errands 'Errand list' --skip-unavailable --dry-run > ../plan.diff").status == 0)
        #expect(try sandbox.run("vault rename Errands 'Errand list' --skip-unavailable").status == 0)
        let applied = try sandbox.run("cd ../repo && git apply ../plan.diff")
        #expect(applied.status == 0, "\(applied.errors)")
        let compared = try sandbox.run("diff -r -x .git -x .zennotes -x '.~*' . ../repo")
        #expect(compared.status == 0, "\(compared.output)")
    }

    @Test("one line prepended to a note is one hunk")
    func prependIsOneHunk() throws {
        let sandbox = try sandbox()
        let run = try sandbox.run("vault prepend pages/Ideas.md --dry-run 'a first line'")
        #expect(run.status == 0)
        #expect(run.output.components(separatedBy: "\n").filter { $0.hasPrefix("@@ ") }.count == 1, "\(run.output)")
        #expect(run.output.contains("\n+a first line\n"))
    }
}
