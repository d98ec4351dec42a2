import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// `find` ranks each note as the scan reads it, keeping only the matches: these check that
/// this gives exactly the ranking of a whole scan's notes, with and without the cache.
@Suite("Finding notes as a vault is read")
struct NoteFinderVaultTests {
    /// 300 notes with few distinct words, so that scores tie often and the length, the
    /// archive and the path decide; some with an alias, a tag, in the archive or the trash.
    static func makeVault() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        let words = ["Cobalt", "exam", "cobble", "Coastal", "atlas", "bolt", "ember", "cob"]
        for number in 0..<300 {
            let title = words[number % words.count] + " " + words[(number / 8) % words.count] + String(repeating: "x", count: number % 3)
            let folderName = number % 11 == 0 ? "trash" : number % 7 == 0 ? "archive" : "pages/\(number % 5)"
            var text = ""
            if number % 5 == 0 { text += "---\naliases: [\(words[(number / 3) % words.count]) alias]\n---\n" }
            text += "# \(title)\n\n" + (number % 4 == 0 ? "#tagged here\n" : "plain\n")
            try folder.write("\(folderName)/\(title) \(number).md", text)
        }
        return folder
    }

    static let queries = ["cob", "Cobalt", "ex", "cobalt exam", "at !bolt", "^Co", "alias", "3/", "zzqq", "!cob", ""]

    @Test("finding as the vault is read gives the ranking of the whole scan, for every limit and filter")
    func streamedRanksAsScanned() throws {
        let folder = try Self.makeVault()
        let vault = try Vault(root: folder.path)
        let notes = try vault.scan(detail: .tags).notes
        let filters: [NoteQuery] = [NoteQuery(), NoteQuery(folders: ["pages/2"]), NoteQuery(tags: ["tagged"]), NoteQuery(includeTrash: true)]
        for query in Self.queries {
            for limit in [nil, 7] as [Int?] {
                for filter in filters {
                    let finder = NoteFinder(query)
                    let selection = filter.selection(layout: vault.layout)
                    let expected = finder.rank(notes, limit: limit, where: selection)
                    let found = try finder.find(in: vault, detail: .tags, limit: limit, where: selection)
                    #expect(found == expected, "\(query) \(String(describing: limit)) \(filter)")
                }
            }
        }
        // Not a ranking that finds nothing: most queries find many notes.
        #expect(try NoteFinder("cob").find(in: vault).count > 50)
    }

    @Test("finding through a warm cache gives what finding without one gives")
    func cachedAsUncached() throws {
        let folder = try Self.makeVault()
        CachedRuns.nextTick()
        let runs = CachedRuns(root: folder.path, cacheFolder: folder.path + "-cache")
        defer { try? FileManager.default.removeItem(atPath: folder.path + "-cache") }
        for query in Self.queries {
            let uncached = try runs.uncached { try NoteFinder(query).find(in: $0, limit: 20) }
            _ = try runs.run { try NoteFinder(query).find(in: $0, limit: 20) }
            let warm = try runs.run { try NoteFinder(query).find(in: $0, limit: 20) }
            #expect(warm.value == uncached, "\(query)")
            #expect(warm.misses == 0 && warm.hits > 0)
        }
    }
}
