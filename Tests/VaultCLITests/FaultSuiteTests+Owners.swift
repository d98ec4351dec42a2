import CSystem
import Foundation
import Glibc
import TestSupport
import Testing

/// The fault suite's cases about notes another user owns, run as that user through
/// `setpriv` where the suite runs as root.
extension FaultSuiteTests {
    /// A vault whose folders user 12345 of group 4242 may write, with a copy of the binary it
    /// may run: the build folder may be out of its reach.
    private func memberVault(_ notes: [String: [UInt8]]) throws -> (sandbox: Sandbox, vault: String, binary: String) {
        let sandbox = try Sandbox(fixture: "empty")
        let vault = try sandbox.initialise(notes)
        let binary = sandbox.root + "/member-vault"
        let share = "chgrp -R 4242 \"$1\" && chmod -R g+rwX,o+rX \"$1\" && chmod o+x \"$2\" && cp \"$3\" \"$4\" && chmod 755 \"$4\""
        let shared = try ChildProcess.run(
            "/bin/sh", ["-c", share, "sh", vault, sandbox.root, sandbox.binaries + "/vault", binary], environment: sandbox.environment, timeout: 30)
        guard shared.status == 0 else { throw FaultSuiteFailure("sharing the vault: \(shared.errors)") }
        return (sandbox, vault, binary)
    }

    private func asMember(_ binary: String, _ arguments: [String], _ sandbox: Sandbox) throws -> ChildProcess.Outcome {
        try ChildProcess.run(
            "/usr/bin/setpriv", ["--reuid=12345", "--regid=12345", "--groups=4242", binary] + arguments,
            environment: sandbox.environment, timeout: 30)
    }

    @Test(
        "a note its user may not write is refused as read-only, not swapped for one of the user's own in a folder the user may write",
        .enabled(if: canActAsAnotherUser, "needs root and setpriv to act as another user"))
    func unwritableNoteRefused() throws {
        let (sandbox, vault, binary) = try memberVault(["pages/Root.md": Array("# Root\n".utf8)])
        let note = vault + "/pages/Root.md"
        // Root's, readable by all, writable by root alone; its folder is the group's.
        #expect(chown(note, 0, 0) == 0 && chmod(note, 0o644) == 0)
        let append = try asMember(binary, ["--vault", vault, "append", "pages/Root.md", "from a member"], sandbox)
        #expect(append.status == 1)
        #expect(String(decoding: append.errors, as: UTF8.self).contains("pages/Root.md is read-only"))
        var status = stat()
        #expect(stat(note, &status) == 0 && status.st_uid == 0 && status.st_mode & 0o777 == 0o644)
        #expect(String(decoding: sandbox.bytes("pages/Root.md") ?? [], as: UTF8.self) == "# Root\n")
    }

    @Test(
        "another user's note that no shared group lets this user keep theirs is refused, not taken from its owner",
        .enabled(if: canActAsAnotherUser, "needs root and setpriv to act as another user"))
    func otherOwnerRefused() throws {
        let (sandbox, vault, binary) = try memberVault(["pages/Theirs.md": Array("# Theirs\n".utf8)])
        let note = vault + "/pages/Theirs.md"
        // Writable by all, but its group is not the member's: a new file could not stay theirs.
        #expect(chown(note, 23456, 23456) == 0 && chmod(note, 0o666) == 0)
        let append = try asMember(binary, ["--vault", vault, "append", "pages/Theirs.md", "from a member"], sandbox)
        #expect(append.status == 1)
        #expect(String(decoding: append.errors, as: UTF8.self).contains("pages/Theirs.md belongs to another user"))
        var status = stat()
        #expect(stat(note, &status) == 0 && status.st_uid == 23456 && status.st_gid == 23456)
        #expect(String(decoding: sandbox.bytes("pages/Theirs.md") ?? [], as: UTF8.self) == "# Theirs\n")
    }

    @Test(
        "a rewrite by the note's own user, not root, keeps the note's user attributes",
        .enabled(if: canActAsAnotherUser && xattrsWork, "needs root, setpriv and user attributes to act as another user"))
    func memberKeepsAttributes() throws {
        let (sandbox, vault, binary) = try memberVault(["pages/Mine.md": Array("# Mine\n".utf8)])
        let note = vault + "/pages/Mine.md"
        #expect(chown(note, 12345, 4242) == 0 && chmod(note, 0o644) == 0)
        #expect(lsetxattr(note, "user.xdg.tags", "red", 3, 0) == 0)
        let append = try asMember(binary, ["--vault", vault, "append", "pages/Mine.md", "more"], sandbox)
        #expect(append.status == 0, "\(String(decoding: append.errors, as: UTF8.self))")
        var value = [UInt8](repeating: 0, count: 16)
        let size = value.withUnsafeMutableBytes { lgetxattr(note, "user.xdg.tags", $0.baseAddress, 16) }
        #expect(size == 3 && Array(value.prefix(3)) == Array("red".utf8))
        #expect(String(decoding: sandbox.bytes("pages/Mine.md") ?? [], as: UTF8.self) == "# Mine\nmore\n")
    }

    /// True where the temporary folder's file system keeps `user.*` attributes.
    static let xattrsWork: Bool = {
        let path = NSTemporaryDirectory() + "/vault-xattr-probe-\(getpid())"
        guard FileManager.default.createFile(atPath: path, contents: Data()) else { return false }
        defer { unlink(path) }
        return lsetxattr(path, "user.vault.probe", "1", 1, 0) == 0
    }()
}
