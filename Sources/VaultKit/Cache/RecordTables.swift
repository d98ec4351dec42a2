import VaultSystem

/// The values one run's fresh records share, as the next cache file appends them to its
/// tables: link shapes in the side table, every other value in the main one (see
/// `CacheFileFormat`). One value per run: a record is kept only while the tables it was
/// encoded against are still this run's (`FactsCache.store`).
final class RecordTables: Sendable {
    let main = ByteTableBuilder()
    let side = ByteTableBuilder()

    /// A writer of a record's body, whose shared values go into these tables.
    func writer() -> ByteWriter { ByteWriter(table: main, sideTable: side) }

    /// How many entries each table holds, and in how many bytes.
    var sizes: CacheFileFormat.TableSizes {
        let (main, side) = (self.main.size, self.side.size)
        return CacheFileFormat.TableSizes(tableCount: main.count, tableLength: main.bytes, sideCount: side.count, sideLength: side.bytes)
    }

    /// Lets go of what finds an entry by its value, in both tables (see `ByteTableBuilder.dropLookups()`).
    func dropLookups() {
        main.dropLookups()
        side.dropLookups()
    }

    /// Calls `body` with views of both tables as they are now.
    func withTables<Result>(_ body: (ByteTable, ByteTable) throws -> Result) rethrows -> Result {
        try main.withTable { main in try side.withTable { side in try body(main, side) } }
    }
}
