/// The options every command takes, read by `CLI` before the command runs.
enum GlobalOptions {
    static let vault = Option<String?>(
        "--vault", value: "PATH", help: "the vault folder (default: $VAULT_DIR, else the nearest folder with .zennotes/)")
    static let json = Option<Bool>(flag: "--json", help: "print one JSON document")
    static let color = Option<Color>(
        choice: "--color", value: "WHEN", default: .auto, help: "auto, always or never (a non-empty NO_COLOR turns auto off)")
    static let quiet = Option<Bool>(flag: "--quiet", short: "-q", help: "no warnings")
    static let help = Option<Bool>(flag: "--help", short: "-h", help: "show this help")
    static let noCache = Option<Bool>(flag: "--no-cache", help: "read every note afresh, neither using nor updating the cache")
    /// Taken before any command is named, so only the overview lists it.
    static let version = Option<Bool>(flag: "--version", help: "print the version")

    /// What every command accepts besides its own options, in the order the help lists them.
    static let all: [any DeclaredOption] = [vault, json, color, quiet, noCache, help]

    /// When output is coloured.
    enum Color: String, CaseIterable {
        case auto, always, never
    }
}
