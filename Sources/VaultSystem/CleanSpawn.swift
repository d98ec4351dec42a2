import Glibc

/// Starting a program that inherits nothing of this process but what it is handed.
public enum CleanSpawn {
    /// Starts `path` with `arguments` (its `argv[0]` included) and exactly `environment`,
    /// applying `actions`; the child starts with no signal blocked or ignored, whatever this
    /// thread blocks (a writer holds SIGPIPE off, say) and, with `ownGroup`, as the leader of a
    /// process group of its own. The actions should close what the child must not hold.
    ///
    /// - Returns: the child's process id, or the error number when it could not be started.
    public static func start(
        _ path: String, _ arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t,
        ownGroup: Bool = false
    ) -> Result<pid_t, SystemError> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        return code == 0 ? .success(pid) : .failure(SystemError(code: code, operation: "run", path: path))
    }
}
