import VaultSystem

/// One link in a note, with the exact bytes it occupies, so a rewrite can replace precisely
/// the target and keep everything else as written (DESIGN.md 4). A reference use's target
/// and `targetRange` are its definition's.
public struct Link: Sendable, Equatable, Codable {
    /// How the link is written.
    ///
    /// The cases' order is the number the cache's records, the check memo and the graph keep
    /// for each form (`number`): a new form goes last.
    public enum Form: String, Sendable, Codable, CaseIterable {
        /// `[[Note]]`, `[[folder/Note#Heading|alias]]`, `![[Note]]`.
        case wikilink
        /// `[text](Note.md)`, `![alt](image.png)`, `[t](<My Note.md>)`.
        case markdown
        /// A quoted `"[[Note]]"` value in frontmatter.
        case frontmatter
        /// A link reference definition, `[label]: Note.md "Title"` (Foam writes one under a
        /// note for each of its wikilinks): the link that `[text][label]`, `[label][]` and
        /// `[label]` use. Its destination is read and rewritten as a markdown link's is.
        case reference
        /// A use of a reference definition, `[text][label]`, `[label][]` or `[label]`: it
        /// leads where its definition does, and is never rewritten itself (the definition is).
        case referenceUse
        /// `#page` or `#[[two words]]` in a Logseq graph: a reference to the page it names;
        /// the target is the name; the target as written, after `#`, holds the brackets.
        case tag
        /// A page name in the `tags::` or `alias::` value of a Logseq page (`tags:: a, b`).
        case property

        /// The number the cache's records, the check memo and the graph keep for the form:
        /// its place among `allCases`.
        public var number: UInt8 {
            switch self {
            case .wikilink: 0
            case .markdown: 1
            case .frontmatter: 2
            case .reference: 3
            case .referenceUse: 4
            case .tag: 5
            case .property: 6
            }
        }

        /// The form whose `number` is `number`; nil for a number no form has (a damaged file).
        public init?(number: UInt8) {
            switch number {
            case 0: self = .wikilink
            case 1: self = .markdown
            case 2: self = .frontmatter
            case 3: self = .reference
            case 4: self = .referenceUse
            case 5: self = .tag
            case 6: self = .property
            default: return nil
            }
        }
    }

    /// True for the forms whose target is a markdown destination (a path, percent-encoded
    /// or in `<>`): markdown links and reference definitions.
    public var hasDestination: Bool { form == .markdown || form == .reference }

    public var form: Form
    /// True for `![[…]]` and `![…](…)`.
    public var isEmbed: Bool
    /// The bytes of the whole link, brackets included (for a reference definition, from its
    /// `[` to the end of its last line).
    public var range: Range<Int>
    /// The bytes of the target as written: the part a rename replaces (without `#…`, `|…`,
    /// and for markdown without `<>` and the title).
    public var targetRange: Range<Int>
    /// The target as written (still percent-encoded in a markdown link).
    public var rawTarget: String
    /// The target to resolve: percent-decoded for markdown links, NFC.
    public var target: String
    /// `#Heading` or `#^block`, as written, when present.
    public var fragment: String?
    /// The text after `|` in a wikilink, or the label of a reference definition or use.
    public var alias: String?
    /// The 1-based line the link starts on.
    public var line: Int
    /// A wikilink inside a table written with `\|` before its alias.
    public var escapedPipe: Bool
    /// A markdown destination written in angle brackets.
    public var angleBrackets: Bool

    /// True for a link to a heading or block of the same note (`[[#Heading]]`, `[t](#part)`).
    public var isSelfLink: Bool { target.isEmpty }
}
