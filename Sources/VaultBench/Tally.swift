/// What the generator wrote, counted as it writes: the numbers the manifest promises.
struct Tally: Sendable {
    /// Links written, indexed like `LinkForm.allCases`.
    var links: [Int]
    /// Tasks written, indexed like `TaskMark.allCases`.
    var tasks: [Int]
    /// Tasks indented under a parent list item.
    var nestedTasks = 0
    /// Tasks inside a block quote (`> - [ ] x`).
    var quotedTasks = 0
    /// Links to notes that do not exist.
    var danglingLinks = 0
    /// `[[...]]` written inside code (fenced blocks and inline spans): not links.
    var fakeLinksInCode = 0
    /// Task-shaped lines inside fenced code blocks: not tasks.
    var fakeTasksInCode = 0
    /// `[[...]]` inside HTML comments: not links.
    var linksInComments = 0
    /// Escaped `\[\[...]]`: not links.
    var escapedLinks = 0
    /// Empty `[[]]`: not links.
    var emptyLinks = 0
    var notesWithFrontmatter = 0
    /// Inbound `[[...]]` links per note index, from notes outside `trash/`.
    var inbound: [Int32]
    /// Bytes written per note index.
    var sizes: [Int32]

    /// An empty tally for a vault of `noteCount` notes.
    init(noteCount: Int) {
        links = Array(repeating: 0, count: LinkForm.allCases.count)
        tasks = Array(repeating: 0, count: TaskMark.allCases.count)
        inbound = Array(repeating: 0, count: noteCount)
        sizes = Array(repeating: 0, count: noteCount)
    }

    /// Counts one link of `form`.
    mutating func count(_ form: LinkForm) {
        links[LinkForm.allCases.firstIndex(of: form)!] += 1
    }

    /// Counts one task in `mark`.
    mutating func count(_ mark: TaskMark) {
        tasks[TaskMark.allCases.firstIndex(of: mark)!] += 1
    }

    /// Adds another tally's counts to this one (addition: the order of merging is irrelevant).
    mutating func merge(_ other: Tally) {
        for index in links.indices { links[index] += other.links[index] }
        for index in tasks.indices { tasks[index] += other.tasks[index] }
        nestedTasks += other.nestedTasks
        quotedTasks += other.quotedTasks
        danglingLinks += other.danglingLinks
        fakeLinksInCode += other.fakeLinksInCode
        fakeTasksInCode += other.fakeTasksInCode
        linksInComments += other.linksInComments
        escapedLinks += other.escapedLinks
        emptyLinks += other.emptyLinks
        notesWithFrontmatter += other.notesWithFrontmatter
        for index in inbound.indices { inbound[index] += other.inbound[index] }
        for index in sizes.indices { sizes[index] += other.sizes[index] }
    }
}
