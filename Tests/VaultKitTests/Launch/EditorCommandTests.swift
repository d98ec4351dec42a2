import Testing
@testable import VaultKit

@Suite("The editor and its line")
struct EditorCommandTests {
    @Test("VISUAL, else EDITOR, else vi; a variable set to nothing counts as unset")
    func choice() {
        #expect(EditorCommand(environment: ["VISUAL": "hx", "EDITOR": "nano"]).command == "hx")
        #expect(EditorCommand(environment: ["VISUAL": "", "EDITOR": "nano"]).command == "nano")
        #expect(EditorCommand(environment: ["VISUAL": " "]).command == "vi")
        #expect(EditorCommand(environment: [:]).command == "vi")
    }

    @Test("the convention follows the basename of the first word", arguments: [
        ("/usr/bin/nvim -p", ["+5", "/v/a.md"]), ("vi", ["+5", "/v/a.md"]), ("nano", ["+5", "/v/a.md"]),
        ("emacs -nw", ["+5", "/v/a.md"]), ("kak", ["+5", "/v/a.md"]), ("micro", ["+5", "/v/a.md"]),
        ("hx", ["+5", "/v/a.md"]), ("helix", ["+5", "/v/a.md"]),
        ("code --wait", ["--goto", "/v/a.md:5"]), ("/opt/bin/codium", ["--goto", "/v/a.md:5"]),
        ("subl -w", ["/v/a.md:5"]), ("zed", ["/v/a.md:5"]), ("gedit", ["/v/a.md"]),
    ])
    func convention(command: String, expected: [String]) {
        #expect(EditorCommand(environment: ["EDITOR": command]).arguments(path: "/v/a.md", line: 5) == expected)
    }

    @Test("without a line every editor gets the file alone")
    func noLine() {
        #expect(EditorCommand(environment: ["EDITOR": "code"]).arguments(path: "/v/a.md", line: nil) == ["/v/a.md"])
    }
}
