import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

@Suite("The vault layout")
struct VaultLayoutTests {
    private func layout(_ pairs: [(String, String)]) throws -> VaultLayout {
        try VaultLayout(systemFolderPaths: pairs.map { (key: $0.0, value: JSONValue.string($0.1)) })
    }

    private func reason(_ pairs: [(String, String)]) -> String? {
        do {
            _ = try layout(pairs)
            return nil
        } catch let VaultError.invalidSystemFolder(_, _, reason) {
            return reason
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("remaps move system folders and kinds follow them")
    func remaps() throws {
        let remapped = try layout([("inbox", "00 Inbox"), ("journals", "Daily")])
        #expect(remapped.folder(for: .inbox) == "00 Inbox")
        #expect(remapped.folder(for: .page) == "pages")
        #expect(remapped.kind(of: "00 Inbox/x.md") == .inbox)
        #expect(remapped.kind(of: "Daily/2026-11-30.md") == .journal)
        #expect(remapped.kind(of: "inbox/x.md") == .other)
        #expect(remapped.isRemapped)
    }

    @Test("each kind's slot is its place among all kinds, which orders them")
    func slots() {
        #expect(FolderKind.allCases.map(\.slot) == Array(FolderKind.allCases.indices))
        #expect(FolderKind.allCases.sorted() == FolderKind.allCases)
        #expect(FolderKind.journal < FolderKind.other && !(FolderKind.trash < FolderKind.inbox))
    }

    @Test("the standard layout has each kind at its default folder and no folder for other notes")
    func standard() throws {
        let standard = VaultLayout.standard
        for kind in FolderKind.allCases { #expect(standard.folder(for: kind) == kind.settingsKey) }
        #expect(!standard.isRemapped)
        #expect(try layout([]) == standard)
        #expect(try layout([("quick", "Fleeting")]) != standard)
        #expect(try layout([("quick", "Fleeting")]).moving(.quick, to: "quick") == standard)
        #expect(standard.kind(of: "Quick/x.md") == .quick)
        #expect(standard.kind(of: "x.md") == .other)
    }

    @Test("a folder's own default name is allowed")
    func ownDefault() throws {
        #expect(try !layout([("inbox", "inbox")]).isRemapped)
    }

    @Test(
        "each bad value is refused with a reason",
        arguments: [
            ("", "the folder name is empty"),
            ("a/b", "it must be one top-level folder, without / or \\"),
            ("a\\b", "it must be one top-level folder, without / or \\"),
            (".hidden", "a folder name starting with . is hidden and not synced by some tools"),
            ("What?", "the character ? is not allowed"),
            ("tag#", "the character # is not allowed"),
            ("[x]", "the character [ is not allowed"),
            ("assets", "assets is reserved"),
            ("_assets", "_assets is reserved"),
            ("pages", "\"pages\" is the default folder of pages"),
            ("Trash", "\"trash\" is the default folder of trash"),
            (String(repeating: "x", count: 129), "a folder name has at most 128 characters"),
        ])
    func badValues(value: String, expected: String) {
        #expect(reason([("inbox", value)]) == expected)
    }

    @Test("two kinds may not share a folder, whatever the case")
    func unique() {
        #expect(reason([("inbox", "Stuff"), ("quick", "stuff")]) == "inbox already uses this folder")
    }

    @Test("a remapped folder may not take the default name of a folder left at its default")
    func defaultTaken() {
        #expect(reason([("inbox", "quick")]) == "\"quick\" is the default folder of quick")
    }

    @Test("a value that is not a string names its key")
    func notAString() {
        #expect(throws: VaultError.invalidSystemFolder(key: "trash", value: "3", reason: "the value must be a folder name in quotes")) {
            try VaultLayout(systemFolderPaths: [(key: "trash", value: .number("3"))])
        }
    }

    @Test("a case-insensitive disk's folder name still gives the kind")
    func caseInsensitiveKind() {
        #expect(VaultLayout.standard.kind(of: "Journals/2026-11-30.md") == .journal)
    }
}

@Suite("Vault settings")
struct VaultSettingsTests {
    @Test("unknown keys and key order survive a rewrite, with 2-space indent and a final newline")
    func roundTrip() throws {
        let original = "{\n  \"zeta\": {\"keep\": [1, true, null]},\n  \"id\": \"abc\",\n  \"note\": \"caf\\u00e9 \\\"q\\\"\"\n}\n"
        var settings = try VaultSettings(bytes: Array(original.utf8), path: "vault.json")
        #expect(settings.id == "abc")
        settings.set("favorites", .array([.string("pages/A.md")]))
        let text = String(decoding: settings.encoded(), as: UTF8.self)
        #expect(
            text == """
                {
                  "zeta": {
                    "keep": [
                      1,
                      true,
                      null
                    ]
                  },
                  "id": "abc",
                  "note": "café \\"q\\"",
                  "favorites": [
                    "pages/A.md"
                  ]
                }

                """)
        #expect(try VaultSettings(bytes: settings.encoded(), path: "vault.json") == settings)
    }

    @Test("the demo vault's settings keep their unknown key")
    func demoSettings() throws {
        let vault = try Vault(root: Fixtures.path("demo"))
        #expect(vault.settings?.id == "6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10")
        #expect(vault.settings?.document["someFutureKey"] == .object([("keep", .bool(true))]))
    }

    @Test("text that is not JSON is an error that says where")
    func notJSON() {
        #expect(throws: VaultError.settingsNotJSON(path: "vault.json", reason: "expected a key at byte 2")) {
            try VaultSettings(bytes: Array("{ id: 1 }".utf8), path: "vault.json")
        }
        #expect(throws: VaultError.settingsNotJSON(path: "vault.json", reason: "the top level is not an object")) {
            try VaultSettings(bytes: Array("[1]".utf8), path: "vault.json")
        }
    }

    @Test("settings another program is saving in place, empty and held open for a moment, are waited for; settings left empty are an error")
    func settingsBeingSaved() throws {
        let folder = TemporaryFolder()
        try folder.write(".zennotes/vault.json", "{\"id\": \"before\"}\n")
        let path = folder.path + "/.zennotes/vault.json"
        // Emptied and held open for writing, as an editor saving in place holds it.
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        #expect(descriptor >= 0)
        let saver = Thread {
            usleep(300_000)
            let bytes = Array("{\"id\": \"after\"}\n".utf8)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        saver.start()
        #expect(try Vault(root: folder.path).settings?.id == "after")
        // Settings that parse are used at once, though another program holds the file open.
        let holder = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        defer { close(holder) }
        let started = Date()
        #expect(try Vault(root: folder.path).settings?.id == "after")
        #expect(Date().timeIntervalSince(started) < 0.5)
        // Left empty: broken, once a second has shown it stays so.
        try folder.write(".zennotes/vault.json", "")
        #expect(throws: VaultError.settingsNotJSON(path: ".zennotes/vault.json", reason: "the file is empty")) { try Vault(root: folder.path) }
    }

    @Test("a bad systemFolderPaths value stops the vault from opening")
    func badLayout() throws {
        let folder = TemporaryFolder()
        try folder.write(".zennotes/vault.json", "{\"systemFolderPaths\": {\"trash\": \"a/b\"}}\n")
        #expect(throws: VaultError.invalidSystemFolder(key: "trash", value: "\"a/b\"", reason: "it must be one top-level folder, without / or \\")) {
            try Vault(root: folder.path)
        }
    }
}

@Suite("Updating vault settings")
struct SettingsUpdateTests {
    @Test("an update keeps unknown keys and their order, and writes through the safe writer")
    func keepsUnknownKeys() throws {
        let folder = TemporaryFolder()
        let vaultPath = try folder.copy(fixture: "demo")
        let vault = try Vault(root: vaultPath)
        try vault.updateSettings { $0.set("favorites", .array([.string("pages/Errands.md")])) }
        let text = String(decoding: try folder.read("demo/.zennotes/vault.json"), as: UTF8.self)
        #expect(
            text == """
                {
                  "id": "6f1c2a4e-0d7b-4c1e-9a55-3b8e2f7d9c10",
                  "dailyNotes": {
                    "folder": "journals"
                  },
                  "favorites": [
                    "pages/Errands.md"
                  ],
                  "someFutureKey": {
                    "keep": true
                  }
                }

                """)
        #expect(try folder.names(in: "demo/.zennotes").filter { SafeWriter.isTemporaryName($0) }.isEmpty)
    }

    @Test("an update that changes nothing does not write the file")
    func noChangeNoWrite() throws {
        let folder = TemporaryFolder()
        let vaultPath = try folder.copy(fixture: "demo")
        let before = try LocalFileSystem().status(vaultPath + "/.zennotes/vault.json")
        try Vault(root: vaultPath).updateSettings { _ in }
        #expect(try LocalFileSystem().status(vaultPath + "/.zennotes/vault.json") == before)
    }

    @Test("a vault without settings gets a vault.json with an id")
    func createsSettings() throws {
        let folder = TemporaryFolder()
        try folder.write("note.md", "x")
        let settings = try Vault(root: folder.path).updateSettings { $0.set("dailyNotes", .object([])) }
        #expect(settings.id != nil)
        #expect(try Vault(root: folder.path).settings == settings)
    }
}
