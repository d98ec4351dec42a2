import Foundation
import Glibc
import Testing
import VaultKit
import VaultSystem

@Suite("Process environment")
struct ProcessEnvironmentTests {
    // Read only: a variable set here would race the tests that start processes meanwhile.
    @Test("the process's variables are what the C library and Foundation find, each value whole")
    func readsEnviron() throws {
        let variables = ProcessEnvironment.current()
        #expect(!variables.isEmpty)
        #expect(variables == ProcessInfo.processInfo.environment)
        for (name, value) in variables {
            let found = try #require(getenv(name))
            #expect(String(cString: found) == value)
        }
    }

    @Test("a vault path given from the home folder is taken from the process's HOME, its dots and slashes tidied")
    func homePath() throws {
        let home = String(cString: try #require(getenv("HOME")))
        let expected = Vault.absolute(home + "/notes")
        #expect(Vault.absolute("~/notes/./a/..//") == expected)
    }
}
