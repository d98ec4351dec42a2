/// One note of a generated vault, as decided before any text is written.
///
/// Everything another note may refer to (path, name, headings, block id) is fixed here, so
/// notes can then be composed independently and in parallel.
struct PlannedNote: Sendable {
    /// Vault-relative path with `/` separators, e.g. `pages/Projects/Falcon plan.md`.
    let path: String
    let folder: NoteFolder
    /// The folder part of `path` (`pages/Projects`), empty never: every note is in a folder.
    let directory: String
    /// The file name without `.md`, which is also the note's title.
    let stem: String
    /// The size the composer aims for, in bytes.
    let targetSize: Int
    /// `## ` headings the note will contain, which `[[Note#Heading]]` links may name.
    let headings: [String]
    /// A `^block-id` the note will contain, which `[[Note#^id]]` links may name.
    let blockID: String?
    /// The journal's day, for journals.
    let date: CalendarDate?

    /// The path without its `.md` extension: the target of `[[folder/Note]]` links.
    var pathWithoutExtension: String {
        String(path.dropLast(3))
    }
}
