import TestSupport
import Testing
@testable import VaultKit
@testable import VaultMarkdown

/// A rename resolves links against the index after its moves: made from the index before,
/// with the moved files' keys changed, it must answer as an index made of the moved paths.
@Suite("The link index after a move")
struct LinkIndexMovingTests {
    private static let folders = ["", "pages", "pages/Projects", "pages/Areas/Minor", "journals", "inbox", "archive", "trash"]
    private static let names = ["Plan", "plan", "Roadmap", "Café", "Cafe\u{301}", "a.b", "Notes", "Übersicht", "2026-11-30"]
    private static let noteExtensions = [".md", ".md", ".md", ".markdown", ".org"]

    /// A vault of notes and attachments whose names often collide.
    private func files(_ generator: inout SeededGenerator) -> (notes: [String], assets: [String]) {
        var notes: Set<String> = []
        var assets: Set<String> = []
        for _ in 0..<Int.random(in: 20...60, using: &generator) {
            let folder = Self.folders.randomElement(using: &generator)!
            let name = Self.names.randomElement(using: &generator)! + (Bool.random(using: &generator) ? "" : " \(Int.random(in: 1...3, using: &generator))")
            let path = (folder.isEmpty ? "" : folder + "/") + name
            if Int.random(in: 0..<5, using: &generator) == 0 {
                assets.insert(path + [".png", ".pdf"].randomElement(using: &generator)!)
            } else {
                notes.insert(path + Self.noteExtensions.randomElement(using: &generator)!)
            }
        }
        return (notes.sorted(), assets.sorted())
    }

    /// Moves of one kind: a rename in place, a move to another folder, a new extension, a
    /// folder's files, two files swapped, into or out of the trash.
    private func moves(_ notes: [String], _ assets: [String], _ generator: inout SeededGenerator) -> [String: String] {
        let all = notes + assets
        let taken = Set(all)
        func free(_ path: String) -> Bool { !taken.contains(path) }
        let file = all.randomElement(using: &generator)!
        let folder = LinkIndex.folder(of: file)
        let name = file.fileName
        let stem = NoteFiles.stem(name)
        let ext = String(name.dropFirst(stem.count))
        switch Int.random(in: 0..<7, using: &generator) {
        case 0:
            let renamed = (folder.isEmpty ? "" : folder + "/") + Self.names.randomElement(using: &generator)! + " moved" + ext
            return free(renamed) ? [file: renamed] : [:]
        case 1:
            let elsewhere = Self.folders.randomElement(using: &generator)!
            let moved = (elsewhere.isEmpty ? "" : elsewhere + "/") + name
            return free(moved) ? [file: moved] : [:]
        case 2:
            guard notes.contains(file) else { return [:] }
            let moved = (folder.isEmpty ? "" : folder + "/") + stem + (ext == ".md" ? ".markdown" : ".md")
            return free(moved) ? [file: moved] : [:]
        case 3:
            guard !folder.isEmpty else { return [:] }
            var moves: [String: String] = [:]
            for path in all where path.hasPrefix(folder + "/") { moves[path] = "moved/" + path }
            return moves
        case 4:
            let other = all.randomElement(using: &generator)!
            return other == file ? [:] : [file: other, other: file]
        case 5:
            let moved = "trash/" + name
            return free(moved) ? [file: moved] : [:]
        default:
            let moved = name.lowercased() == name ? name.uppercased() : name.lowercased()
            let path = (folder.isEmpty ? "" : folder + "/") + moved
            return free(path) ? [file: path] : [:]
        }
    }

    /// What a link may say: each file's path, name and stem, before and after, written as
    /// by name, by path, relative, with or without an extension, in another case.
    private func targets(_ paths: [String]) -> [String] {
        var targets = ["Plan", "./Plan", "../Plan", "pages/Plan", "/pages/Plan.md", "missing", "Projects/Plan", "Areas/Minor/Plan"]
        for path in paths {
            let stem = NoteFiles.stem(path.fileName)
            targets += [path, NoteFiles.stem(path), path.fileName, stem, stem.uppercased(), "./" + path.fileName, "../" + path, "/" + path]
        }
        return targets
    }

    @Test("every link resolves after a move as it does in an index made of the moved paths", arguments: 0..<40)
    func movedMatchesRebuilt(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let (notes, assets) = files(&generator)
        let moves = moves(notes, assets, &generator)
        let layout = VaultLayout.standard
        let before = LinkIndex(notes: notes, assets: assets, layout: layout)
        let moved = before.moving(moves, notes: notes, assets: assets, layout: layout)
        let rebuilt = LinkIndex(notes: notes.map { moves[$0] ?? $0 }, assets: assets.map { moves[$0] ?? $0 }, layout: layout)
        let after = notes.map { moves[$0] ?? $0 } + assets.map { moves[$0] ?? $0 }
        let origins = [""] + Array(after.prefix(6)) + ["pages/Projects/Here.md", "archive/x.md"]
        var wrong: [String] = []
        for target in targets(notes + assets + after) {
            for origin in origins {
                for (form, resolve) in [
                    ("wiki", { (index: LinkIndex) in index.resolveWikilink(target, from: origin) }),
                    ("markdown", { (index: LinkIndex) in index.resolveMarkdown(target, from: origin) }),
                ] {
                    let (a, b) = (resolve(moved), resolve(rebuilt))
                    if a != b || a.file != b.file { wrong.append("\(form) \(target) from \(origin): \(a) against \(b)") }
                }
            }
        }
        for path in after + notes + assets {
            if moved.contains(path) != rebuilt.contains(path) || moved.file(at: path) != rebuilt.file(at: path) { wrong.append("at \(path)") }
        }
        #expect(moved.fileCount == rebuilt.fileCount)
        #expect(wrong.isEmpty, "\(moves): \(wrong.prefix(5))")
    }

    @Test("a move of a few files shares the index's postings; a move into the trash makes the index anew")
    func sharesPostings() {
        let notes = ["pages/Plan.md", "pages/Roadmap.md", "inbox/Plan.md"] + (0..<20).map { "pages/Note \($0).md" }
        let layout = VaultLayout.standard
        let before = LinkIndex(notes: notes, assets: [], layout: layout)
        let renamed = before.moving(["pages/Plan.md": "pages/Plans.md"], notes: notes, assets: [], layout: layout)
        #expect(renamed.moved?.numbers == [0])
        #expect(renamed.resolveWikilink("Plan", from: "pages/Here.md") == Resolution(path: "inbox/Plan.md", candidates: 1))
        #expect(renamed.resolveWikilink("Plans", from: "inbox/Here.md") == Resolution(path: "pages/Plans.md", candidates: 1))
        // Moved beside a file its path differs from only in case, the moved file comes first
        // by number, as in an index made anew.
        let cased = ["inbox/Plan.md", "pages/plan.md"] + (0..<20).map { "pages/Note \($0).md" }
        let index = LinkIndex(notes: cased, assets: [], layout: layout)
        let beside = index.moving(["inbox/Plan.md": "pages/Plan.md"], notes: cased, assets: [], layout: layout)
        #expect(beside.resolveWikilink("pages/PLAN", from: "") == Resolution(path: "pages/Plan.md", candidates: 1))
        #expect(beside.resolveWikilink("pages/PLAN", from: "").file == 0)
        let trashed = before.moving(["pages/Plan.md": "trash/Plan.md"], notes: notes, assets: [], layout: layout)
        #expect(trashed.moved == nil && trashed.fileCount == notes.count - 1)
    }
}
