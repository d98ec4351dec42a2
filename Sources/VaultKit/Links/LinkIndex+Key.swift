import VaultSystem

extension LinkIndex {
    /// A checksum of everything an index of these files resolves links by: two indexes made
    /// of inputs with the same key resolve every link alike. What is worked out from
    /// resolutions (`CheckMemo`) is kept under it, and is of no use under another.
    ///
    /// It reads what `init(notes:assets:layout:pages:)` reads, in order, and must be changed
    /// with it.
    static func key(notes: some Collection<String>, assets: [String], layout: VaultLayout, pages: LogseqPages?) -> UInt64 {
        var writer = ByteWriter(capacity: (notes.count + assets.count) * 48)
        writer.unsigned(UInt64(notes.count))
        for path in notes { writer.string(path) }
        writer.unsigned(UInt64(assets.count))
        for path in assets { writer.string(path) }
        for kind in VaultLayout.systemKinds { writer.optionalString(layout.folder(for: kind)) }
        writer.bool(pages != nil)
        if let pages {
            let config = pages.config
            writer.strings([
                config.fileNameFormat.rawValue, config.journalTitle.pattern, config.journalFileName.pattern,
                config.pagesFolder, config.journalsFolder,
            ])
            // In the order of their paths: a dictionary's own order differs from run to run.
            let headers = pages.headers.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            writer.unsigned(UInt64(headers.count))
            for (path, header) in headers {
                writer.string(path)
                writer.optionalString(header.title)
                writer.strings(header.aliases)
            }
        }
        return Checksum64.of(writer.take())
    }
}
