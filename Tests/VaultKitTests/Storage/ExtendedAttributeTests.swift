import CSystem
import Glibc
import Testing
@testable import VaultSystem

/// A rewrite replaces a note by a new file; what the old file carried beside its bytes in
/// extended attributes goes over to the new one.
@Suite("Extended attributes across a rewrite")
struct ExtendedAttributeTests {
    let folder = TemporaryFolder()

    /// True where the temporary folder's file system keeps `user.*` attributes.
    static let supported: Bool = {
        let probe = TemporaryFolder()
        guard let path = try? probe.write("probe", "x") else { return false }
        return lsetxattr(path, "user.vault.probe", "1", 1, 0) == 0
    }()

    /// user::rw-, user:1234:rw-, group::r--, mask::rw-, other::r--, as the kernel stores it.
    static let accessList: [UInt8] = {
        var acl: [UInt8] = [2, 0, 0, 0]
        for (tag, permissions, id) in [(0x01, 6, UInt32.max), (0x02, 6, 1234), (0x04, 4, UInt32.max), (0x10, 6, UInt32.max), (0x20, 4, UInt32.max)] {
            acl += [UInt8(tag), 0, UInt8(permissions), 0]
            acl += withUnsafeBytes(of: UInt32(id).littleEndian, Array.init)
        }
        return acl
    }()

    /// True where the temporary folder's file system keeps access control lists.
    static let accessListsSupported: Bool = {
        let probe = TemporaryFolder()
        guard let path = try? probe.write("probe", "x") else { return false }
        return accessList.withUnsafeBytes { lsetxattr(path, "system.posix_acl_access", $0.baseAddress, accessList.count, 0) } == 0
    }()

    func attribute(_ name: String, of path: String) -> [UInt8]? {
        let size = lgetxattr(path, name, nil, 0)
        guard size >= 0 else { return nil }
        var value = [UInt8](repeating: 0, count: size)
        let read = value.withUnsafeMutableBytes { lgetxattr(path, name, $0.baseAddress, size) }
        return read == size ? value : nil
    }

    func set(_ name: String, _ value: [UInt8], on path: String) -> Bool {
        value.withUnsafeBytes { lsetxattr(path, name, $0.baseAddress, value.count, 0) } == 0
    }

    func rewrite(_ path: String) throws {
        let writer = SafeWriter()
        let (_, snapshot) = try writer.read(path)
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
    }

    @Test("a rewrite keeps a note's user attributes (a file manager's tags, where it came from)", .enabled(if: supported))
    func userAttributesKept() throws {
        let path = try folder.write("note.md", "old\n")
        #expect(set("user.xdg.tags", Array("red,work".utf8), on: path))
        #expect(set("user.xdg.origin.url", Array("https://example.org/".utf8), on: path))
        #expect(set("user.empty", [], on: path))
        try rewrite(path)
        #expect(try folder.read("note.md") == Array("new\n".utf8))
        #expect(attribute("user.xdg.tags", of: path) == Array("red,work".utf8))
        #expect(attribute("user.xdg.origin.url", of: path) == Array("https://example.org/".utf8))
        #expect(attribute("user.empty", of: path) == [])
    }

    @Test("a rewrite keeps a note's access control list, and the mode it implies", .enabled(if: accessListsSupported))
    func accessListKept() throws {
        let path = try folder.write("shared.md", "old\n")
        let acl = Self.accessList
        try #require(set("system.posix_acl_access", acl, on: path))
        try rewrite(path)
        #expect(attribute("system.posix_acl_access", of: path) == acl)
        #expect(try LocalFileSystem().status(path)?.permissions == 0o664)
    }

    @Test("a note without attributes is rewritten as before")
    func noAttributes() throws {
        let path = try folder.write("plain.md", "old\n")
        try rewrite(path)
        #expect(try folder.read("plain.md") == Array("new\n".utf8))
        #expect(llistxattr(path, nil, 0) <= 0 || attribute("user.xdg.tags", of: path) == nil)
    }

    @Test("a mode and an attribute another program gives the note while the new text is written are kept", .enabled(if: supported))
    func changesDuringWriteKept() throws {
        let path = try folder.write("note.md", "old\n")
        chmod(path, 0o644)
        let fileSystem = FaultyFileSystem()
        // While the new text is flushed, as an editor or a file manager might.
        fileSystem.actions[.synchronize] = {
            chmod(path, 0o640)
            _ = "late".withCString { lsetxattr(path, "user.late", $0, 4, 0) }
        }
        let writer = SafeWriter(fileSystem: fileSystem)
        let (_, snapshot) = try writer.read(path)
        try writer.replace(path, with: Array("new\n".utf8), expecting: snapshot)
        #expect(try folder.read("note.md") == Array("new\n".utf8))
        #expect(try LocalFileSystem().status(path)?.permissions == 0o640)
        #expect(attribute("user.late", of: path) == Array("late".utf8))
    }
}
