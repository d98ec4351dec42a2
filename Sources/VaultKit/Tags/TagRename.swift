import VaultMarkdown

/// A tag and the name it takes: which names it covers (itself and the tags nested under it,
/// compared as `vault tags` counts them) and what each becomes.
public struct TagRename: Sendable, Equatable {
    /// The tag renamed, as given, without `#`.
    public let old: String
    /// The new name, spelled as given, without `#`.
    public let new: String
    private let oldKey: String

    /// A rename of `old` to `new`; a leading `#` on either is dropped.
    ///
    /// - Parameter pageNames: true in a Logseq graph, where a tag names a page and may be
    ///   words with spaces, written `#[[two words]]`.
    /// - Throws: `VaultError.invalidTag` (exit 2) when either is not one tag as the tag
    ///   grammar reads it (empty, spaces, only digits, a trailing `/`), or both are the same.
    public init(_ old: String, to new: String, pageNames: Bool = false) throws {
        let old = Self.bare(old)
        let new = Self.bare(new)
        for (name, given) in [(old, "OLD"), (new, "NEW")] where !Self.isTag(name, pageNames: pageNames) {
            throw VaultError.invalidTag(tag: name, reason: Self.whyNotATag(name, given: given, pageNames: pageNames))
        }
        guard old != new else { throw VaultError.invalidTag(tag: new, reason: "it is the tag renamed") }
        self.old = old
        self.new = new
        oldKey = Naming.collisionKey(old)
    }

    /// The name `tag` takes: `new` for the old tag in any case, `new/child` for `old/child`;
    /// nil for any other tag (`#older` is not `#old`).
    public func renamed(_ tag: String) -> String? {
        if Naming.collisionKey(tag) == oldKey { return new }
        var index = tag.startIndex
        while let slash = tag[index...].firstIndex(of: "/") {
            if Naming.collisionKey(String(tag[..<slash])) == oldKey { return new + tag[slash...] }
            index = tag.index(after: slash)
        }
        return nil
    }

    /// True when the new name is the old tag spelled another way (another case, or NFC).
    public var respells: Bool { Naming.collisionKey(new) == oldKey }

    /// True when `tag` is the new tag (in any case).
    public func isNew(_ tag: String) -> Bool { Naming.collisionKey(tag) == Naming.collisionKey(new) }

    /// True when `name` must be written `#[[name]]` to be read as one tag (it holds a space).
    public static func needsBrackets(_ name: String) -> Bool { !TagScanner.isPlainTag(name) }

    /// The tag `name` as a note writes it: `#name`, or `#[[two words]]` for a Logseq tag of words.
    public static func written(_ name: String) -> String { needsBrackets(name) ? "#[[" + name + "]]" : "#" + name }

    /// `#[[name]]` and `[[name]]` given for a tag are its name.
    private static func bare(_ name: String) -> String {
        var name = name.hasPrefix("#") ? String(name.dropFirst()) : name
        if name.hasPrefix("[["), name.hasSuffix("]]"), name.count >= 4 { name = String(name.dropFirst(2).dropLast(2)) }
        return name
    }

    private static func isTag(_ name: String, pageNames: Bool) -> Bool {
        TagScanner.isPlainTag(name) || pageNames && TagScanner.isBracketedTag(name)
    }

    private static func whyNotATag(_ name: String, given: String, pageNames: Bool) -> String {
        if name.isEmpty { return "give \(given) as a word, with or without #" }
        if pageNames && (name.contains("[") || name.contains("]")) { return "a tag's name holds no [ or ]" }
        if pageNames && name.contains(where: \.isWhitespace) { return "a tag's name holds no line break and neither starts nor ends with a space" }
        if name.contains(where: \.isWhitespace) { return "a tag holds no spaces" }
        if name.allSatisfy(\.isASCII) && name.allSatisfy(\.isNumber) { return "a tag of only digits is read as a number, not a tag" }
        if name.hasSuffix("/") { return "a tag does not end in /" }
        return "a tag is letters, digits, _ - and /"
    }
}
