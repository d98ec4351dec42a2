import VaultMarkdown
import VaultSystem

extension Vault {
    /// The task written on 1-based `line` of a note's text (an editor's buffer, saved or not);
    /// nil when the line holds none, or the note is not UTF-8 or opts out of tasks.
    public func task(onLine line: Int, of text: [UInt8], path: String) -> VaultTask? {
        guard UTF8Check.validate(text) == .valid, !TaskSyntax.optsOut(NoteStructure(bytes: text, extent: .header)) else { return nil }
        return TaskScanner.tasks(in: text, origin: origin(of: path)).first { $0.line == line }
    }
}
