import FoundationEssentials
import Glibc

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

    /// Writes `bytes` over a small derived file kept outside the vault, in place: for a file
    /// whose reader checks a checksum over it and its exact length, and which one run at a
    /// time writes (under the vault's lock), so that a reader meanwhile, or a kill, leaves at
    /// worst a file that reads as damaged and is derived again.
    ///
    /// No file is made and none freed, as a replacement makes and frees one: on ext4 that
    /// cost a `capture` 0.19 ms for the memo of a folder's names, against 0.01 ms in place.
    /// Not made durable. Never for a note.
    public func overwriteDerived(_ path: String, with bytes: [UInt8], permissions: UInt32 = 0o600) throws {
        let descriptor: Int32
        do {
            descriptor = try fileSystem.openForOverwriting(path, permissions: permissions)
        } catch let error as SystemError where error.code == EMLINK {
            // Another name shares the file: it is replaced, the other name keeping its bytes.
            return try replaceDerived(path, with: bytes, permissions: permissions)
        }
        do {
            try fileSystem.write(descriptor, bytes, path: path)
            try fileSystem.truncate(descriptor, to: bytes.count, path: path)
        } catch {
            try? fileSystem.close(descriptor, path: path)
            throw error
        }
        try fileSystem.close(descriptor, path: path)
    }

    /// Appends `bytes` to a derived file kept outside the vault (a journal of uses), in one
    /// `write` at its end, making the file when missing; its length after.
    ///
    /// Two runs appending at once each land whole (a journal's lines are far shorter than
    /// what one `write` to a local file places at once). Not made durable: a power cut may
    /// cut the last line short, and its reader skips what it cannot read. Never for a note.
    public func appendDerived(_ path: String, _ bytes: [UInt8], permissions: UInt32 = 0o600) throws -> Int64 {
        let descriptor = try fileSystem.openForAppending(path, permissions: permissions)
        do {
            try fileSystem.write(descriptor, bytes, path: path)
        } catch {
            try? fileSystem.close(descriptor, path: path)
            throw error
        }
        try fileSystem.close(descriptor, path: path)
        return (try? fileSystem.status(path))??.size ?? 0
    }
}
