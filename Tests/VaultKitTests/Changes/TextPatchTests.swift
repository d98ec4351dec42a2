import Foundation
import Testing
@testable import VaultKit
@testable import VaultSystem

/// A rewrite held as replacements of the bytes read: made again from the file when written,
/// made back when a change is taken back, and never made from bytes it was not planned on.
@Suite("Patches of a note's bytes")
struct TextPatchTests {
    let folder = TemporaryFolder()

    private static let read = Array("é [[Old]] text [[Old|shown]]\n[[Old]]".utf8)

    /// Each `[[Old` of `read` made `[[Kürzer`, `[[A`, `[[Old`: longer, shorter, the same.
    private static func replacements(_ texts: [String]) -> [TextReplacement] {
        var ranges: [Range<Int>] = []
        var start = 0
        let needle = Array("Old".utf8)
        while start + needle.count <= read.count {
            if Array(read[start..<start + needle.count]) == needle { ranges.append(start..<start + needle.count) }
            start += 1
        }
        return zip(ranges, texts).map { TextReplacement(range: $0, text: $1) }
    }

    @Test("a patch makes the new bytes from the bytes read, and the bytes read back from the new bytes")
    func roundTrip() throws {
        let patch = TextPatch(before: Self.read, replacements: Self.replacements(["Kürzer", "A", "Old"]))
        let after = try #require(patch.applied(to: Self.read))
        #expect(String(decoding: after, as: UTF8.self) == "é [[Kürzer]] text [[A|shown]]\n[[Old]]")
        #expect(patch.afterHash == ContentHash.of(after) && patch.beforeHash == ContentHash.of(Self.read))
        #expect(patch.restored(from: after) == Self.read)
        #expect(!patch.changesNothing)
    }

    @Test("a patch is made from nothing but the bytes it was planned on, either way")
    func refusesOtherBytes() throws {
        let patch = TextPatch(before: Self.read, replacements: Self.replacements(["New", "New", "New"]))
        var edited = Self.read
        edited[0] = UInt8(ascii: "e")
        #expect(patch.applied(to: edited) == nil)
        #expect(patch.applied(to: []) == nil)
        #expect(patch.restored(from: Self.read) == nil)
        let after = try #require(patch.applied(to: Self.read))
        #expect(patch.restored(from: after + [10]) == nil)
    }

    @Test("a patch that writes back what it replaces changes nothing, and is not written")
    func changesNothing() throws {
        let patch = TextPatch(before: Self.read, replacements: Self.replacements(["Old", "Old"]))
        #expect(patch.changesNothing)
        #expect(patch.applied(to: Self.read) == Self.read)
        let snapshot = FileSnapshot(status: nil, contentHash: ContentHash.of(Self.read))
        #expect(Change.replace("pages/A.md", expected: snapshot, patch: patch).changesNothing)
    }

    /// A vault of `Errands` and the notes `linking` (path to text), and the plan renaming
    /// `Errands` to `Chores`.
    private func renaming(_ linking: [String: String]) throws -> (Vault, RenamePlan) {
        try folder.write("pages/Errands.md", "# Errands\n")
        for (path, text) in linking { try folder.write(path, text) }
        let vault = try Vault(root: folder.path)
        return (vault, try RenamePlanner(vault: vault).planRename("Errands", to: "Chores"))
    }

    @Test("a rename holds each linking note as a patch, and its journal holds the whole new bytes")
    func journalHoldsNewBytes() throws {
        let (vault, plan) = try renaming(["pages/Linker.md": "see [[Errands]] and [[Errands|them]]\n"])
        let linker = try #require(plan.edits.first { $0.path == "pages/Linker.md" })
        #expect(linker.replacements.map(\.text) == ["Chores", "Chores"])
        let journal = IntentJournal(plan: plan.changePlan(summary: "rename"))
        #expect(journal.edits.allSatisfy { $0.after == nil && $0.patch != nil })
        var pieces: [[UInt8]] = []
        try journal.write({ pieces.append($0) }, patched: ChangeExecutor(vault: vault).patchedBytes)
        let read = try IntentJournal.decode(Array(pieces.joined()))
        let written = try #require(read.edits.first { $0.path == "pages/Linker.md" })
        #expect(written.after.map { String(decoding: $0, as: UTF8.self) } == "see [[Chores]] and [[Chores|them]]\n")
    }

    @Test("a linking note saved after the plan's check, before the journal holds its new bytes, refuses the change with nothing written")
    func savedBeforeJournal() throws {
        let (vault, plan) = try renaming(["pages/Linker.md": "see [[Errands]]\n", "pages/Other.md": "also [[Errands]]\n"])
        let executor = ChangeExecutor(vault: vault) { step in
            if step == "journal" { try folder.write("pages/Other.md", "also [[Errands]], saved\n") }
        }
        #expect(throws: FileError.fileChanged(path: "pages/Other.md")) { try executor.apply(plan, summary: "rename") }
        #expect(try folder.names(in: "pages") == ["Errands.md", "Linker.md", "Other.md"])
        #expect(String(decoding: try folder.read("pages/Linker.md"), as: UTF8.self) == "see [[Errands]]\n")
        #expect(String(decoding: try folder.read("pages/Other.md"), as: UTF8.self) == "also [[Errands]], saved\n")
        #expect(executor.pendingJournals().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/.zennotes/journal"))
    }

    @Test("a dry run's diff reads each note again, and says so when one changed since the plan")
    func diffReadsAgain() throws {
        let (vault, plan) = try renaming(["pages/Linker.md": "see [[Errands]]\n"])
        let diff = try plan.diff(reading: vault)
        #expect(diff.contains("-see [[Errands]]\n+see [[Chores]]\n"))
        try folder.write("pages/Linker.md", "see [[Errands]] today\n")
        #expect(throws: FileError.fileChanged(path: "pages/Linker.md")) { try plan.diff(reading: vault) }
    }

    @Test("a dry run's diff is handed on a file at a time, and a note changed since the plan stops it before any of it")
    func diffStreams() throws {
        let (vault, plan) = try renaming(["pages/Linker.md": "see [[Errands]]\n", "pages/Other.md": "also [[Errands]]\n"])
        var pieces: [[UInt8]] = []
        try plan.writeDiff(reading: vault) { pieces.append($0) }
        // The move, then one rewrite for each linking note.
        #expect(pieces.count == 3)
        #expect(String(decoding: Array(pieces.joined()), as: UTF8.self) == (try plan.diff(reading: vault)))
        try folder.write("pages/Other.md", "also [[Errands]], saved\n")
        pieces = []
        #expect(throws: FileError.fileChanged(path: "pages/Other.md")) { try plan.writeDiff(reading: vault) { pieces.append($0) } }
        #expect(pieces.isEmpty)
    }
}
