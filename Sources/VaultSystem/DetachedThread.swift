import Glibc

/// A thread of its own for work that runs as long as a server does (reading requests,
/// watching files): a pool's thread would be held from the pool's other work.
public enum DetachedThread {
    /// Starts `body` on a new thread that nobody joins, with `stackSize` bytes of stack.
    ///
    /// A thread that cannot be made is a machine out of resources: it stops the process with
    /// the system's reason, as a failed allocation does.
    public static func start(stackSize: Int = 8 << 20, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        var thread = pthread_t()
        let code = pthread_create(&thread, &attributes, { box in
            let body = Unmanaged<Body>.fromOpaque(box!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        guard code == 0 else {
            Unmanaged<Body>.fromOpaque(box).release()
            fatalError("cannot start a thread: \(String(cString: strerror(code)))")
        }
    }

    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
