import CSystem
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What one finished process did: how it ended, how long it took, how much memory it used.
struct ProcessOutcome: Sendable {
    /// The exit code, or 128 plus the signal number when a signal ended it (as shells say).
    let status: Int32
    /// Wall-clock seconds from spawn to reaping.
    let seconds: Double
    /// Peak resident memory of the process (and the children it waited for), in KiB.
    let maxRSSKiB: Int
    /// Its stdout and stderr, when asked for.
    let output: String
}

/// Spawns a process with `posix_spawn`, waits for it with `wait4` and reports wall time and
/// peak memory from the kernel's own accounting: no shell in between unless asked.
enum ProcessRunner {
    /// Runs `arguments` (the first one looked up in `PATH`) in `directory`, with stdin from
    /// `/dev/null`; stdout and stderr go to `/dev/null` unless `capture` is set.
    ///
    /// - Parameter timeout: seconds after which the process is killed (its status is then
    ///   128 + 9); only without `capture`, whose reading waits for the end of the output.
    static func run(
        _ arguments: [String], in directory: String? = nil, capture: Bool = false, timeout: Double? = nil
    ) throws -> ProcessOutcome {
        precondition(!arguments.isEmpty, "a command needs a program")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var pipeEnds: [Int32] = [-1, -1]
        if capture {
            guard vault_pipe_cloexec(&pipeEnds) == 0 else { throw BenchError("cannot make a pipe: \(errorText())") }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // The child holds only its three streams: a pipe end another thread has open would
        // otherwise stay open in it, and that pipe's reader would wait for this child too.
        vault_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The child changes folder, not this process: its folder is shared by every thread.
        if let directory {
            guard access(directory, X_OK) == 0 else { throw BenchError("cannot enter \(directory): \(errorText())") }
            _ = posix_spawn_file_actions_addchdir(&actions, directory)
        }

        var pid: pid_t = 0
        let start = now()
        let spawned = ChildEnvironment.withPointers { posix_spawnp(&pid, arguments[0], &actions, nil, argv, $0) }
        if capture { close(pipeEnds[1]) }
        guard spawned == 0 else {
            if capture { close(pipeEnds[0]) }
            throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var output = [UInt8]()
        if capture {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                output += buffer[0..<count]
            }
            close(pipeEnds[0])
        }
        var status: Int32 = 0
        var usage = rusage()
        if let timeout, !capture {
            // Polled, so a process that runs too long can be stopped.
            while true {
                let reaped = wait4(pid, &status, WNOHANG, &usage)
                if reaped == pid { break }
                guard reaped >= 0 || errno == EINTR else { throw BenchError("cannot wait for \(arguments[0]): \(errorText())") }
                if now() - start > timeout { kill(pid, SIGKILL) }
                usleep(2_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0 {
                guard errno == EINTR else { throw BenchError("cannot wait for \(arguments[0]): \(errorText())") }
            }
        }
        let seconds = now() - start
        let signal = status & 0x7F
        return ProcessOutcome(
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
            seconds: seconds,
            maxRSSKiB: Int(usage.ru_maxrss),
            output: String(decoding: output, as: UTF8.self))
    }

    /// Whether `program` is an executable in `PATH` (or at the path given).
    static func isInstalled(_ program: String) -> Bool {
        if program.contains("/") { return access(program, X_OK) == 0 }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { access(String($0) + "/" + program, X_OK) == 0 }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// glibc's (2.29 and later) chdir action for `posix_spawn`, which the Glibc module does not
/// export under this name.
@_silgen_name("posix_spawn_file_actions_addchdir_np")
private func posix_spawn_file_actions_addchdir(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: UnsafePointer<CChar>) -> Int32
