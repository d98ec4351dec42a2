import CSystem
import Foundation
import Glibc
import VaultSystem

/// A program a test starts, holding only the descriptors it is given, and never waited for
/// without a deadline.
///
/// The tests run in parallel in one process. A pipe end another test's child inherits keeps
/// that pipe open: a reader then waits for the end of its output until an unrelated server
/// exits, which is forever if that server waits for its own input to close. So every pipe here
/// is made with close-on-exec, every child closes each descriptor above 2 it was not handed,
/// and every wait ends at a deadline by killing the child's whole process group.
public final class ChildProcess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe whose other end this object holds.
        case pipe
        /// A file, created or emptied.
        case file(String)
        /// A descriptor of the test's own, duplicated onto the stream.
        case descriptor(Int32)
    }

    /// How a program that ran to its end (or was stopped at the deadline) went.
    public struct Outcome: Sendable {
        /// The exit code, 128 plus the signal that ended it, or -1 when it was killed at the deadline.
        public var status: Int32
        public var output: [UInt8]
        public var errors: [UInt8]
        public var timedOut: Bool { status == -1 }
    }

    public let pid: pid_t
    /// The test's end of the child's standard input, output and error pipes; -1 where the
    /// stream is not a pipe or was closed.
    public private(set) var input: Int32
    public let output: Int32
    public let errors: Int32
    private let lock = NSLock()
    private var reaped: Int32?

    /// Starts `executable` (a path) with `arguments`, exactly this environment and, when
    /// given, this working folder.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil,
        input: Stream = .null, output: Stream = .null, errors: Stream = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var ours: [Int32] = []
        var theirs: [Int32] = []
        func connect(_ stream: Stream, to target: Int32, readable: Bool) throws -> Int32 {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", readable ? O_RDONLY : O_WRONLY, 0)
                return -1
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, readable ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                return -1
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
                return -1
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard vault_pipe_cloexec(&ends) == 0 else { throw ChildProcessError("cannot make a pipe: \(String(cString: strerror(errno)))") }
                let (child, parent) = readable ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, child, target)
                ours.append(parent)
                theirs.append(child)
                return parent
            }
        }
        let inputEnd = try connect(input, to: 0, readable: true)
        let outputEnd = try connect(output, to: 1, readable: false)
        let errorsEnd = try connect(errors, to: 2, readable: false)
        vault_spawn_close_from(&actions, 3)
        if let directory { vault_spawn_chdir(&actions, directory) }
        // A group of its own, so a deadline kills whatever it started too.
        let started = CleanSpawn.start(executable, [executable] + arguments, environment: environment, actions: &actions, ownGroup: true)
        for descriptor in theirs { close(descriptor) }
        switch started {
        case .success(let child): pid = child
        case .failure(let error):
            for descriptor in ours { close(descriptor) }
            throw ChildProcessError("cannot run \(executable): \(error)")
        }
        self.input = inputEnd
        self.output = outputEnd
        self.errors = errorsEnd
    }

    /// Runs a program to its end: `input` on its standard input, its output and errors
    /// collected; at `timeout` seconds its process group is killed and the status is -1.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], directory: String? = nil,
        input: [UInt8]? = nil, timeout: Double = 120
    ) throws -> Outcome {
        let child = try ChildProcess(
            executable, arguments, environment: environment, directory: directory,
            input: input == nil ? .null : .pipe, output: .pipe, errors: .pipe)
        let deadline = Date().addingTimeInterval(timeout)
        let collected = child.collect(writing: input ?? [], until: deadline)
        let status = child.wait(until: deadline)
        return Outcome(status: status ?? -1, output: collected.output, errors: collected.errors)
    }

    /// Writes `bytes` to the child's standard input; false when it no longer reads.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        while !rest.isEmpty {
            let count = writeSome(rest)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return false }
            rest = rest.dropFirst(count)
        }
        return true
    }

    /// Closes the child's standard input: it sees the end of its input.
    public func closeInput() {
        lock.withLock {
            if input >= 0 { close(input) }
            input = -1
        }
    }

    /// The exit status once the child ended, waiting at most `timeout` seconds; nil (and the
    /// child's group killed) when it was still running then.
    public func wait(timeout: Double) -> Int32? {
        wait(until: Date().addingTimeInterval(timeout))
    }

    /// True until the child has ended.
    public var isRunning: Bool { poll() == nil }

    /// Sends `signal` to the child's process group.
    public func kill(_ signal: Int32 = SIGKILL) {
        guard poll() == nil else { return }
        _ = Glibc.kill(-pid, signal)
    }

    deinit {
        if input >= 0 { close(input) }
        if poll() == nil {
            _ = Glibc.kill(-pid, SIGKILL)
            _ = wait(until: Date().addingTimeInterval(10))
        }
        if output >= 0 { close(output) }
        if errors >= 0 { close(errors) }
    }
}

extension ChildProcess {
    private func wait(until deadline: Date) -> Int32? {
        while Date() < deadline {
            if let status = poll() { return status }
            usleep(2_000)
        }
        if let status = poll() { return status }
        _ = Glibc.kill(-pid, SIGKILL)
        while poll() == nil { usleep(1_000) }
        return nil
    }

    /// The status if the child has ended (reaping it once), else nil.
    private func poll() -> Int32? {
        lock.withLock {
            if let reaped { return reaped }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, WNOHANG) } while result < 0 && errno == EINTR
            guard result == pid else { return nil }
            let signal = status & 0x7F
            reaped = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
            return reaped
        }
    }

    /// Reads the output and error pipes to their ends while feeding `bytes` to the input
    /// pipe, so no pipe fills and stalls the child; stops at `deadline`.
    private func collect(writing bytes: [UInt8], until deadline: Date) -> (output: [UInt8], errors: [UInt8]) {
        var collected: [Int32: [UInt8]] = [output: [], errors: []]
        var open = [output, errors].filter { $0 >= 0 }
        var pending = bytes[...]
        if input >= 0 {
            _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
            if pending.isEmpty { closeInput() }
        }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty || input >= 0 {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if input >= 0 { watched.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let ready = Glibc.poll(&watched, nfds_t(watched.count), Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno != EINTR { break }
            for entry in watched where entry.revents != 0 {
                if entry.fd == input {
                    let count = writeSome(pending)
                    if count > 0 { pending = pending.dropFirst(count) } else if errno != EAGAIN && errno != EINTR { pending = [] }
                    if pending.isEmpty { closeInput() }
                    continue
                }
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    collected[entry.fd, default: []].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        return (collected[output] ?? [], collected[errors] ?? [])
    }
}

extension ChildProcess {
    /// One write(2) to the input pipe: the count written, or -1 with errno. A child that
    /// stopped reading gives EPIPE here, not a SIGPIPE that would end the whole test run.
    fileprivate func writeSome(_ bytes: ArraySlice<UInt8>) -> Int {
        guard input >= 0 else {
            errno = EBADF
            return -1
        }
        return PipeSignal.held { bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) } }
    }
}

/// A child process that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
