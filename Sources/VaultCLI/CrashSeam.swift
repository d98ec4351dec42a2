import Foundation
import VaultKit

extension Context {
    /// The executor of this run's multi-file changes, with the crash seam.
    func changeExecutor(_ vault: Vault) -> ChangeExecutor {
        ChangeExecutor(vault: vault, beforeStep: CrashSeam.fromEnvironment(environment))
    }
}

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
