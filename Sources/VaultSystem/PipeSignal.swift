#if canImport(Glibc)
import Glibc
#endif

/// SIGPIPE, held off on one thread while it writes to a pipe or socket.
public enum PipeSignal {
    /// Runs `body` with SIGPIPE blocked on this thread alone, so a write to a reader that went
    /// away fails with EPIPE instead of ending the process; a SIGPIPE that came meanwhile is
    /// taken before the mask is restored. Never ignored for the whole process: programs it
    /// starts would inherit that and see broken pipes as errors.
    public static func held<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let saved = errno
        defer {
            let code = errno
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            errno = code
        }
        errno = saved
        return try body()
    }
}
