import FoundationEssentials
import VaultKit
import VaultMarkdown
import VaultRPC
import VaultSystem

/// Renames through the editor: the rename planner's change as a `WorkspaceEdit` the editor
/// applies (a `RenameFile` and every link rewritten, each in its own form, as `vault rename`
/// writes them), or applied on disk by the one executor (`vault.rename`); on an inline tag,
/// or a tag of the frontmatter, the tag in every note, as `vault tags rename` rewrites it.
extension LanguageServer {
    /// The note a rename at the request's position renames, and the bytes of the document
    /// that stand for its name: the target of a link, or the note's own title heading.
    /// What a rename renames: a note, or a heading of the document's note.
    enum RenameSubject {
        case note(String)
        case heading(Heading, in: String)
        case tag(String)
    }

    func renameTarget(_ params: JSONValue?) throws(RPCError) -> (subject: RenameSubject, range: Range<Int>, document: OpenDocument) {
        guard let live else { throw RPCError(code: Self.serverNotInitialized, message: "no vault is open") }
        let (document, path) = try document(params)
        let offset = try offset(params, in: document)
        if let resolved = link(at: offset, in: path), !resolved.link.isSelfLink {
            guard let target = resolved.resolution.path else {
                // A Logseq tag names a page; with no page of that name, it is the tag that
                // is renamed, as `vault tags rename` does.
                if let tag = Self.logseqTag(at: offset, in: document, dialect: live.vault.dialect.forFile(path)) { return (.tag(tag.name), tag.range, document) }
                throw RPCError(code: Self.requestFailed, message: "\(resolved.link.target) leads to no note, so there is nothing to rename")
            }
            guard live.note(at: target) != nil else {
                throw RPCError(code: Self.requestFailed, message: "\(target) is an attachment; rename it as a file (the editor's file rename) instead")
            }
            return (.note(target), resolved.link.targetRange, document)
        }
        let structure = NoteStructure(bytes: document.bytes, extent: .whole, dialect: live.vault.dialect)
        if let tag = TagScanner.inlineTagRanges(in: structure).first(where: { $0.range.lowerBound < offset && offset <= $0.range.upperBound }) {
            return (.tag(tag.name), (tag.range.lowerBound + 1)..<tag.range.upperBound, document)
        }
        if let tag = TagRewrite.frontmatterTag(at: offset, in: document.bytes, dialect: live.vault.dialect) {
            return (.tag(tag.name), tag.range, document)
        }
        let line = document.lines.position(of: offset).line
        let headings = live.facts(of: path)?.headings ?? []
        if let heading = headings.first(where: { $0.line == line + 1 }), let range = Self.headingText(line: line, in: document) {
            let isTitle = heading.line == headings.first?.line && heading.level == 1
            return (isTitle ? .note(path) : .heading(heading, in: path), range, document)
        }
        throw RPCError(
            code: Self.requestFailed, message: "put the cursor on a link to a note, on the note's title heading, on a heading or on a #tag to rename it")
    }

    /// The tag of a Logseq page whose name holds `offset`: an inline `#tag` (its name without
    /// `#`) or an item of the page's `tags::` property.
    static func logseqTag(at offset: Int, in document: OpenDocument, dialect: NoteDialect) -> (name: String, range: Range<Int>)? {
        let structure = NoteStructure(bytes: document.bytes, extent: .whole, dialect: dialect)
        if let tag = TagScanner.inlineTagRanges(in: structure).first(where: { $0.range.lowerBound < offset && offset <= $0.range.upperBound }) {
            return (tag.name, TagScanner.nameRange(ofTag: tag.range, in: document.bytes))
        }
        return TagRewrite.propertyTag(at: offset, in: document.bytes, dialect: dialect)
    }

    /// The bytes of a heading line's text, without its `#` marks and the spaces around it.
    static func headingText(line: Int, in document: OpenDocument) -> Range<Int>? {
        guard let start = document.lines.offset(line: line, character: 0) else { return nil }
        let bytes = document.bytes
        var lower = start
        let end = document.lines.contentEnd(ofLine: line)
        while lower < end && (bytes[lower] == 0x20 || bytes[lower] == UInt8(ascii: "#")) { lower += 1 }
        var upper = end
        while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09) { upper -= 1 }
        return lower < upper ? lower..<upper : nil
    }

    func prepareRename(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        let target = try renameTarget(params)
        let placeholder: String
        switch target.subject {
        case .note(let note): placeholder = NoteFiles.stem(note.split(separator: "/").last.map(String.init) ?? note)
        case .heading(let heading, _): placeholder = heading.text
        case .tag(let name): placeholder = name
        }
        return .members(["range": .range(target.range, in: target.document.lines), "placeholder": .string(placeholder)])
    }

    func rename(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { throw RPCError(code: Self.serverNotInitialized, message: "no vault is open") }
        guard let title = params?["newName"]?.stringValue else { throw .invalidParams("newName is missing") }
        let target = try renameTarget(params)
        if case .tag(let name) = target.subject {
            let plan: TagRenamePlan
            do { plan = try TagRenamer(vault: live.vault).plan(TagRename(name, to: title, pageNames: live.vault.dialect.isLogseq)) } catch { throw Self.failure(error) }
            return try workspaceEdit(plan)
        }
        if case .heading(let heading, let path) = target.subject {
            // An unsaved text that links to the note may link to the heading: the plan, made
            // from the files, would leave that link behind. Asked first, so that a note not
            // saved yet is told so, not that its file cannot be opened.
            let linking = Set(live.linkRanges(to: path).map(\.source))
            try refuseUnsaved([path]) { linking.contains($0) }
            let plan: RenamePlan
            do { plan = try HeadingRename(live: live).plan(heading, in: path, to: title) } catch { throw Self.failure(error) }
            return try workspaceEdit(plan, renamingFiles: false)
        }
        guard case .note(let note) = target.subject, clientCanRenameFiles else {
            throw RPCError(
                code: Self.requestFailed,
                message: "this editor cannot rename files in an edit; run the command vault.rename, which renames on disk")
        }
        let plan: RenamePlan
        do { plan = try RenamePlanner(vault: live.vault).planRename(note, to: title) } catch { throw Self.failure(error) }
        return try workspaceEdit(plan, renamingFiles: true)
    }

    func willRenameFiles(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { return .null }
        var moves: [(String, String)] = []
        for file in params?["files"]?.arrayValue ?? [] {
            guard let old = file["oldUri"]?.stringValue, let new = file["newUri"]?.stringValue else {
                throw .invalidParams("each file needs oldUri and newUri")
            }
            // Only notes, attachments and folders of them have links to keep right.
            guard let from = vaultPath(of: old), live.note(at: from) != nil || live.scan.assets.contains(from)
                || live.scan.notes.contains(where: { $0.path.hasPrefix(from + "/") }) || live.scan.assets.contains(where: { $0.hasPrefix(from + "/") })
            else { continue }
            guard let to = vaultPath(of: new) else {
                throw RPCError(code: Self.requestFailed, message: "\(new) is outside the vault; links to \(from) are left as they are")
            }
            moves.append((from, to))
        }
        guard let (from, to) = moves.first else { return .null }
        guard moves.count == 1 else {
            throw RPCError(code: Self.requestFailed, message: "links are rewritten for one file or folder renamed at a time")
        }
        let plan: RenamePlan
        do { plan = try RenamePlanner(vault: live.vault).planMove(from, to: to) } catch { throw Self.failure(error) }
        return try workspaceEdit(plan, renamingFiles: false)
    }

    /// A plan as the editor's edit: the rewrites of every note (open ones at their versions)
    /// against their old names, then the renames, so that each edit finds its file.
    ///
    /// - Throws: `requestFailed` when a note the plan rewrites or moves is open with unsaved
    ///   changes: the plan was made from the file, and would not fit the buffer.
    func workspaceEdit(_ plan: RenamePlan, renamingFiles: Bool) throws(RPCError) -> JSONValue {
        try refuseUnsaved(plan)
        var changes: [JSONValue] = []
        for edit in plan.edits where !edit.replacements.isEmpty {
            changes.append(try replacementsEdit(of: edit.source, edit.patch))
        }
        if renamingFiles {
            for move in plan.moves + plan.sidecarMoves {
                changes.append(.members([
                    "kind": .string("rename"), "oldUri": .string(uri(of: move.from)),
                    "newUri": .string(DocumentURI.uri(of: live?.vault.absolutePath(move.to) ?? move.to)),
                ]))
            }
        }
        for warning in plan.skipped { show("vault: \(warning.description)", type: 2) }
        return .members(["documentChanges": .array(changes)])
    }

    /// A tag rename as the editor's edit: the replacements of each note.
    func workspaceEdit(_ plan: TagRenamePlan) throws(RPCError) -> JSONValue {
        // The plan was made from the files: an unsaved text holding the tag is not in it.
        try refuseUnsaved(plan.edits.map(\.path)) { [live] path in
            live?.facts(of: path)?.tags.contains { plan.rename.renamed($0) != nil } ?? false
        }
        var changes: [JSONValue] = []
        for edit in plan.edits {
            changes.append(try replacementsEdit(of: edit.path, edit.patch))
        }
        for warning in plan.skipped { show("vault: \(warning.description)", type: 2) }
        return .members(["documentChanges": .array(changes)])
    }

    /// A note's patch as the editor's edit, each replacement at its place (at the open
    /// document's version, when it is open).
    ///
    /// - Throws: `requestFailed` when the file no longer holds the text the patch was made
    ///   from: its positions count in that text.
    func replacementsEdit(of path: String, _ patch: TextPatch) throws(RPCError) -> JSONValue {
        let uri = uri(of: path)
        let read = live.flatMap { try? $0.vault.fileSystem.readFile($0.vault.absolutePath(path)) }
        guard let read, ContentHash.of(read) == patch.beforeHash else {
            throw RPCError(code: Self.requestFailed, message: "\(path) changed while the rename was planned; try again")
        }
        let lines = LineMap(read)
        return .members([
            "textDocument": .members(["uri": .string(uri), "version": documents[uri].map { .int($0.version) } ?? .null]),
            "edits": .array(patch.replacements.map { replacement in
                .members(["range": .range(replacement.range, in: lines), "newText": .string(replacement.text)])
            }),
        ])
    }

    /// A note's change as the editor's edit of one span, from the first byte that changes to
    /// the last (cut at whole characters), so the editor keeps the rest; at the open
    /// document's version, when it is open.
    func spanEdit(of path: String, from before: [UInt8], to after: [UInt8]) -> JSONValue {
        var prefix = 0
        while prefix < min(before.count, after.count) && before[prefix] == after[prefix] { prefix += 1 }
        while prefix > 0 && prefix < before.count && before[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix && before[before.count - 1 - suffix] == after[after.count - 1 - suffix] {
            suffix += 1
        }
        while suffix > 0 && before[before.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let uri = uri(of: path)
        let text = String(decoding: after[prefix..<(after.count - suffix)], as: UTF8.self)
        return .members([
            "textDocument": .members(["uri": .string(uri), "version": documents[uri].map { .int($0.version) } ?? .null]),
            "edits": .array([.members(["range": .range(prefix..<(before.count - suffix), in: LineMap(before)), "newText": .string(text)])]),
        ])
    }

    /// Refuses a move or rename whose notes differ in their open documents from their files:
    /// those it rewrites or moves, and those whose unsaved text links to a moved note, which
    /// the plan, made from the files, does not rewrite.
    func refuseUnsaved(_ plan: RenamePlan) throws(RPCError) {
        let linking = Set(plan.moves.flatMap { move in live?.linkRanges(to: move.from).map(\.source) ?? [] })
        try refuseUnsaved(plan.edits.map(\.source) + plan.moves.map(\.from)) { linking.contains($0) }
    }

    /// Refuses a change to notes whose open documents differ from their files: `paths`, and
    /// those open ones for which `holds` is true (their text holds what the change rewrites).
    func refuseUnsaved(_ paths: [String], holding holds: (String) -> Bool = { _ in false }) throws(RPCError) {
        guard let live else { return }
        let wanted = Set(paths)
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
            guard let path = document.path, wanted.contains(path) || holds(path) else { continue }
            let saved = try? live.vault.fileSystem.readFile(live.vault.absolutePath(path))
            if saved != document.bytes {
                // The server cannot tell an edit not saved from a file changed by another
                // program since the editor read it: either way, the two differ.
                throw RPCError(
                    code: Self.requestFailed,
                    message: "\(path) in the editor differs from the file on disk (unsaved changes, or the file changed elsewhere); save or reload it, then rename")
            }
        }
    }

    /// `vault.rename` with `[note, new title]` (the note as a URI or a vault-relative path):
    /// the rename done on disk through the journaled executor, as `vault rename` does it.
    func executeCommand(_ params: JSONValue?) throws(RPCError) -> JSONValue {
        guard let live else { throw RPCError(code: Self.serverNotInitialized, message: "no vault is open") }
        let arguments = params?["arguments"]?.arrayValue ?? []
        if params?["command"]?.stringValue == "vault.backlinks" { return try backlinksCommand(arguments) }
        guard params?["command"]?.stringValue == "vault.rename" else {
            throw .invalidParams("unknown command \(params?["command"]?.stringValue ?? "(none)"); this server has vault.rename and vault.backlinks")
        }
        guard arguments.count == 2, let name = arguments[0].stringValue, let title = arguments[1].stringValue else {
            throw .invalidParams("vault.rename takes two arguments: the note (a URI or a path in the vault) and its new title")
        }
        let note: String
        if name.hasPrefix("file:") {
            guard let path = vaultPath(of: name) else { throw RPCError(code: Self.requestFailed, message: "\(name) is not a note of the vault") }
            note = path
        } else {
            note = name
        }
        let report: ChangeReport
        let plan: RenamePlan
        let openEdits: [String: JSONValue]
        do {
            plan = try RenamePlanner(vault: live.vault).planRename(note, to: title)
            try refuseUnsaved(plan)
            openEdits = self.openEdits(plan)
            let summary = plan.moves.map { "\($0.from) -> \($0.to)" }.joined(separator: ", ")
            report = try ChangeExecutor(vault: live.vault).apply(plan, summary: "move " + summary)
            try live.refresh()
        } catch {
            throw Self.failure(error)
        }
        let left = Set(report.conflicts.map(\.path))
        tellEditor(plan, openEdits: openEdits.filter { !left.contains($0.key) })
        publishDiagnostics()
        return .members([
            "moved": .array(plan.moves.map { .members(["from": .string($0.from), "to": .string($0.to)]) }),
            "rewritten": .array(plan.edits.filter { !left.contains($0.path) }.map { .string($0.path) }),
            "conflicts": .array(report.conflicts.map { .string($0.description) }),
        ])
    }

    /// The rewrites of the plan's notes open in the editor, by path, as edits of their
    /// documents: they hold the files' text (unsaved changes are refused first), so the
    /// plan's replacements fit them.
    private func openEdits(_ plan: RenamePlan) -> [String: JSONValue] {
        let moved = Set(plan.moves.map(\.from))
        var edits: [String: JSONValue] = [:]
        for edit in plan.edits where !edit.replacements.isEmpty && !moved.contains(edit.source) {
            guard let document = documents.values.first(where: { $0.path == edit.source }) else { continue }
            edits[edit.source] = .members([
                "textDocument": .members(["uri": .string(document.uri), "version": .int(document.version)]),
                "edits": .array(edit.replacements.map { replacement in
                    .members(["range": .range(replacement.range, in: document.lines), "newText": .string(replacement.text)])
                }),
            ])
        }
        return edits
    }

    /// The editor did not take the edits of the open notes a rename on disk rewrote: their
    /// buffers hold the old text, which a save would write back.
    func warnRenameEditsRefused() {
        show("vault: the editor did not take vault.rename's edits of the open notes; reload them from disk before saving", type: 2)
    }

    /// After a rename on disk: the open notes it rewrote are edited in the editor as on
    /// disk (`workspace/applyEdit`), so a save of the old text cannot undo it, and the person
    /// is told of an open note that moved, whose buffer still names its old file.
    private func tellEditor(_ plan: RenamePlan, openEdits: [String: JSONValue]) {
        if !openEdits.isEmpty {
            if clientCapabilities?["workspace"]?["applyEdit"]?.boolValue == true {
                renameEdits += 1
                send(.request(id: .string("vault-rename-\(renameEdits)"), method: "workspace/applyEdit", params: .members([
                    "label": .string("vault.rename"),
                    "edit": .members(["documentChanges": .array(openEdits.keys.sorted().compactMap { openEdits[$0] })]),
                ])))
            } else {
                show("vault: \(openEdits.keys.sorted().joined(separator: ", ")) changed on disk; reload them before saving", type: 2)
            }
        }
        for move in plan.moves where documents.values.contains(where: { $0.path == move.from }) {
            show("vault: \(move.from) is now \(move.to) on disk; close its buffer and open \(move.to) (a save would write the old name again)", type: 2)
        }
    }
}
