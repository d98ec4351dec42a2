import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A rename carries the leading `# heading` to the new title only when that heading is the
/// old file name (DESIGN.md 4): any other heading is the note's own text.
@Suite("The title heading of a renamed note")
struct TitleHeadingTests {
    /// The text of `pages/<stem>.md` holding `text`, after renaming it to "tmpl".
    private func renamed(_ stem: String, _ text: String) throws -> String {
        let folder = TemporaryFolder()
        try folder.write("pages/\(stem).md", text)
        let vault = try Vault(root: folder.path)
        let plan = try RenamePlanner(vault: vault).planRename("pages/\(stem).md", to: "tmpl")
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "test")
        return String(decoding: try folder.read("pages/tmpl.md"), as: UTF8.self)
    }

    @Test(
        "a heading that is the old file name becomes the new title, compared as names are",
        arguments: [
            ("templates", "# templates\n\nbody\n"), ("templates", "# Templates\n\nbody\n"),
            ("Café", "# CAFE\u{301}\n\nbody\n"), ("templates", "---\ntags: [x]\n---\n#   templates  \n\nbody\n"),
        ])
    func carried(stem: String, text: String) throws {
        let expected = text.replacingOccurrences(of: "# templates", with: "# tmpl").replacingOccurrences(of: "# Templates", with: "# tmpl")
            .replacingOccurrences(of: "# CAFE\u{301}", with: "# tmpl").replacingOccurrences(of: "#   templates  ", with: "#   tmpl  ")
        #expect(try renamed(stem, text) == expected)
    }

    @Test(
        "any other heading stays as it was",
        arguments: [
            ("templates", "# Note Templates\n\nbody\n"), ("templates", "## templates\n\nbody\n"),
            ("templates", "# Note Templates\n\n# templates\n"), ("templates", "body first\n"),
            ("my-note", "# my note\n"),
            // A heading below the first block, or in a list, names a section, not the note.
            ("templates", "Intro text.\n\n# templates\n"), ("templates", "- # templates\n"),
        ])
    func leftAlone(stem: String, text: String) throws {
        #expect(try renamed(stem, text) == text)
    }

    @Test("renaming back restores a heading of the note's own")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        try folder.write("pages/templates.md", "# Note Templates\n\nbody\n")
        let vault = try Vault(root: folder.path)
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("pages/templates.md", to: "tmpl"), summary: "there")
        _ = try ChangeExecutor(vault: vault).apply(try RenamePlanner(vault: vault).planRename("pages/tmpl.md", to: "templates"), summary: "back")
        #expect(try folder.read("pages/templates.md") == Array("# Note Templates\n\nbody\n".utf8))
    }
}
