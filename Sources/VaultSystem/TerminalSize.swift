internal import CSystem

/// The size of a terminal, as the kernel keeps it for the window it is shown in.
public enum TerminalSize {
    /// The rows of the terminal open on `descriptor`; nil when it is no terminal or does not say.
    public static func rows(of descriptor: Int32) -> Int? {
        let rows = vault_terminal_rows(descriptor)
        return rows > 0 ? Int(rows) : nil
    }
}
