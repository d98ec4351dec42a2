import Foundation
import Testing
@testable import VaultBench

@Suite("the vault generator")
struct GeneratorTests {
    @Test("the same seed gives the same bytes")
    func sameSeedSameBytes() throws {
        let folder = TemporaryFolder()
        try VaultGenerator(notes: 300, seed: 7).generate(into: folder.path + "/a")
        try VaultGenerator(notes: 300, seed: 7).generate(into: folder.path + "/b")
        let first = folder.contents(of: "a")
        #expect(first.keys.filter { $0.hasSuffix(".md") }.count == 300)
        #expect(first == folder.contents(of: "b"))
        #expect(FileManager.default.contents(atPath: folder.path + "/a.manifest.json")
            == FileManager.default.contents(atPath: folder.path + "/b.manifest.json"))
    }

    @Test("the number of threads does not change the bytes")
    func threadsDoNotMatter() throws {
        let folder = TemporaryFolder()
        try VaultGenerator(notes: 200, seed: 3).generate(into: folder.path + "/one", workers: 1)
        try VaultGenerator(notes: 200, seed: 3).generate(into: folder.path + "/three", workers: 3)
        #expect(folder.contents(of: "one") == folder.contents(of: "three"))
    }

    @Test("a different seed gives a different vault")
    func differentSeedDifferentVault() throws {
        let folder = TemporaryFolder()
        try VaultGenerator(notes: 100, seed: 7).generate(into: folder.path + "/a")
        try VaultGenerator(notes: 100, seed: 8).generate(into: folder.path + "/b")
        let first = folder.contents(of: "a")
        let second = folder.contents(of: "b")
        #expect(Set(first.keys) != Set(second.keys))
        #expect(first[".zennotes/vault.json"] != second[".zennotes/vault.json"])
    }

    @Test("the generator refuses a folder that is not empty")
    func refusesNonEmptyFolder() throws {
        let folder = TemporaryFolder()
        _ = folder.file("vault/mine.md", "# Mine\n")
        #expect(throws: BenchError.self) {
            try VaultGenerator(notes: 10, seed: 1).generate(into: folder.path + "/vault")
        }
        #expect(folder.contents(of: "vault").keys.sorted() == ["mine.md"])
    }

    @Test("the vault holds only notes and vault.json; the manifest lies beside it")
    func vaultHoldsOnlyWhatARealVaultHolds() throws {
        let folder = TemporaryFolder()
        let manifest = try VaultGenerator(notes: 50, seed: 5).generate(into: folder.path + "/vault")
        let files = folder.contents(of: "vault")
        #expect(files.keys.filter { !$0.hasSuffix(".md") && !$0.hasPrefix("assets/") } == [".zennotes/vault.json"])
        #expect(files.keys.filter { $0.hasPrefix("assets/") }.count == manifest.assets)
        let settings = try JSONSerialization.jsonObject(with: files[".zennotes/vault.json"]!) as? [String: Any]
        #expect(settings?["id"] as? String == manifest.vaultID)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/vault.manifest.json"))
    }

    @Test("an existing vault of the same seed and size is found again, another is not")
    func existingManifestMatchesSeedAndSize() throws {
        let folder = TemporaryFolder()
        let vault = folder.path + "/vault"
        let manifest = try VaultGenerator(notes: 30, seed: 9).generate(into: vault)
        #expect(VaultGenerator(notes: 30, seed: 9).existingManifest(at: vault) == manifest)
        #expect(VaultGenerator(notes: 31, seed: 9).existingManifest(at: vault) == nil)
        #expect(VaultGenerator(notes: 30, seed: 10).existingManifest(at: vault) == nil)
    }

    @Test("journals are named by day, newest on the anchor day")
    func journalsAreNamedByDay() {
        let plan = VaultPlan(notes: 100, seed: 2)
        let journals = plan.notes.filter { $0.folder == .journals }
        #expect(journals.first?.path == "journals/2025-06-30.md")
        #expect(journals.allSatisfy { $0.stem.count == 10 && $0.stem.split(separator: "-").count == 3 })
    }

    @Test("dates convert to and from day numbers")
    func calendarDatesRoundTrip() {
        #expect(CalendarDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(CalendarDate(year: 2024, month: 2, day: 29).adding(days: 1).iso == "2024-03-01")
        #expect(CalendarDate(year: 2000, month: 12, day: 31).iso == "2000-12-31")
    }

    @Test("the portable exponential agrees with the C library")
    func portableExp() {
        for x in stride(from: -8.0, through: 8.0, by: 0.37) {
            #expect(abs(PortableMath.exp(x) / Foundation.exp(x) - 1) < 1e-12)
        }
    }
}
