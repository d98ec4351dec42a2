import Foundation
import Testing

@testable import VaultCLI

/// The manual page, read as groff and man read it.
@Suite("Manual page")
struct ManPageTests {
    @Test("the page has a section for every command and names every option each declares")
    func everyCommandAndOption() {
        let page = ManPage.page()
        for command in CLI.commands {
            #expect(page.contains(".SS \"vault \(ManPage.escape(command.name))"), "no section for \(command.name)")
            for spec in (command.options + GlobalOptions.all).map(\.spec) {
                #expect(page.contains("\\fB\(ManPage.escape(spec.name))\\fR"), "\(command.name): \(spec.name) missing")
            }
        }
        #expect(page.hasPrefix(".TH VAULT 1 "))
        #expect(page.contains(".SH EXIT STATUS"))
    }

    @Test("text is escaped: backslashes, dashes, characters past ASCII, and a line that starts with a dot")
    func escaping() {
        #expect(ManPage.escape("a\\b") == "a\\eb")
        #expect(ManPage.escape("--folder") == "\\-\\-folder")
        #expect(ManPage.escape("journals, …") == "journals, \\[u2026]")
        #expect(ManPage.escape(".zennotes/") == "\\&.zennotes/")
        #expect(ManPage.escape("'quoted'") == "\\&'quoted'")
    }

    @Test("groff renders the page without a warning, and man shows every command")
    func rendersWithoutWarnings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
            Issue.record("groff is not installed: `make deps` installs Debian's groff-base")
            return
        }
        let sandbox = try Sandbox(fixture: "demo")
        let lint = try sandbox.run("vault man > vault.1 && groff -man -Tutf8 -ww -z vault.1")
        #expect(lint.status == 0)
        #expect(lint.errors == "")
        let shown = try sandbox.run("MANWIDTH=100 man -l vault.1 | col -b")
        #expect(shown.status == 0, "\(shown.errors)")
        for command in CLI.commands {
            #expect(shown.output.contains("vault \(command.name)"), "man does not show \(command.name)")
        }
        #expect(shown.output.contains("--no-cache"))
    }
}
