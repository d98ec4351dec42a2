import FoundationEssentials
import Glibc
import VaultKit

extension Context {
    /// The executor of this run's multi-file changes.
    ///
    /// Debug and test builds (`VAULT_TEST_SEAMS`, set in Package.swift for the debug
    /// configuration only) give it the crash seam; the release binary has neither the seam nor
    /// the variable that sets it off.
    func changeExecutor(_ vault: Vault) -> ChangeExecutor {
        #if VAULT_TEST_SEAMS
        ChangeExecutor(vault: vault, beforeStep: CrashSeam.fromEnvironment(environment))
        #else
        ChangeExecutor(vault: vault)
        #endif
    }
}

#if VAULT_TEST_SEAMS
/// A test seam: `VAULT_TEST_CRASH_AT=N` ends the process abruptly before the Nth step of a
/// multi-file change, as a kill or a power cut would, so tests can check what the next run
/// finishes. Unset, it does nothing.
enum CrashSeam {
    static func fromEnvironment(_ environment: [String: String]) -> ((String) throws -> Void)? {
        guard let value = environment["VAULT_TEST_CRASH_AT"], let limit = Int(value) else { return nil }
        let counter = StepCounter()
        return { _ in
            if counter.next() == limit { _exit(137) }
        }
    }

    final class StepCounter: @unchecked Sendable {
        private var count = 0
        func next() -> Int {
            count += 1
            return count
        }
    }
}
#endif
