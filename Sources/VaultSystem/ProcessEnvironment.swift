internal import CSystem

/// The process's environment variables, read from `environ` itself.
///
/// Foundation's `ProcessInfo` sets itself up on first use (its arguments, its name), which
/// costs a short command such as `capture` a noticeable part of its run.
public enum ProcessEnvironment {
    /// Every variable of the process by name; of a name given twice, the first, as `getenv`
    /// finds it. An entry without `=` is no variable and is left out.
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        guard var entry = vault_environment() else { return variables }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: 0x3D) {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
