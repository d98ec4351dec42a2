import Foundation
import Glibc
import TestSupport
import Testing

/// The tests start hundreds of programs at once from one process; a pipe end or a socket one
/// of them inherits by accident can keep another test waiting for ever. These pin down what
/// the tests' own launcher promises.
@Suite("Programs the tests start")
struct ChildProcessTests {
    @Test("a child holds only its three streams, even while the test process has other pipes open")
    func onlyItsStreams() throws {
        // Foundation's pipes do not close on exec: the kind a child would inherit.
        let stray = Pipe()
        defer { _ = stray }
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"], environment: ["PATH": "/usr/bin:/bin"])
        let descriptors = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        #expect(outcome.status == 0)
        #expect(descriptors.sorted() == [0, 1, 2], "the child held \(descriptors.sorted())")
    }

    @Test("a child that never ends is killed at the deadline, with what it started")
    func deadline() throws {
        let started = Date()
        // The background sleep keeps the output pipe open: only killing the group ends it.
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "sleep 60 & echo begun; sleep 60"], environment: ["PATH": "/usr/bin:/bin"], timeout: 1)
        #expect(outcome.timedOut)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "begun\n")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test("input is written while output is read, so neither pipe fills and stalls the child")
    func bothWays() throws {
        let input = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        let outcome = try ChildProcess.run("/bin/cat", [], environment: [:], input: input, timeout: 60)
        #expect(outcome.status == 0)
        #expect(outcome.output == input)
    }

    @Test("writing to a child that stopped reading fails without ending the test process")
    func brokenPipe() throws {
        let child = try ChildProcess("/bin/true", [], environment: [:], input: .pipe)
        #expect(child.wait(timeout: 30) == 0)
        #expect(!child.write(Array("after the end\n".utf8)))
    }
}
