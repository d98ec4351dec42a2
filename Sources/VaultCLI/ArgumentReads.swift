/// The options a command read of its command line, shared by every copy of its `Arguments`.
///
/// Reading an option the command does not declare is a programming error (the old string
/// lookups read such a flag as false, silently): a debug build stops at it, and the test that
/// walks every command with its declared options records it instead, to name the command.
final class ArgumentReads: @unchecked Sendable {
    /// The names read that the command does not declare, in the order read.
    private(set) var undeclared: [String] = []
    /// Every name read.
    private(set) var names: Set<String> = []
    /// False to record an undeclared read and go on, for a test to report.
    let stopsAtUndeclared: Bool

    init(stopsAtUndeclared: Bool = true) {
        self.stopsAtUndeclared = stopsAtUndeclared
    }

    func record(_ name: String, declared: Bool) {
        names.insert(name)
        guard !declared else { return }
        undeclared.append(name)
        if stopsAtUndeclared {
            assertionFailure("\(name) is read but not declared by the command: add it to the command's options")
        }
    }
}
