import FoundationEssentials
import VaultKit

/// `vault doctor`: the vault's health in one report, each finding with its fix.
enum DoctorCommand: Command {
    static let name = "doctor"
    static let summary = "check the vault's health beside sync tools; exit 1 when anything needs attention"
    static let usage = ""
    static let discussion = """
        Finds iCloud placeholders, unreadable and non-UTF-8 notes, file names that are not
        UTF-8, folders that cannot be read, conflict copies, temporary files an interrupted
        write left, an interrupted rename, a note left with a second name, names that collide
        on case-insensitive disks, links out of the vault, a broken vault.json, and .zennotes/
        inside iCloud Drive. Each finding names the command that fixes it. Without --fix it
        changes nothing. --fix does only what needs no choice: it finishes interrupted renames,
        removes temporary files that hold nothing anyone saved, and makes the text of a note
        whose writing was interrupted a note again (beside its name; it may be incomplete).
        """
    static let fix = Option<Bool>(
        flag: "--fix", help: "finish interrupted renames, remove leftover temporary files, restore unfinished notes")
    static let abandon = Option<Bool>(
        flag: "--abandon", help: "with --fix: give up on an interrupted rename that cannot be finished, keeping every file")
    static let dryRun = CommonOptions.dryRun.withHelp("with --fix: print what would be fixed, as a diff, and change nothing")
    static let options: [any DeclaredOption] = [fix, abandon, dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        var findings: [HealthFinding] = []
        let vault: Vault
        do {
            vault = try context.vault(recovering: false)
        } catch let error as VaultError {
            guard let finding = VaultDoctor.settingsFinding(error) else { throw error }
            findings.append(finding)
            vault = try context.vaultIgnoringSettings()
        }
        let doctor = VaultDoctor(vault: vault)
        var fixed = FixReport()
        if arguments[abandon] && !arguments[fix] { throw UsageError("--abandon goes with --fix") }
        if arguments[dryRun] {
            guard arguments[fix] else { throw UsageError("--dry-run goes with --fix") }
            let (plan, actions) = try doctor.fixPlan()
            for action in actions { context.line(context.relativeToVault(action)) }
            if !plan.isEmpty { context.line(plan.diffText.trimmingSuffixNewline()) }
            return 0
        }
        if arguments[fix] { fixed = try doctor.fix(abandoning: arguments[abandon]) }
        findings += try doctor.examine()
        if context.json {
            struct Report: Encodable {
                let healthy: Bool
                let fixed: [String]
                let notFixed: [String]
                let findings: [HealthFinding]
            }
            try context.emit(
                Report(
                    healthy: findings.isEmpty && fixed.problems.isEmpty, fixed: fixed.done.map(context.relativeToVault),
                    notFixed: fixed.problems.map(context.relativeToVault), findings: findings))
            return findings.isEmpty && fixed.problems.isEmpty ? 0 : 1
        }
        for line in fixed.done { context.line("fixed: " + context.relativeToVault(line)) }
        for line in fixed.problems { context.warn("not fixed: " + context.relativeToVault(line)) }
        for finding in findings {
            context.line(context.bold(finding.path ?? "vault") + ": " + finding.message)
            context.line("  fix: " + finding.fix)
        }
        if findings.isEmpty && fixed.problems.isEmpty {
            context.line("No problems found.")
        } else {
            context.line("\(findings.count) finding\(findings.count == 1 ? " needs" : "s need") attention.")
        }
        return findings.isEmpty && fixed.problems.isEmpty ? 0 : 1
    }
}
