import FoundationEssentials

extension SafeWriter {
    /// Replaces a file `vault` derives from a vault and keeps outside it (the cache of note
    /// facts) all at once: readers see the old file or the new one, never a torn one.
    ///
    /// Not made durable: such a file can always be derived again, and a power cut that leaves
    /// it damaged is caught by the checksum its reader checks. Never for a note.
    public func replaceDerived(_ path: String, with bytes: [UInt8], permissions: UInt32 = 0o600) throws {
        try replaceDerived(path, permissions: permissions) { write in try write(bytes) }
    }

    /// Replaces a derived file as `replaceDerived(_:with:)` does, its bytes handed over piece
    /// by piece by `produce` (through the function it is given), so a large file is never
    /// held whole.
    public func replaceDerived(
        _ path: String, permissions: UInt32 = 0o600, producing produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
    ) throws {
        let temporary = Self.temporaryPath(beside: path, kind: .newFile)
        do {
            let descriptor = try fileSystem.createExclusive(temporary, permissions: permissions)
            do {
                try produce { bytes in try fileSystem.write(descriptor, bytes, path: temporary) }
                try fileSystem.close(descriptor, path: temporary)
            } catch {
                try? fileSystem.close(descriptor, path: temporary)
                throw error
            }
            try fileSystem.rename(temporary, to: path)
        } catch {
            try? fileSystem.removeFile(temporary)
            throw error
        }
    }
}
