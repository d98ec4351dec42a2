import Foundation
import Glibc
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The real file system with faults injected at chosen steps, for fault tests.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    /// A step of the safe-write recipe that can be made to fail.
    enum Step: Hashable {
        case create, write, setPermissions, synchronize, close, rename, link, synchronizeDirectory, readFile, entries, remove
        case exchange, hasWriters, status
        /// A read of a part of an open file (`pread`).
        case readAt
    }

    private let base = LocalFileSystem()
    private let lock = NSLock()
    private var failures: [Step: Int32] = [:]
    /// Failures of a step on one path only (an unreadable folder among readable ones).
    private var pathFailures: [Step: [String: Int32]] = [:]
    /// Runs when a step starts, to change a file under the writer's feet.
    var actions: [Step: () -> Void] = [:]
    /// Runs when any step starts, with its place in the sequence of calls (from 0).
    var onCall: ((Int, Step) -> Void)?
    private(set) var calls: [Step] = []
    /// False to act as a file system that cannot say whether a file is open for writing.
    var leases = true

    func fail(_ step: Step, with code: Int32) {
        lock.withLock { failures[step] = code }
    }

    func fail(_ step: Step, with code: Int32, at path: String) {
        lock.withLock { pathFailures[step, default: [:]][path] = code }
    }

    private func check(_ step: Step, _ path: String) throws {
        let (code, index): (Int32?, Int) = lock.withLock {
            calls.append(step)
            return (failures[step] ?? pathFailures[step]?[path], calls.count - 1)
        }
        if let onCall = lock.withLock({ self.onCall }) { onCall(index, step) }
        if let action = lock.withLock({ actions[step] }) { action() }
        if let code { throw SystemError(code: code, operation: "\(step)", path: path) }
    }

    /// Runs when a file is read, with its path (to hold one read back).
    var onRead: (@Sendable (String) -> Void)?

    func readFile(_ path: String) throws -> [UInt8] {
        try check(.readFile, path)
        if let onRead = lock.withLock({ self.onRead }) { onRead(path) }
        return try base.readFile(path)
    }
    /// Status-change times to report instead of the real ones, by absolute path: the kernel
    /// sets them, so a test cannot make a file old any other way.
    var changeTimes: [String: Int64] = [:]
    /// Modification times to report instead of the real ones, by absolute path.
    var modifyTimes: [String: Int64] = [:]
    /// True to act as a disk of this machine's own, whose times this machine's clock stamps.
    var localClock = false

    func stampsWithThisClock(_ path: String) -> Bool { localClock }
    func foldersChangeWithTheirNames(_ path: String) -> Bool { localClock && foldersFollowNames }
    /// False to act as an overlay, whose folders' times may not show a name added below.
    var foldersFollowNames = true

    /// The real file system acting as a disk of this machine's own, whose folders' listings
    /// the cache keeps (see `FolderListingMemo`).
    static func localDisk() -> FaultyFileSystem {
        let disk = FaultyFileSystem()
        disk.localClock = true
        return disk
    }

    /// The paths whose status was asked, in order.
    var statusPaths: [String] { lock.withLock { askedStatuses } }
    private var askedStatuses: [String] = []

    func status(_ path: String) throws -> FileStatus? {
        lock.withLock { askedStatuses.append(path) }
        try check(.status, path)
        guard var status = try base.status(path) else { return nil }
        if let changed = lock.withLock({ changeTimes[path] }) { status.changedNanoseconds = changed }
        if let modified = lock.withLock({ modifyTimes[path] }) { status.modifiedNanoseconds = modified }
        return status
    }
    func linkStatus(_ path: String) throws -> FileStatus? { try base.linkStatus(path) }
    /// The folders listed, in order.
    var listedFolders: [String] { lock.withLock { listed } }
    private var listed: [String] = []

    func entries(_ path: String) throws -> [DirectoryEntry] {
        lock.withLock { listed.append(path) }
        try check(.entries, path)
        return try base.entries(path)
    }
    func createExclusive(_ path: String, permissions: UInt32) throws -> Int32 {
        try check(.create, path)
        return try base.createExclusive(path, permissions: permissions)
    }
    func openForAppending(_ path: String, permissions: UInt32) throws -> Int32 {
        try check(.create, path)
        return try base.openForAppending(path, permissions: permissions)
    }
    func openForOverwriting(_ path: String, permissions: UInt32) throws -> Int32 {
        try check(.create, path)
        return try base.openForOverwriting(path, permissions: permissions)
    }
    func truncate(_ descriptor: Int32, to length: Int, path: String) throws {
        try check(.write, path)
        try base.truncate(descriptor, to: length, path: path)
    }
    func write(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws {
        // A full disk takes part of the data before it refuses the rest.
        if lock.withLock({ failures[.write] }) != nil {
            try base.write(descriptor, Array(bytes.prefix(bytes.count / 2)), path: path)
        }
        try check(.write, path)
        try base.write(descriptor, bytes, path: path)
    }
    func setPermissions(_ descriptor: Int32, _ permissions: UInt32, path: String) throws {
        try check(.setPermissions, path)
        try base.setPermissions(descriptor, permissions, path: path)
    }
    func synchronize(_ descriptor: Int32, path: String) throws {
        try check(.synchronize, path)
        try base.synchronize(descriptor, path: path)
    }
    func close(_ descriptor: Int32, path: String) throws {
        try check(.close, path)
        try base.close(descriptor, path: path)
    }
    func rename(_ source: String, to destination: String) throws {
        try check(.rename, source)
        try base.rename(source, to: destination)
    }
    func link(_ source: String, to destination: String) throws {
        try check(.link, destination)
        try base.link(source, to: destination)
    }
    func removeFile(_ path: String) throws {
        try check(.remove, path)
        try base.removeFile(path)
    }
    func synchronizeDirectory(_ path: String) throws {
        try check(.synchronizeDirectory, path)
        try base.synchronizeDirectory(path)
    }
    func createDirectory(_ path: String) throws { try base.createDirectory(path) }
    func exchange(_ first: String, _ second: String) throws {
        try check(.exchange, second)
        try base.exchange(first, second)
    }
    func hasWriters(_ path: String) throws -> Bool? {
        try check(.hasWriters, path)
        return leases ? try base.hasWriters(path) : nil
    }
    func copyOwner(to descriptor: Int32, from path: String) { base.copyOwner(to: descriptor, from: path) }
    func copyExtendedAttributes(to descriptor: Int32, from path: String) { base.copyExtendedAttributes(to: descriptor, from: path) }
    func lockExclusive(_ path: String, wait: Bool) throws -> Int32? { try base.lockExclusive(path, wait: wait) }
    func read(_ descriptor: Int32, at offset: Int, count: Int, path: String) throws -> [UInt8] {
        try check(.readAt, path)
        return try base.read(descriptor, at: offset, count: count, path: path)
    }
}
