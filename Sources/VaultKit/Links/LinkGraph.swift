import Dispatch
import Foundation

/// One link and where it goes.
public struct LinkEdge: Sendable, Equatable {
    /// The note the link is written in.
    public var source: String
    public var link: Link
    public var resolution: Resolution
    /// The link exactly as written.
    public var text: String
    /// The line the link is on, trimmed.
    public var context: String
}

/// The links of a vault's notes, resolved: what `links`, `backlinks` and `check` show and
/// what a rename must keep (DESIGN.md 4). Notes in the trash are never read.
public struct LinkGraph: Sendable {
    /// Every link read, grouped by source in path order.
    public var edges: [LinkEdge]
    /// Notes whose links could not be read (not downloaded, unreadable, not UTF-8).
    public var skipped: [VaultWarning]

    /// Reads and resolves the links of the notes of `scan` that pass `filter`.
    ///
    /// - Parameters:
    ///   - notes: which notes to read (default: every note outside the trash).
    ///   - needles: when given, a note is parsed only if its bytes may hold one of them.
    public static func build(
        vault: Vault, scan: VaultScan, index: LinkIndex, notes: [Note]? = nil, needles: LinkNeedles? = nil
    ) -> LinkGraph {
        let selected = (notes ?? scan.notes).filter { $0.kind != .trash }
        let results = Slots<([LinkEdge], VaultWarning?)>(count: selected.count)
        let next = Counter()
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, selected.count / 64 + 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let position = next.increment()
                if position >= selected.count { break }
                results[position] = read(selected[position], vault: vault, index: index, needles: needles)
            }
        }
        var edges: [LinkEdge] = []
        var skipped: [VaultWarning] = []
        for case let (found, warning)? in results.values {
            edges += found
            if let warning { skipped.append(warning) }
        }
        return LinkGraph(edges: edges, skipped: skipped)
    }

    private static func read(_ note: Note, vault: Vault, index: LinkIndex, needles: LinkNeedles?) -> ([LinkEdge], VaultWarning?) {
        let bytes: [UInt8]
        do {
            bytes = try vault.walkedContents(of: note)
        } catch VaultError.noteNotDownloaded {
            return ([], VaultWarning(path: note.path, message: "not downloaded, so its links are not known yet"))
        } catch VaultError.noteUnavailable(_, let reason) {
            return ([], VaultWarning(path: note.path, message: "links not read: \(reason)"))
        } catch {
            return ([], VaultWarning(path: note.path, message: "links not read: \(error)"))
        }
        if let needles, !needles.mayMatch(bytes) { return ([], nil) }
        guard NoteReader.isUTF8(bytes, complete: true) else {
            return ([], VaultWarning(path: note.path, message: "not valid UTF-8; its links are not read and never rewritten"))
        }
        let document = MarkdownDocument(bytes: bytes)
        let edges = LinkScanner.links(in: document).map { link in
            LinkEdge(
                source: note.path, link: link, resolution: index.resolve(link, from: note.path),
                text: bytes.utf8String(link.range),
                context: bytes.utf8String(document.sourceMap.range(ofLine: link.line, in: bytes)).trimmed())
        }
        return (edges, nil)
    }

    /// The links that resolve to `path`.
    public func backlinks(to path: String) -> [LinkEdge] {
        edges.filter { $0.resolution.path == path && !$0.link.isSelfLink }
    }
}

extension Vault {
    /// The link index of a scan: its notes and attachments outside the trash.
    public func linkIndex(_ scan: VaultScan) -> LinkIndex {
        LinkIndex(notes: scan.notes.map(\.path), assets: scan.assets, layout: layout)
    }
}
