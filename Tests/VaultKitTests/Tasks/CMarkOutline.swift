import Foundation
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The list structure of a note as cmark reports it, the oracle the fast `OutlineScanner`
/// is checked against: list item lines with their parent item's line, and the tasks among
/// them (the task pattern on the item's line, outside comments).
struct CMarkOutline: Equatable {
    /// A list item: its line and the line of the item that holds it (nil at the top).
    struct Item: Hashable, CustomStringConvertible {
        var line: Int
        var parentLine: Int?
        var description: String { "\(line)<\(parentLine.map(String.init) ?? "-")" }
    }

    /// A task: its line, marker and the line of its parent task.
    struct Task: Hashable, CustomStringConvertible {
        var line: Int
        var marker: String
        var parentLine: Int?
        var description: String { "\(line)[\(marker)]<\(parentLine.map(String.init) ?? "-")" }
    }

    var items: [Item]
    var tasks: [Task]

    /// What cmark says about `bytes`.
    init(cmark bytes: [UInt8]) {
        let document = MarkdownDocument(bytes: bytes)
        var stack: [Int] = []
        var items: [Item] = []
        for item in CMarkBlocks(bytes).listItems {
            if stack.count >= item.depth { stack.removeSubrange((item.depth - 1)...) }
            items.append(Item(line: item.line, parentLine: stack.last))
            stack.append(item.line)
        }
        self.items = items
        var tasks: [Task] = []
        var taskLines: Set<Int> = []
        if let frontmatter = document.frontmatter, TaskScanner.optsOut(frontmatter) {
            self.tasks = []
            return
        }
        // Several items may start on one line (`- - [ ] x`); the task is the innermost.
        var lastOnLine: [Int: Int] = [:]
        for (index, item) in items.enumerated() { lastOnLine[item.line] = index }
        let parents = Dictionary(items.map { ($0.line, $0.parentLine) }, uniquingKeysWith: { first, _ in first })
        for (line, _) in lastOnLine.sorted(by: { $0.key < $1.key }) {
            let range = document.sourceMap.range(ofLine: line, in: bytes)
            guard let (bracket, marker) = Self.taskPattern(bytes, range),
                !document.comments.contains(where: { $0.contains(bracket) })
            else { continue }
            var parent = parents[line] ?? nil
            while let candidate = parent, !taskLines.contains(candidate) { parent = parents[candidate] ?? nil }
            tasks.append(Task(line: line, marker: marker, parentLine: parent))
            taskLines.insert(line)
        }
        self.tasks = tasks
    }

    /// What the fast scanner says about `bytes`.
    init(fast bytes: [UInt8]) {
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var start = hasBOM ? 3 : 0
        var firstLine = 1
        if let frontmatter = Frontmatter.locate(in: bytes, from: start) {
            start = frontmatter.byteRange.upperBound
            firstLine = frontmatter.lines.upperBound + 1
        }
        let outline = bytes.withUnsafeBufferPointer { text in
            var scanner = OutlineScanner(text: text)
            scanner.scan(from: start, firstLine: firstLine)
            return scanner.items
        }
        items = outline.map { Item(line: $0.line, parentLine: $0.parent >= 0 ? outline[$0.parent].line : nil) }
        let lines = Dictionary(
            TaskScanner.tasks(in: bytes, origin: .init(path: "x.md", kind: .page)).map { ($0.line, $0) },
            uniquingKeysWith: { first, _ in first })
        tasks = lines.values.sorted { $0.line < $1.line }.map { task in
            Task(
                line: task.line, marker: task.marker,
                parentLine: task.parent.flatMap { reference in
                    Int(reference.split(separator: ":").last!.split(separator: "@").first!)
                })
        }
    }

    /// `[ \t>]* marker [ \t]+ [c]` then white space or the end: the bracket and the character.
    static func taskPattern(_ bytes: [UInt8], _ range: Range<Int>) -> (Int, String)? {
        var position = range.lowerBound
        if position == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        while position < range.upperBound && [0x20, 0x09, UInt8(ascii: ">")].contains(bytes[position]) { position += 1 }
        guard position < range.upperBound else { return nil }
        if "-*+".utf8.contains(bytes[position]) {
            position += 1
        } else {
            let digits = position
            while position < range.upperBound && bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1 }
            guard position > digits, position - digits <= 9, position < range.upperBound,
                bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ")")
            else { return nil }
            position += 1
        }
        let spaces = position
        while position < range.upperBound && (bytes[position] == 0x20 || bytes[position] == 0x09) { position += 1 }
        guard position > spaces else { return nil }
        let checkbox = bytes.withUnsafeBufferPointer { TaskSyntax.checkbox($0, at: position) }
        guard let checkbox, checkbox.upperBound < range.upperBound || checkbox.upperBound <= range.upperBound else {
            return nil
        }
        return (position, String(decoding: bytes[checkbox], as: UTF8.self))
    }
}
