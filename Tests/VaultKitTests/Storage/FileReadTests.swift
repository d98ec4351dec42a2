import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultSystem

/// Files are read into buffers that are never zeroed first: what comes back is exactly the
/// file's bytes, however its size compares with the buffer, the limit or the offset.
@Suite("Reading a file's bytes")
struct FileReadTests {
    let folder = TemporaryFolder()
    let files = LocalFileSystem()

    private func bytes(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
    }

    private func write(_ name: String, _ contents: [UInt8]) throws -> String {
        try folder.write(name, bytes: contents)
    }

    @Test("a whole file comes back byte for byte, empty, small or larger than a page")
    func wholeFiles() throws {
        for count in [0, 1, 4095, 4096, 4097, 1 << 20] {
            let contents = bytes(count)
            let path = try write("pages/n\(count).md", contents)
            #expect(try files.readFile(path) == contents)
            let read = try files.readPrefix(path, limit: Int.max)
            #expect(read.complete && read.bytes == contents)
        }
    }

    @Test("a prefix stops at the limit and says whether it holds the whole file")
    func prefixes() throws {
        let contents = bytes(10_000)
        let path = try write("pages/long.md", contents)
        let short = try files.readPrefix(path, limit: 100)
        #expect(short.bytes == Array(contents.prefix(100)))
        #expect(!short.complete)
        let exact = try files.readPrefix(path, limit: 10_000)
        #expect(exact.bytes == contents && exact.complete)
    }

    @Test("a read at an offset gives the bytes there, and fewer at the end of the file")
    func readsAtOffsets() throws {
        let contents = bytes(9_000, seed: 3)
        let path = try write("pages/offsets.md", contents)
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(try files.read(descriptor, at: 0, count: 9_000, path: path) == contents)
        #expect(try files.read(descriptor, at: 4_000, count: 10, path: path) == Array(contents[4_000..<4_010]))
        #expect(try files.read(descriptor, at: 8_990, count: 100, path: path) == Array(contents[8_990...]))
        #expect(try files.read(descriptor, at: 20_000, count: 5, path: path) == [])
    }

    @Test("a file that holds more than its size said is read to its end, as one that grew would be")
    func growingFiles() throws {
        // /proc's files say they are empty and hold bytes: the buffer sized from the status
        // is full at once and must grow.
        let path = "/proc/self/cmdline"
        let expected = try #require(FileManager.default.contents(atPath: path))
        #expect(expected.count > 1)
        #expect(try files.readFile(path) == Array(expected))
        let prefix = try files.readPrefix(path, limit: 3)
        #expect(prefix.bytes == Array(expected.prefix(3)))
    }

    @Test("files read one after another into one buffer each come back whole, large and small, and /proc's too")
    func readsIntoOneBuffer() throws {
        let buffer = ReadBuffer()
        for (index, count) in [0, 1, 16 << 10, (16 << 10) + 1, 3 << 20, 5, 0, 70_000].enumerated() {
            let contents = bytes(count, seed: UInt8(index))
            let path = try write("pages/b\(index).md", contents)
            try files.read(path, into: buffer)
            #expect(Array(buffer.bytes) == contents, "\(count) bytes")
        }
        try files.read("/proc/self/cmdline", into: buffer)
        #expect(Array(buffer.bytes) == Array(try #require(FileManager.default.contents(atPath: "/proc/self/cmdline"))))
        buffer.replace(with: [1, 2, 3])
        #expect(Array(buffer.bytes) == [1, 2, 3])
    }

    @Test("a folder, a fifo or a missing file is not read into a buffer")
    func refusesIntoBuffer() throws {
        let buffer = ReadBuffer()
        let fifo = folder.path + "/pages/pipe.md"
        try folder.write("pages/x.md", "x")
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: SystemError.self) { try files.read(fifo, into: buffer) }
        #expect(throws: SystemError.self) { try files.read(folder.path + "/pages", into: buffer) }
        #expect(throws: SystemError.self) { try files.read(folder.path + "/pages/missing.md", into: buffer) }
    }

    @Test("a file named from its folder is read as by its whole path, confined or not, and a link out is refused")
    func readsUnderAFolder() throws {
        let buffer = ReadBuffer()
        let contents = bytes(20_000, seed: 9)
        _ = try write("pages/deep/n.md", contents)
        try folder.write("secret.md", "kept out")
        let vault = folder.path + "/pages"
        #expect(symlink(folder.path + "/secret.md", vault + "/out.md") == 0)
        #expect(symlink("deep/n.md", vault + "/in.md") == 0)
        let confined = files.confined(to: vault)
        for fileSystem in [files, confined, LocalFileSystem().confined(to: folder.path)] {
            try fileSystem.read("deep/n.md", under: vault, into: buffer)
            #expect(Array(buffer.bytes) == contents)
            try fileSystem.read("in.md", under: vault, into: buffer)
            #expect(Array(buffer.bytes) == contents)
        }
        // Confined to the folder, a link out of it is not followed; the error names the whole path.
        #expect(confined.isConfined)
        do {
            try confined.read("out.md", under: vault, into: buffer)
            Issue.record("a link out of the folder was read")
        } catch let error as SystemError {
            #expect(error.path == vault + "/out.md")
        }
        #expect(throws: SystemError.self) { try confined.read("missing.md", under: vault, into: buffer) }
        #expect(throws: SystemError.self) { try confined.read("deep", under: vault, into: buffer) }
    }

    @Test("a folder's listing gives every name but . and .., dotted names included, and bad UTF-8 escaped")
    func listsNames() throws {
        for name in [".hidden.md", "...", "..md", "a", "é.md"] { try folder.write("list/" + name, "x") }
        // A Latin-1 name, which is no UTF-8: made through its bytes.
        let raw: [UInt8] = Array((folder.path + "/list/caf").utf8) + [0xE9] + Array(".md".utf8) + [0]
        let descriptor = raw.withUnsafeBufferPointer { bytes in
            open(UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let entries = try files.entries(folder.path + "/list")
        #expect(Set(entries.map(\.name)) == [".hidden.md", "...", "..md", "a", "é.md", "caf\\xE9.md"])
        #expect(entries.filter { !$0.nameIsUTF8 }.map(\.name) == ["caf\\xE9.md"])
    }
}
