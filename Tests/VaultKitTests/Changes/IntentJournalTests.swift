import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The crash the tests simulate: the process ends before a step.
private struct Crash: Error {}

/// The intent journal's file: written a piece at a time, read back whole.
@Suite("The intent journal's file")
struct IntentJournalTests {
    let folder = TemporaryFolder()

    @Test("a journal of several MiB, written in pieces, reads back with every file's new bytes and every name as they were")
    func writtenInPiecesReadsBack() throws {
        // Every byte value, not valid UTF-8 as a whole, in notes larger than a piece.
        let large = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
        let names = ["pages/A \"quoted\" \\ name.md", "pages/Café\tnaïve.md", "pages/B.md", "trash/Old.md"]
        for name in names { try folder.write(name, "old \(name)\n") }
        let vault = try Vault(root: folder.path)
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        let (first, firstSnapshot) = try writer.read(vault.absolutePath(names[0]))
        let (second, secondSnapshot) = try writer.read(vault.absolutePath(names[1]))
        let (old, oldSnapshot) = try writer.read(vault.absolutePath(names[3]))
        let plan = ChangePlan(
            [
                .create("pages/New\nline.md", bytes: Array(large.reversed())),
                .replace(names[0], expected: firstSnapshot, before: first, after: large),
                .replace(names[1], expected: secondSnapshot, before: second, after: []),
                .move(names[2], to: "inbox/B \u{1F600}.md"),
                .remove(names[3], expected: oldSnapshot, before: old),
            ], summary: "test \"all\" kinds")
        let journal = IntentJournal(plan: plan)
        var pieces: [[UInt8]] = []
        try journal.write({ pieces.append($0) }, patched: { _ in throw FileError.fileChanged(path: "none") })
        #expect(pieces.count > 4)
        #expect(pieces.dropLast().allSatisfy { $0.count >= 1 << 20 })
        let read = try IntentJournal.decode(Array(pieces.joined()))
        #expect(read.id == journal.id && read.summary == journal.summary && read.version == 2)
        #expect(read.edits.map(\.path) == [names[0], names[1]])
        #expect(read.edits.map(\.after) == [large, []])
        #expect(read.edits.map(\.afterHash) == journal.edits.map(\.afterHash))
        #expect(read.edits.map(\.beforeHash) == journal.edits.map(\.beforeHash))
        #expect(read.creates?.map(\.path) == ["pages/New\nline.md"] && read.creates?.first?.after == Array(large.reversed()))
        #expect(read.creates?.first?.permissions == journal.creates?.first?.permissions)
        #expect(read.removes?.map(\.path) == [names[3]] && read.removes?.map(\.beforeHash) == journal.removes?.map(\.beforeHash))
        #expect(read.moves == [FileMove(from: names[2], to: "inbox/B \u{1F600}.md")])
        #expect(read.movedHashes == journal.movedHashes && read.emptiedFolders == journal.emptiedFolders)
    }

    @Test("a journal whose new bytes are not base64, or are base64 of other bytes (emptied, cut short, a character changed), is not carried out: no note is written empty or wrong, and the problem is said", arguments: [0, 1, 2, 3])
    func damagedBytesRefused(damage: Int) throws {
        try folder.write("pages/Errands.md", "# Errands\n")
        try folder.write("pages/Linker.md", "see [[Errands]]\n")
        let vault = try Vault(root: folder.path)
        let plan = try RenamePlanner(vault: vault).planRename("Errands", to: "Chores")
        _ = try? ChangeExecutor(vault: vault) { name in if name.hasPrefix("edit") { throw Crash() } }.apply(plan, summary: "test")
        let name = try #require(try folder.names(in: ".zennotes/journal").first)
        let path = ".zennotes/journal/" + name
        var text = String(decoding: try folder.read(path), as: UTF8.self)
        let after = try #require(text.range(of: "\"after\": \""))
        let end = try #require(text[after.upperBound...].firstIndex(of: "\""))
        let encoded = String(text[after.upperBound..<end])
        let damaged: String
        switch damage {
        case 0: damaged = "!?*~" + encoded.dropFirst(4)
        case 1: damaged = ""
        case 2: damaged = String(encoded.dropLast(4))
        default: damaged = (encoded.first == "A" ? "B" : "A") + encoded.dropFirst()
        }
        text.replaceSubrange(after.upperBound..<end, with: damaged)
        try folder.write(path, text)
        // Waiting for the lock: tests share one process, and a child another test spawns holds
        // a copy of every descriptor, the lock's too, between its fork and its exec.
        let recovery = vault.recoverInterruptedChanges(waiting: true)
        #expect(recovery.problem != nil)
        #expect(String(decoding: try folder.read("pages/Linker.md"), as: UTF8.self) == "see [[Errands]]\n")
        #expect(String(decoding: try folder.read("pages/Errands.md"), as: UTF8.self) == "# Errands\n")
        for note in try folder.names(in: "pages") { #expect(!(try folder.read("pages/" + note)).isEmpty, "\(note)") }
        #expect(try folder.names(in: ".zennotes/journal") == [name])
    }
}
