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
    /// - Throws: `VaultError.invalidTag` (exit 2) when either is not one tag as the tag
    ///   grammar reads it (empty, spaces, only digits, a trailing `/`), or both are the same.
    public init(_ old: String, to new: String) throws {
        let old = Self.bare(old)
        let new = Self.bare(new)
        for (name, given) in [(old, "OLD"), (new, "NEW")] where !TagScanner.isPlainTag(name) {
            throw VaultError.invalidTag(tag: name, reason: Self.whyNotATag(name, given: given))
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

    private static func bare(_ name: String) -> String { name.hasPrefix("#") ? String(name.dropFirst()) : name }

    private static func whyNotATag(_ name: String, given: String) -> String {
        if name.isEmpty { return "give \(given) as a word, with or without #" }
        if name.contains(where: \.isWhitespace) { return "a tag holds no spaces" }
        if name.allSatisfy(\.isASCII) && name.allSatisfy(\.isNumber) { return "a tag of only digits is read as a number, not a tag" }
        if name.hasSuffix("/") { return "a tag does not end in /" }
        return "a tag is letters, digits, _ - and /"
    }
}
