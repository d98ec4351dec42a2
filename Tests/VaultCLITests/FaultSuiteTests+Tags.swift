import Foundation
import Testing

/// The fault suite's cases about renaming a tag.
extension FaultSuiteTests {
    @Test("a tag rename killed before any of its steps is finished by the next command into exactly what an uninterrupted one writes")
    func killedTagRename() throws {
        let lock: Set<String> = [".zennotes/lock"]
        let reference = try Sandbox(fixture: "demo")
        let original = tree(reference.vault, skipping: lock)
        #expect(try reference.vault("tags", "rename", "project", "plan", "--skip-unavailable").status == 0)
        let renamed = tree(reference.vault, skipping: lock)
        #expect(differences(original, renamed).count > 3)
        var step = 1
        while step < 50 {
            defer { step += 1 }
            let sandbox = try Sandbox(fixture: "demo")
            let crash = try sandbox.vault("tags", "rename", "project", "plan", "--skip-unavailable", environment: ["VAULT_TEST_CRASH_AT": "\(step)"])
            if crash.status == 0 {
                #expect(differences(renamed, tree(sandbox.vault, skipping: lock)) == [])
                break
            }
            #expect(crash.status == 137, "step \(step)")
            let next = try sandbox.vault("list")
            #expect(next.status == 0, "step \(step)")
            let after = tree(sandbox.vault, skipping: lock)
            let expected = next.errors.contains("finished an interrupted change: tags rename #project -> #plan") ? renamed : original
            #expect(differences(expected, after).filter { !$0.hasSuffix(".zennotes/journal") } == [], "step \(step)")
        }
        #expect(step > 3, "the rename has several steps")
    }
}
