import Foundation
import Testing
import VaultKit
@testable import VaultMCP
import VaultSystem

/// What a session keeps between calls stays within its budget: the least recently used
/// value goes first, one too large is used once and not kept, and the answers never change.
@Suite("vault mcp: what a session keeps, within its budget")
struct MCPKeptBudgetTests {
    /// The reading tools' calls, each with arguments that reach past the summary walk.
    static let calls: [(String, String)] = [
        ("search", #"{"query":"the","limit":1000}"#),
        ("search", #"{"query":"errand","mode":"exact","limit":1000}"#),
        ("find", #"{"query":"err"}"#),
        ("list_notes", #"{"limit":1000}"#),
        ("tags", #"{"limit":1000}"#),
        ("tasks", #"{"limit":1000}"#),
        ("backlinks", #"{"note":"pages/Errands.md","limit":1000}"#),
        ("links", #"{"note":"pages/Errands.md"}"#),
        ("read_note", #"{"note":"pages/Errands.md"}"#),
        ("check", #"{"limit":1000}"#),
    ]

    /// A memo on the fixture's vault, with the cache open, and the fixture's number of notes.
    func memo(_ fixture: FixtureVault, budget: Int) throws -> (ScanMemo, notes: Int) {
        var vault = try Vault(root: fixture.vault)
        let location = try #require(CacheLocation.find(for: vault, environment: ["XDG_CACHE_HOME": fixture.root + "/cache"]).location)
        vault.cache = FactsCache(location: location, racyWindow: 0)
        let notes = try vault.scan(detail: .summary).notes.count
        return (ScanMemo(vault: vault, keeps: true, budget: budget), notes)
    }

    @Test("sessions whose budgets keep everything, one walk, or nothing answer every reading tool alike, call after call")
    func answersAlikeWithinAnyBudget() throws {
        let fixture = try FixtureVault()
        let notes = try memo(fixture, budget: 0).notes
        let sessions = try [MCPSession.keptBudget, notes * ScanMemo.bytesPerNote.scan, 0].map {
            try fixture.session(cached: true, keptBudget: $0)
        }
        for round in 0..<2 {
            for (tool, arguments) in Self.calls {
                let answers = try sessions.map { try $0.call(tool, arguments).text }
                #expect(answers.allSatisfy { $0 == answers[0] }, "\(tool) \(arguments), round \(round)")
            }
        }
        // The budget of one walk held one walk at most; the empty budget held nothing.
        #expect(sessions[1].scans.keptValues.values.reduce(0, +) <= notes * ScanMemo.bytesPerNote.scan)
        #expect(sessions[2].scans.keptValues.isEmpty)
        #expect(sessions[0].scans.keptValues.keys.contains("linkSources"))
    }

    @Test("a value that does not fit lets go of the least recently used, never more than the budget is kept")
    func leastRecentlyUsedGoesFirst() throws {
        let fixture = try FixtureVault()
        let per = ScanMemo.bytesPerNote
        let notes = try memo(fixture, budget: 0).notes
        // Room for the walk, the link index and the sources with the making of one, not for
        // the making of the check beside them all.
        let budget = notes * (per.scan + per.linkIndex + per.linkSources + per.making)
        let (memo, _) = try memo(fixture, budget: budget)
        _ = try memo.scan(.summary)
        #expect(Set(memo.keptValues.keys) == ["scan summary"])
        _ = try memo.linkSources()
        #expect(Set(memo.keptValues.keys) == ["scan summary", "linkIndex", "linkSources"])
        // The check reads the walk and the link index, so the sources are the ones to go,
        // and before the check is made.
        _ = try memo.check()
        #expect(Set(memo.keptValues.keys) == ["scan summary", "linkIndex", "check"])
        #expect(memo.keptValues.values.reduce(0, +) <= budget)
    }

    @Test("a walk larger than the whole budget is used once and not kept")
    func tooLargeNotKept() throws {
        let fixture = try FixtureVault()
        let notes = try memo(fixture, budget: 0).notes
        let (memo, _) = try memo(fixture, budget: notes * ScanMemo.bytesPerNote.scan - 1)
        let first = try memo.scan(.paths).notes.map(\.path)
        #expect(memo.keptValues.isEmpty)
        #expect(try memo.scan(.summary).notes.map(\.path) == first)
    }

    @Test("a read of every note's facts made for one call lets go of the least recently used values first, and keeps the walk")
    func readingMakesRoom() throws {
        let fixture = try FixtureVault()
        let per = ScanMemo.bytesPerNote
        let notes = try memo(fixture, budget: 0).notes
        // Room for the walk, the link index and the sources, or for the walk and a reading.
        let budget = notes * (per.scan + per.making)
        #expect(per.linkIndex + per.linkSources <= per.making)
        let (memo, _) = try memo(fixture, budget: budget)
        _ = try memo.linkSources()
        #expect(Set(memo.keptValues.keys) == ["scan summary", "linkIndex", "linkSources"])
        memo.makeRoomForReading()
        #expect(Set(memo.keptValues.keys) == ["scan summary"])
        #expect(memo.keptValues.values.reduce(0, +) + notes * per.making <= budget)
    }
}
