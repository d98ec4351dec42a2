import Testing
@testable import VaultSystem

/// Values written aside go into the side table with every value within them, and read back
/// from it whether or not the main table is at hand.
@Suite("Values written aside")
struct SideTableTests {
    /// A body of one value aside (a shape holding a string of its own), one shared value
    /// holding a string, and one shared string.
    static func write(_ writer: inout ByteWriter) {
        writer.sharedAside { shape in
            shape.int(7)
            shape.sharedString("[[Target]]")
        }
        writer.shared { shape in shape.sharedString("A heading") }
        writer.sharedString("tag")
    }

    static func readAside(_ reader: inout ByteReader) throws(ByteReader.Malformed) -> (Int, String) {
        try reader.sharedAside { shape throws(ByteReader.Malformed) in (try shape.int(), try shape.sharedString()) }
    }

    @Test("a value written aside and the strings within it go into the side table, the others into the main one")
    func splitsByTable() throws {
        let main = ByteTableBuilder(), side = ByteTableBuilder()
        var writer = ByteWriter(table: main, sideTable: side)
        Self.write(&writer)
        #expect(side.size.count == 2)
        #expect(main.size.count == 3)
        let bytes = writer.bytes
        try main.withTable { main in
            try side.withTable { side in
                try bytes.withUnsafeBufferPointer { buffer in
                    var reader = ByteReader(buffer, table: main, sideTable: side)
                    let (number, target) = try Self.readAside(&reader)
                    let heading = try reader.shared { shape throws(ByteReader.Malformed) in try shape.sharedString() }
                    let tag = try reader.sharedString()
                    #expect(number == 7 && target == "[[Target]]" && heading == "A heading" && tag == "tag")
                    #expect(reader.isAtEnd)
                    // With an empty table in the main one's place, the value aside still reads,
                    // and a reference into the main table is refused, never misread.
                    let empty: [UInt8] = [], none: [UInt32] = []
                    try empty.withUnsafeBufferPointer { emptyBytes in
                        try none.withUnsafeBufferPointer { emptyStarts in
                            var linksOnly = ByteReader(buffer, table: ByteTable(bytes: emptyBytes, starts: emptyStarts), sideTable: side)
                            let target = try Self.readAside(&linksOnly).1
                            #expect(target == "[[Target]]")
                            #expect(throws: ByteReader.Malformed.self) { try linksOnly.sharedString() }
                        }
                    }
                }
            }
        }
    }

    @Test("without a side table, values written aside go where the others do and read back so")
    func withoutSideTable() throws {
        let main = ByteTableBuilder()
        var writer = ByteWriter(table: main)
        Self.write(&writer)
        #expect(main.size.count == 5)
        var inPlace = ByteWriter()
        Self.write(&inPlace)
        let (tabled, placed) = (writer.bytes, inPlace.bytes)
        try main.withTable { main in
            try tabled.withUnsafeBufferPointer { buffer in
                var reader = ByteReader(buffer, table: main)
                let target = try Self.readAside(&reader).1
                #expect(target == "[[Target]]")
            }
        }
        try placed.withUnsafeBufferPointer { buffer in
            var reader = ByteReader(buffer)
            let (number, target) = try Self.readAside(&reader)
            let heading = try reader.shared { shape throws(ByteReader.Malformed) in try shape.sharedString() }
            let tag = try reader.sharedString()
            #expect(number == 7 && target == "[[Target]]" && heading == "A heading" && tag == "tag")
        }
    }
}
