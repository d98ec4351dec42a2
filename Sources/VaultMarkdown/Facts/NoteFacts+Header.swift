import VaultSystem

extension NoteFacts {
    /// Reads the frontmatter (or Logseq properties) and the title heading.
    mutating func readHeader(_ structure: NoteStructure) {
        var title: String?
        if let block = structure.frontmatter {
            let frontmatter = Frontmatter(reading: structure.bytes, block: block)
            hasFrontmatter = true
            frontmatterIssues = frontmatter.issues
            verbatimKeys = frontmatter.entries.compactMap {
                if case .verbatim = $0.value { return $0.key }
                return nil
            }
            if case .string(let text) = frontmatter["title"] { title = text.trimmed() }
            aliases = frontmatter.strings(for: ["aliases", "alias"])
            tags = frontmatter.strings(for: ["tags", "tag"], splitOnSpaces: true).map {
                $0.hasPrefix("#") ? String($0.dropFirst()) : $0
            }
        } else if let properties = structure.properties {
            title = properties["title"]
            aliases = properties.names("alias")
            tags = properties.names("tags")
        }
        if let title, !title.isEmpty {
            self.title = title
        } else if let heading = structure.titleHeading() {
            self.title = heading.text
        }
    }
}

extension Frontmatter.Issue: Codable {
    enum CodingKeys: String, CodingKey { case line, message }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), message: try container.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(message, forKey: .message)
    }
}
