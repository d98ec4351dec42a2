/// An error written for the person at the terminal: what went wrong and where
/// (`description`, the sentence after `vault: error:`), the next step to try (`hint`), and
/// the exit code a command ends with (DESIGN.md 9). Every layer's errors are one.
public protocol UserError: Error, CustomStringConvertible {
    /// A next step for the person at the terminal, when there is one.
    var hint: String? { get }
    /// 1 for a failure, 3 for a refusal because a file changed elsewhere.
    var exitCode: Int32 { get }
    /// What went wrong, without saying what was kept: for a message about a change that had
    /// already written something.
    var problem: String { get }
}
