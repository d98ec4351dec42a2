import VaultMarkdown
import VaultSystem

/// Why a task command stopped, for the person at the terminal.
public enum TaskError: Error, Equatable, Sendable {
    /// The reference is not of the form `PATH:LINE@HASH`.
    case badReference(String)
    /// The reference names a note that does not exist.
    case noSuchNote(reference: String, path: String)
    /// The line of the reference holds no task (any more).
    case noTaskAtLine(reference: String)
    /// The line holds a task, but not the one that was listed.
    case staleReference(reference: String, now: String)
    /// The note is not valid UTF-8, so it is never rewritten.
    case notUTF8(path: String)
    /// The note opts out of tasks with `tasks: false`.
    case optedOut(path: String)
    /// A Logseq task asked into a state Logseq has no word for (forwarded).
    case noLogseqWord(reference: String, state: TaskState)
    /// A Logseq task done whose date repeats by the hour: its next time depends on the hour
    /// it is done, which a task reference does not carry.
    case hourlyRepeater(reference: String)
    /// A rollover in a Logseq graph: the tasks it copies are marked forwarded in the old
    /// journal, which Logseq has no word for.
    case logseqRollover(path: String, line: Int)

    /// 3 when the line no longer holds the task that was listed (another task, or none: the
    /// note changed since), 2 for a malformed reference, else 1 (DESIGN.md 5, 9).
    public var exitCode: Int32 {
        switch self {
        case .staleReference, .noTaskAtLine: return 3
        case .badReference: return 2
        default: return 1
        }
    }
}

extension TaskError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .badReference(let text):
            return "\"\(text)\" is not a task reference (PATH:LINE@HASH, as `vault tasks` prints it)"
        case .noSuchNote(let reference, let path):
            return "\(reference): there is no note \(path)"
        case .noTaskAtLine(let reference):
            return "\(reference): that line holds no task; nothing was written"
        case .staleReference(let reference, let now):
            return "\(reference): the line now holds another task (\(now)); nothing was written"
        case .notUTF8(let path):
            return "\(path) is not valid UTF-8; vault never rewrites it"
        case .optedOut(let path):
            return "\(path) opts out of tasks (tasks: false); nothing was written"
        case .noLogseqWord(let reference, let state):
            return "\(reference): Logseq has no word for a task that is \(state.label); nothing was written"
        case .logseqRollover(let path, let line):
            return "\(path):\(line): a rollover marks the tasks it copies forwarded, and Logseq has no word for that; nothing was written"
        case .hourlyRepeater(let reference):
            return "\(reference): the task repeats by the hour, and vault moves only daily, weekly, monthly and yearly repeats; nothing was written"
        }
    }

    /// A next step, when there is one.
    public var hint: String? {
        switch self {
        case .badReference, .noSuchNote, .noTaskAtLine, .staleReference:
            return "run `vault tasks` again and use the reference it prints now"
        case .notUTF8:
            return "convert the note to UTF-8 in an editor, then try again"
        case .optedOut:
            return "remove `tasks: false` from the note's frontmatter to manage its tasks"
        case .noLogseqWord:
            return "Logseq's words are TODO/LATER, DOING/NOW, DONE and CANCELED: use start, done, cancel or reopen"
        case .logseqRollover:
            return "in Logseq, move the blocks to today's journal, or schedule them (SCHEDULED:) so that today's page lists them"
        case .hourlyRepeater:
            return "mark it done in Logseq, or make its repeater daily (.+1d)"
        }
    }
}
