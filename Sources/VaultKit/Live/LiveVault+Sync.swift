import VaultMarkdown
import VaultSystem

/// What sync tools left that bears on one note, in the words `vault doctor` uses for it.
public struct SyncProblem: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A link that names a conflict copy: copies are no notes, so it leads nowhere.
        case conflictCopyLink = "conflict-copy-link"
        /// A link to a note that is an iCloud placeholder: its text is not on this machine.
        case placeholderLink = "placeholder-link"
        /// A sync tool left a conflict copy of this note beside it.
        case conflictCopy = "conflict-copy"
        /// The note holds git's merge conflict markers (one problem per section).
        case mergeConflict = "merge-conflict"
        /// Notes not downloaded from iCloud may link here: the backlinks shown may be short.
        case hiddenLinks = "placeholders"
    }

    public var kind: Kind
    /// The link concerned, for the two kinds about links.
    public var link: Link?
    /// The 1-based line concerned, for the others.
    public var line: Int
    /// What is wrong and how to fix it, for the person reading the note.
    public var message: String
}

extension LiveVault {
    /// The sync problems of a note as its text stands now (an open document's included):
    /// links into conflict copies and to placeholders, the note's own conflict copies, its
    /// merge conflict markers (in a git work tree) and the placeholders that may hide links
    /// to it. Read from the last walk and the note's text: nothing else is scanned.
    public func syncProblems(in path: String) -> [SyncProblem] {
        var found: [SyncProblem] = []
        let copies = scan.conflictCopies
        // Copies are kept out of the link index; a small one of their own says which a
        // dangling link names, by the same rules.
        let copyIndex = copies.isEmpty ? nil : LinkIndex(notes: copies.map(\.path), assets: [], layout: vault.layout)
        for resolved in links(of: path) where resolved.link.form != .referenceUse {
            let link = resolved.link
            if let target = resolved.resolution.path {
                guard let note = note(at: target), note.availability == .placeholder, !link.isSelfLink else { continue }
                let finding = VaultDoctor.placeholderFinding(target)
                found.append(SyncProblem(kind: .placeholderLink, link: link, line: link.line, message: "\(target) is \(finding.message) (\(finding.fix))"))
            } else if let copyIndex, let copyPath = copyIndex.resolve(link, from: path).path,
                let copy = copies.first(where: { $0.path == copyPath })
            {
                let finding = VaultDoctor.finding(copy)
                found.append(SyncProblem(
                    kind: .conflictCopyLink, link: link, line: link.line,
                    message: "\(copy.path) is \(finding.message), not a note: the link leads nowhere (\(finding.fix))"))
            }
        }
        for copy in copies where copy.originalPath == path {
            let finding = VaultDoctor.finding(copy)
            found.append(SyncProblem(kind: .conflictCopy, link: nil, line: 1, message: "\(copy.path) is \(finding.message) (\(finding.fix))"))
        }
        if let bytes = try? text(of: path), MergeConflict.mayHoldMarkers(bytes), vault.gitWorkTree != nil {
            let sections = MergeConflict.sections(in: bytes)
            if let finding = VaultDoctor.mergeConflictFinding(path, sections: sections) {
                for section in sections {
                    found.append(SyncProblem(kind: .mergeConflict, link: nil, line: section.line, message: "this note \(finding.message) (\(finding.fix))"))
                }
            }
        }
        let placeholders = self.placeholders.filter { $0 != path }
        if let first = placeholders.first {
            let count = placeholders.count == 1 ? "1 note is" : "\(placeholders.count) notes are"
            found.append(SyncProblem(
                kind: .hiddenLinks, link: nil, line: 1,
                message: "\(count) not downloaded from iCloud (\(first)\(placeholders.count > 1 ? ", …" : "")): links from them to this note are not known"))
        }
        return found
    }
}
