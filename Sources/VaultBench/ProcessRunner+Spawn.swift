import CSystem
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A process started and not waited for, so it can be killed at a chosen moment.
struct RunningProcess {
    let pid: pid_t

    /// Sends SIGKILL: the process stops wherever it is, as on a power cut for what it wrote.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Waits for the process; its exit code, or 128 plus the signal that ended it.
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

extension ProcessRunner {
    /// Starts `arguments` with stdin, stdout and stderr on `/dev/null`, without waiting.
    static func start(_ arguments: [String]) throws -> RunningProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        vault_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = ChildEnvironment.withPointers { posix_spawnp(&pid, arguments[0], &actions, nil, argv, $0) }
        guard spawned == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        return RunningProcess(pid: pid)
    }
}
