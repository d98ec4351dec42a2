import Foundation
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// A rename that changes a note's title heading changes the links to that heading with it:
/// `[[Hub#Hub]]` left as it was would name a heading the note no longer has.
@Suite("Links to a renamed note's title heading")
struct TitleFragmentTests {
    let folder = TemporaryFolder()

    func text(_ path: String) throws -> String { String(decoding: try folder.read(path), as: UTF8.self) }

    @discardableResult
    func rename(_ name: String, to title: String) throws -> RenamePlan {
        let vault = try Vault(root: folder.path)
        let plan = try RenamePlanner(vault: vault).planRename(name, to: title)
        _ = try ChangeExecutor(vault: vault).apply(plan, summary: "rename")
        return plan
    }

    @Test("links that name the title heading follow the new title, in every form; others keep their fragment")
    func followed() throws {
        try folder.write("pages/Hub.md", "# Hub\n\nSee [[#Hub]] and [[#Parts]].\n\n## Parts\n")
        try folder.write(
            "pages/Links.md",
            """
            [[Hub#Hub|h]] and [[Hub#hub]] and ![[Hub#Hub]]
            [[Hub#Parts]] and [[Hub]] and [[Hub#^block]]
            [md](Hub.md#hub) and [enc](Hub.md#Hub) and [angled](<Hub.md#Hub>) and [see][ref]

            [ref]: Hub.md#hub

            """)
        try rename("Hub", to: "Central Place")
        #expect(try text("pages/Central Place.md") == "# Central Place\n\nSee [[#Central Place]] and [[#Parts]].\n\n## Parts\n")
        #expect(
            try text("pages/Links.md") == """
                [[Central Place#Central Place|h]] and [[Central Place#Central Place]] and ![[Central Place#Central Place]]
                [[Central Place#Parts]] and [[Central Place]] and [[Central Place#^block]]
                [md](Central%20Place.md#central-place) and [enc](Central%20Place.md#Central%20Place) and [angled](<Central Place.md#Central Place>) and [see][ref]

                [ref]: Central%20Place.md#central-place

                """)
    }

    @Test("a link whose target and fragment both change counts once")
    func countedOnce() throws {
        try folder.write("pages/Hub.md", "# Hub\n")
        try folder.write("pages/Links.md", "[[Hub#Hub]] and [[Hub]] and [[Hub#hub|x]]\n")
        let plan = try rename("Hub", to: "Center")
        #expect(plan.linkCount == 3)
        #expect(try text("pages/Links.md") == "[[Center#Center]] and [[Center]] and [[Center#Center|x]]\n")
    }

    @Test("a new title holding # is not written into fragments, where # starts a subheading")
    func hashInTitle() throws {
        try folder.write("pages/Hub.md", "# Hub\n")
        try folder.write("pages/Links.md", "[[Hub#Hub]]\n")
        try rename("Hub", to: "C# tips")
        #expect(try text("pages/C- tips.md") == "# C# tips\n")
        #expect(try text("pages/Links.md") == "[[C- tips#Hub]]\n")
    }

    @Test("a heading of the note's own, not its file name, is left as it is, and so are the links to it")
    func ownHeadingKept() throws {
        try folder.write("pages/Hub.md", "# The Hub of Things\n\nbody\n")
        try folder.write("pages/Links.md", "[[Hub#The Hub of Things]]\n")
        try rename("Hub", to: "Center")
        #expect(try text("pages/Center.md") == "# The Hub of Things\n\nbody\n")
        #expect(try text("pages/Links.md") == "[[Center#The Hub of Things]]\n")
    }

    @Test("a fragment naming the old title in a link to another note is left alone")
    func otherNotesLeft() throws {
        try folder.write("pages/Hub.md", "# Hub\n")
        try folder.write("pages/Other.md", "# Other\n\n## Hub\n")
        try folder.write("pages/Links.md", "[[Other#Hub]] and [[Hub#Hub]]\n")
        try rename("Hub", to: "Center")
        #expect(try text("pages/Links.md") == "[[Other#Hub]] and [[Center#Center]]\n")
    }
}
