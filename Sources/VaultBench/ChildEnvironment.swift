import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The environment of every process the bench starts: this process's own, with the
/// variables the bench sets (vault's cache folder beside the bench vault) laid over it.
///
/// Set here and never with `setenv`: this process's environment is shared by every thread of
/// it (the test runner's among them), and a change there would reach processes others start.
enum ChildEnvironment {
    private static let overrides = Locked<[String: String]>([:])

    /// Sets `name` for the processes started from now on.
    static func set(_ name: String, _ value: String) {
        overrides.withLock { $0[name] = value }
    }

    /// Runs `body` with the environment as `posix_spawn` takes it.
    static func withPointers<Result>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        let laid = overrides.withLock { $0 }
        var entries: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if laid[name] == nil { entries.append(text) }
            index += 1
        }
        entries += laid.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let pointers = entries.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var mutable = pointers
        return mutable.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
