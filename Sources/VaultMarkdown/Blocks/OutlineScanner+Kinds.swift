import VaultSystem

/// What the outline scan records about each line for a `NoteStructure`: code, HTML, inline
/// text and where a run of it starts, and the lines that reference definitions take.
extension OutlineScanner {
    /// Marks the current line (or `line`) as `kind`, when kinds are recorded.
    mutating func mark(_ kind: LineKind, line: Int? = nil) {
        guard recordsKinds else { return }
        let index = line ?? lineNumber
        if index > 0 && index < kinds.count { kinds[index].formUnion(kind) }
    }

    /// The open paragraph became something else (a heading, a table's header row): the
    /// reference definitions at its start are settled.
    mutating func endParagraph() {
        guard recordsKinds else { return }
        references.finishParagraph()
        markDefinitions()
    }

    /// The lines of definitions found since the last call are definitions, not inline text:
    /// no code span starts in them.
    mutating func markDefinitions() {
        while markedDefinitions < references.definitions.count {
            for line in references.definitions[markedDefinitions].lines where line < kinds.count {
                kinds[line].remove(.inline)
                kinds[line].insert(.referenceDefinition)
            }
            markedDefinitions += 1
        }
    }

    /// The reference definitions, in order.
    package var referenceDefinitions: [ReferenceDefinition] { references.definitions }
}
