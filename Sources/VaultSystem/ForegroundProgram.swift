internal import CSystem
import FoundationEssentials
import Dispatch
import Glibc

/// A program run through `/bin/sh` in the foreground, on the person's own terminal: an editor,
/// a picker. It holds the process's standard streams (standard input and output may be
/// replaced by pipes) and no other descriptor, and it is waited for until it ends, as a
/// person decides when they are done.
public struct ForegroundProgram: Sendable {
    /// The shell command (`code --wait "$@"`); the arguments are `$1`, `$2`, ….
    public var script: String
    public var arguments: [String]
    /// The whole environment the program gets.
    public var environment: [String: String]

    public init(script: String, arguments: [String], environment: [String: String]) {
        self.script = script
        self.arguments = arguments
        self.environment = environment
    }

    /// How a run ended: the exit code (128 plus the signal that ended it) and, when asked
    /// for, what it wrote on standard output.
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: [UInt8]
    }

    /// Runs the program to its end.
    ///
    /// - Parameter input: bytes for its standard input through a pipe (nil: the process's own).
    /// - Parameter capturesOutput: true to read its standard output through a pipe.
    /// - Throws: `SystemError` when no pipe can be made or the shell cannot be started.
    public func run(input: [UInt8]? = nil, capturesOutput: Bool = false) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        if input != nil {
            guard vault_pipe_cloexec(&inputPipe) == 0 else { throw SystemError.current("pipe", "/bin/sh") }
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        }
        if capturesOutput {
            guard vault_pipe_cloexec(&outputPipe) == 0 else {
                closeAll(inputPipe)
                throw SystemError.current("pipe", "/bin/sh")
            }
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        }
        // Only the three streams: a descriptor of another thread's work (a lock, a pipe) must
        // not stay open for as long as the person edits.
        vault_spawn_close_from(&actions, 3)
        // `$0` is the shell's own name, which it puts before its messages (`sh: 1: nvim: not found`).
        let started = CleanSpawn.start("/bin/sh", ["/bin/sh", "-c", script, "sh"] + arguments, environment: environment, actions: &actions)
        if inputPipe[0] >= 0 { close(inputPipe[0]) }
        if outputPipe[1] >= 0 { close(outputPipe[1]) }
        let pid: pid_t
        switch started {
        case .success(let child): pid = child
        case .failure(let error):
            if inputPipe[1] >= 0 { close(inputPipe[1]) }
            if outputPipe[0] >= 0 { close(outputPipe[0]) }
            throw error
        }
        // The input is written on a thread of its own: a picker reads it while it writes its
        // answer, and either pipe may fill first.
        var written: DispatchSemaphore?
        if let input {
            let descriptor = inputPipe[1]
            let done = DispatchSemaphore(value: 0)
            DetachedThread.start {
                Self.writeAll(input, to: descriptor)
                close(descriptor)
                done.signal()
            }
            written = done
        }
        var output: [UInt8] = []
        if capturesOutput { output = Self.readAll(outputPipe[0]) }
        let status = Self.wait(pid)
        written?.wait()
        return Outcome(status: status, output: output)
    }

    /// The path of `name` on the `PATH` of `environment`, when it is an executable file there.
    public static func locate(_ name: String, environment: [String: String]) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = folder + "/" + name
            var info = stat()
            if stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    private func closeAll(_ ends: [Int32]) {
        for end in ends where end >= 0 { close(end) }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        // A reader that stops early (a picker closed) makes the write fail with EPIPE: the
        // rest is not wanted. SIGPIPE is held off on this thread alone.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                offset += written
            }
        }
        // A SIGPIPE raised by the failed write stays pending on this thread: it is taken here.
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var now = timespec()
            _ = sigtimedwait(&blocked, nil, &now)
        }
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return result }
            result += chunk[0..<count]
        }
    }

    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return 1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
