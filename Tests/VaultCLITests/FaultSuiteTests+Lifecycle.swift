import Foundation
import TestSupport
import Testing

/// The fault suite's cases about the moves that keep a note's subpath: archive, unarchive,
/// trash and restore.
extension FaultSuiteTests {
    @Test(
        "an archive, unarchive, trash or restore killed before any of its steps leaves every link resolvable, and the next command finishes it exactly",
        arguments: [
            (["archive", "--skip-unavailable", "Errands"], [String]()),
            (["unarchive", "--skip-unavailable", "Errands"], ["archive", "--skip-unavailable", "Errands"]),
            (["trash", "Errands"], []), (["restore", "Errands"], ["trash", "Errands"]),
        ])
    func killedLifecycle(command: [String], before: [String]) throws {
        // The trash record holds the time and inode of each trash, compared apart, by where
        // each note is and came from.
        let skipped: Set<String> = [".zennotes/lock", ".zennotes/trash.json"]
        func recorded(_ sandbox: Sandbox) throws -> [String: String] {
            guard let bytes = sandbox.bytes(".zennotes/trash.json") else { return [:] }
            let notes = (try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])?["notes"] as? [String: [String: Any]] ?? [:]
            return notes.mapValues { $0["from"] as? String ?? "" }
        }
        func prepared() throws -> Sandbox {
            let sandbox = try Sandbox(fixture: "demo")
            if !before.isEmpty { #expect(try sandbox.start(before, in: nil, environment: [:]).finish().status == 0) }
            return sandbox
        }
        let reference = try prepared()
        let original = tree(reference.vault, skipping: skipped)
        let dangling = danglingLinks(try reference.vault("check", "--json"))
        #expect(try reference.start(command, in: nil, environment: [:]).finish().status == 0)
        let done = tree(reference.vault, skipping: skipped)
        let recordedBefore = try recorded(try prepared())
        let recordedDone = try recorded(reference)
        let danglingDone = danglingLinks(try reference.vault("check", "--json"))
        var step = 1
        while step < 60 {
            defer { step += 1 }
            let sandbox = try prepared()
            let crash = try sandbox.start(command, in: nil, environment: ["VAULT_TEST_CRASH_AT": "\(step)"]).finish()
            if crash.status == 0 {
                #expect(differences(done, tree(sandbox.vault, skipping: skipped)) == [])
                #expect(try recorded(sandbox) == recordedDone)
                break
            }
            #expect(crash.status == 137, "\(command), step \(step)")
            let journals = tree(sandbox.vault).keys.filter { $0.hasPrefix(".zennotes/journal/") }
            let check = try sandbox.vault("check", "--json")
            #expect(danglingLinks(check) == (journals.isEmpty ? dangling : danglingDone), "\(command), after step \(step)")
            let after = tree(sandbox.vault, skipping: skipped)
            // The record and the move are one change: both made, or neither.
            #expect(try recorded(sandbox) == (journals.isEmpty ? recordedBefore : recordedDone), "\(command), step \(step)")
            if journals.isEmpty {
                #expect(differences(original, after).filter { !$0.hasSuffix(".zennotes/journal") } == [], "\(command), step \(step)")
            } else {
                #expect(check.errors.contains("vault: finished an interrupted change"), "\(command), step \(step)")
                #expect(differences(done, after) == [], "\(command), finished after step \(step)")
            }
            #expect(after.keys.filter { $0.hasPrefix(".zennotes/journal/") } == [])
            #expect(temporaryFiles(after) == [])
        }
        #expect(step > 2 && step < 60, "\(command): never completed")
    }
}
