import VaultSystem

extension ByteTableBuilder {
    /// The entries, each a length and its bytes, as a file holds them, and how many there
    /// are: what a cache file's table is made of.
    var entries: (bytes: [UInt8], count: Int) {
        let size = size
        var bytes: [UInt8] = []
        copyEntries(length: size.bytes) { bytes += $0 }
        return (bytes, size.count)
    }
}
