/// Quoting for the peer pipelines, which run through `/bin/sh -c`.
enum Shell {
    /// `text` as one single-quoted shell word.
    static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// `text` as a literal in a sed basic regular expression with `/` as delimiter.
    static func sedPattern(_ text: String) -> String {
        escaping(text, "\\.*[]^$/")
    }

    /// `text` as a literal in a sed replacement with `/` as delimiter.
    static func sedReplacement(_ text: String) -> String {
        escaping(text, "\\&/")
    }

    private static func escaping(_ text: String, _ specials: String) -> String {
        var result = ""
        for character in text {
            if specials.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
