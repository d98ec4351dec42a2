import VaultKit
import VaultMarkdown
import VaultSystem

/// `vault show NOTE`: a note's text, or its metadata.
enum ShowCommand: Command {
    static let name = "show"
    static let summary = "print a note's text (or, with --json, its metadata)"
    static let usage = "NOTE"
    static let discussion = """
        NOTE is a path (pages/Idea.md), a path without .md, a title, a file name or an alias.
        The text is printed byte for byte as it is stored.
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let name = try arguments.required("NOTE")
        try arguments.finish()
        let vault = try context.vault()
        let note = try context.note(named: name, in: vault)
        context.recordUse(notes: [note.path])
        if context.json {
            var details = NoteDetails(note: note, frontmatter: [:])
            if note.availability == .available {
                let (full, bytes) = try vault.fullNote(note)
                details = NoteDetails(note: full, frontmatter: [:])
                if note.isUTF8, let frontmatter = Frontmatter.locate(in: bytes, from: ByteOrderMark.length(of: bytes)) {
                    for entry in frontmatter.entries { details.frontmatter[entry.key] = FrontmatterJSON(entry.value) }
                }
            }
            try context.emit(details)
        } else {
            context.raw(try vault.contents(of: note))
        }
        return 0
    }
}

/// A note's metadata with its frontmatter, for `show --json`.
struct NoteDetails: Encodable {
    let note: Note
    var frontmatter: [String: FrontmatterJSON]

    func encode(to encoder: any Encoder) throws {
        try note.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(frontmatter, forKey: Key(stringValue: "frontmatter"))
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A frontmatter value in JSON: null, a string, a list of strings, or verbatim text.
enum FrontmatterJSON: Encodable {
    case value(Frontmatter.Value)

    init(_ value: Frontmatter.Value) { self = .value(value) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard case .value(let value) = self else { return }
        switch value {
        case .null: try container.encodeNil()
        case .string(let text): try container.encode(text)
        case .list(let items): try container.encode(items)
        case .verbatim(let text): try container.encode(["verbatim": text])
        }
    }
}
