import VaultMarkdown

extension RenamePlanner {
    /// What a link's resolution and rewrite depend on: its form and its target as written.
    struct Spelling: Hashable {
        var form: Link.Form
        var angleBrackets: Bool
        var target: String

        init(_ link: Link) {
            form = link.form
            angleBrackets = link.angleBrackets
            target = link.rawTarget
        }
    }
}
