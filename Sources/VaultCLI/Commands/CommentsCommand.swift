import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultSystem

/// `vault comments NOTE [--add TEXT | --resolve ID]`: a note's comments, in its sidecar.
enum CommentsCommand: Command {
    static let name = "comments"
    static let summary = "list a note's comments, or add or resolve one (in its .zennotes/comments sidecar)"
    static let usage = "NOTE"
    static let discussion = """
        Comments are kept as ZenNotes keeps them, in .zennotes/comments/<note path>.comments.json;
        they move, archive, trash and restore with their note. The list shows each comment's id,
        date, state (open or resolved) and text, and exits 1 when the note has none. --add TEXT
        (- for standard input) adds one dated by the clock (VAULT_NOW sets it) and prints its id;
        --resolve ID marks one resolved.
        """
    static let add = Option<String?>("--add", value: "TEXT", help: "add a comment (- reads standard input)")
    static let resolve = Option<String?>("--resolve", value: "ID", help: "mark the comment ID resolved")
    static let dryRun = CommonOptions.dryRun.withHelp("print the change to the sidecar as a diff, write nothing")
    static let options: [any DeclaredOption] = [add, resolve, dryRun]

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        let name = try arguments.required("NOTE")
        try arguments.finish()
        let text = arguments[add]
        let id = arguments[resolve]
        if text != nil && id != nil { throw UsageError("--add and --resolve go one at a time") }
        var body: String?
        if let text {
            body = String(decoding: text == "-" ? try context.text(["-"]) : Array(text.utf8), as: UTF8.self).trimmingSuffixNewline()
            if body!.trimmingWhitespace().isEmpty { throw UsageError("the comment is empty: give its text after --add") }
        }
        let vault = try context.vault()
        let note = try context.note(named: name, in: vault)
        let dryRun = arguments[dryRun]
        if let body {
            let (comment, change) = try vault.addComment(body, to: note.path, dryRun: dryRun)
            if context.json {
                try context.emit(Added(note: note.path, comment: comment, applied: !dryRun))
            } else if dryRun {
                context.raw(change.diff)
            } else {
                context.line(comment.id)
            }
            return 0
        }
        if let id {
            let change = try vault.resolveComment(id, of: note.path, dryRun: dryRun)
            if context.json {
                try context.emit(Resolved(note: note.path, id: id, changed: change != nil, applied: change != nil && !dryRun))
            } else if change == nil {
                context.warn("comment \(id) of \(note.path) is resolved already")
            } else if dryRun {
                context.raw(change!.diff)
            } else if !context.quiet {
                context.line("resolved \(id)")
            }
            return 0
        }
        let comments = try vault.comments(of: note.path)
        if context.json {
            try context.emit(Listed(note: note.path, comments: comments))
        } else {
            context.columns(comments.map { comment in
                [comment.id, comment.createdAt, comment.resolved ? "resolved" : "open", comment.body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")]
            })
        }
        return comments.isEmpty ? 1 : 0
    }

    /// What the list prints with `--json`.
    struct Listed: Encodable {
        let note: String
        let comments: [NoteComment]
    }

    /// What `--add --json` prints.
    struct Added: Encodable {
        let note: String
        let comment: NoteComment
        let applied: Bool
    }

    /// What `--resolve --json` prints.
    struct Resolved: Encodable {
        let note: String
        let id: String
        let changed: Bool
        let applied: Bool
    }
}
