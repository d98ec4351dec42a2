import Foundation
import Glibc
@testable import VaultKit

/// The real file system with faults injected at chosen steps, for fault tests.
final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    /// A step of the safe-write recipe that can be made to fail.
    enum Step: Hashable {
        case create, write, setPermissions, synchronize, close, rename, link, synchronizeDirectory, readFile, entries, remove
    }

    private let base = LocalFileSystem()
    private let lock = NSLock()
    private var failures: [Step: Int32] = [:]
    /// Failures of a step on one path only (an unreadable folder among readable ones).
    private var pathFailures: [Step: [String: Int32]] = [:]
    /// Runs when a step starts, to change a file under the writer's feet.
    var actions: [Step: () -> Void] = [:]
    private(set) var calls: [Step] = []

    func fail(_ step: Step, with code: Int32) {
        lock.withLock { failures[step] = code }
    }

    func fail(_ step: Step, with code: Int32, at path: String) {
        lock.withLock { pathFailures[step, default: [:]][path] = code }
    }

    private func check(_ step: Step, _ path: String) throws {
        let code: Int32? = lock.withLock {
            calls.append(step)
            return failures[step] ?? pathFailures[step]?[path]
        }
        if let action = lock.withLock({ actions[step] }) { action() }
        if let code { throw SystemError(code: code, operation: "\(step)", path: path) }
    }

    func readFile(_ path: String) throws -> [UInt8] {
        try check(.readFile, path)
        return try base.readFile(path)
    }
    func status(_ path: String) throws -> FileStatus? { try base.status(path) }
    func linkStatus(_ path: String) throws -> FileStatus? { try base.linkStatus(path) }
    func entries(_ path: String) throws -> [DirectoryEntry] {
        try check(.entries, path)
        return try base.entries(path)
    }
    func createExclusive(_ path: String, permissions: UInt32) throws -> Int32 {
        try check(.create, path)
        return try base.createExclusive(path, permissions: permissions)
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
    func lockExclusive(_ path: String, wait: Bool) throws -> Int32? { try base.lockExclusive(path, wait: wait) }
}
