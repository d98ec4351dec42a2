import FoundationEssentials
import VaultSystem

extension Vault {
    /// The settings in `.zennotes/vault.json` at `path`.
    ///
    /// Settings that parse are used at once, whoever holds the file open. Another program
    /// saving the file in place leaves it empty or cut short for a moment: a file that does not
    /// parse and changed within the last two seconds is read again every 20 ms, for a second
    /// at most, before it is said to be broken.
    ///
    /// - Throws: `VaultError.settingsNotJSON` for a file that cannot be read or parsed.
    static func readSettings(_ path: String, fileSystem: any FileSystem, clock: VaultClock = .system) throws -> VaultSettings {
        let name = ".zennotes/vault.json"
        var waited = 0.0
        while true {
            let bytes: [UInt8]
            do { bytes = try fileSystem.readFile(path) } catch let error as SystemError {
                throw VaultError.settingsNotJSON(path: name, reason: error.reason)
            }
            do {
                return try VaultSettings(bytes: bytes, path: name)
            } catch {
                let age = ((try? fileSystem.status(path)) ?? nil).map { clock.now().timeIntervalSince($0.changed) }
                guard waited < 1, let age, age < 2, age > -1 else {
                    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                        throw VaultError.settingsNotJSON(path: name, reason: "the file is empty")
                    }
                    throw error
                }
                clock.sleep(0.02)
                waited += 0.02
            }
        }
    }
}
