import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A replace stopped at any step leaves a temporary file whose name says which texts it may
/// hold; the next writer removes it only when it holds one of them.
@Suite("Leftovers of a stopped replace")
struct LeftoverVersionsTests {
    let folder = TemporaryFolder()
    let read = "the note as read\n"
    let written = "the note as read\nand vault's line\n"

    /// A vault with `pages/Note.md` holding `target` and a leftover beside it holding `bytes`.
    private func leftover(holding bytes: String, mode: mode_t, target: String) throws -> (Vault, String) {
        try folder.write(".zennotes/vault.json", "{}\n")
        try folder.write("pages/Note.md", target)
        let versions = SafeWriter.Versions(read: ContentHash.of(Array(read.utf8)), written: ContentHash.of(Array(written.utf8)))
        let name = SafeWriter.temporaryName(for: "Note.md", kind: .replacement, versions: versions)
        let path = try folder.write("pages/" + name, bytes)
        chmod(path, mode)
        return (try Vault(root: folder.path), "pages/" + name)
    }

    @Test("a name holds the two versions and reads back")
    func namesReadBack() {
        let versions = SafeWriter.Versions(read: 0x12, written: 0xfedc_ba98_7654_3210)
        let name = SafeWriter.temporaryName(for: "My note.md", kind: .replacement, versions: versions)
        let parsed = SafeWriter.parseTemporaryName(name)
        #expect(parsed?.name == "My note.md" && parsed?.kind == .replacement && parsed?.versions == versions)
        #expect(SafeWriter.parseTemporaryName(".~My note.md.abc123.tmp")?.versions == nil)
        #expect(SafeWriter.parseTemporaryName(".~My note.md.abc123.new.tmp")?.kind == .newFile)
    }

    @Test("the note as read, swapped out, and the new text never swapped in are removed")
    func knownVersionsGo() throws {
        for (text, target) in [(read, written), (written, read)] {
            let (vault, path) = try leftover(holding: text, mode: 0o644, target: target)
            #expect(LeftoverFile.classify(path, in: vault)?.state == .abandonedReplacement)
            #expect(vault.removeLeftoverFiles(vault.leftoverFiles(try vault.scan(detail: .paths))).map(\.path) == [path])
        }
    }

    @Test("a new text cut short by a kill is removed: it has no permissions yet")
    func tornReplacementGoes() throws {
        let (vault, path) = try leftover(holding: "the note as r", mode: 0, target: read)
        #expect(LeftoverFile.classify(path, in: vault)?.isDisposable == true)
    }

    @Test("a file named as a replacement but without its versions, holding text in no note, is kept as a conflict copy")
    func unknownTextIsKept() throws {
        try folder.write(".zennotes/vault.json", "{}\n")
        try folder.write("pages/Note.md", "# Note\n")
        try folder.write("pages/.~Note.md.old.tmp", "unsaved words\n")
        let vault = try Vault(root: folder.path)
        #expect(LeftoverFile.classify("pages/.~Note.md.old.tmp", in: vault)?.state == .unknownText)
        #expect(vault.removeLeftoverFiles(vault.leftoverFiles(try vault.scan(detail: .paths))).isEmpty)
        let findings = try VaultDoctor(vault: vault).examine().filter { $0.path == "pages/.~Note.md.old.tmp" }
        #expect(findings.first?.message.contains("nothing says it is saved anywhere else") == true)
        let report = try VaultDoctor(vault: vault).fix()
        let copy = try #require(try folder.names(in: "pages").first { $0.contains("(vault conflict ") })
        #expect(try folder.read("pages/" + copy) == Array("unsaved words\n".utf8))
        #expect(report.done.contains { $0.contains("a file whose text is in no note") })
        #expect(try !folder.names(in: "pages").contains(".~Note.md.old.tmp"))
    }

    @Test("a swapped-out note another program wrote into is kept, and doctor --fix makes it a conflict copy")
    func otherTextIsKept() throws {
        let (vault, path) = try leftover(holding: "an editor's save\n", mode: 0o644, target: written)
        #expect(LeftoverFile.classify(path, in: vault)?.state == .setAside)
        #expect(vault.removeLeftoverFiles(vault.leftoverFiles(try vault.scan(detail: .paths))).isEmpty)
        let report = try VaultDoctor(vault: vault).fix()
        let copy = try #require(try folder.names(in: "pages").first { $0.contains("(vault conflict ") })
        #expect(try folder.read("pages/" + copy) == Array("an editor's save\n".utf8))
        #expect(report.done.contains { $0.contains(copy) })
        #expect(try folder.names(in: "pages").filter(SafeWriter.isTemporaryName).isEmpty)
    }
}
