import Testing
@testable import VaultBench

@Suite("what the manifest promises is on disk")
struct ManifestTests {
    let manifest = TestVaults.twoThousand.manifest
    let scan = TestVaults.twoThousand.scan

    @Test("notes per folder match the files on disk")
    func notesPerFolder() {
        #expect(scan.notesPerFolder == manifest.notesPerFolder)
        #expect(scan.sizes.count == manifest.notes)
        #expect(scan.sizes.reduce(0, +) == manifest.totalBytes)
        #expect(scan.pageFolders == manifest.pageFolders)
        #expect(scan.otherFiles.filter { !$0.hasPrefix("assets/") } == [".zennotes/vault.json"])
        #expect(scan.otherFiles.count - 1 == manifest.assets && manifest.assets > 0)
        for folder in NoteFolder.allCases {
            #expect(manifest.notesPerFolder[folder.rawValue, default: 0] > 0, "no notes in \(folder)")
        }
    }

    @Test("tasks per state match a simple scan, nested and quoted ones too")
    func tasksPerState() {
        #expect(scan.tasks == manifest.tasks)
        #expect(scan.nestedTasks == manifest.nestedTasks)
        #expect(scan.quotedTasks == manifest.quotedTasks)
        for mark in TaskMark.allCases {
            #expect(manifest.tasks[mark.rawValue, default: 0] > 0, "no \(mark) tasks")
        }
        #expect(manifest.nestedTasks > 0 && manifest.quotedTasks > 0 && scan.tasksWithDates > 0)
    }

    @Test("every link form is present and counted")
    func linkForms() {
        #expect(scan.links == manifest.links)
        for form in LinkForm.allCases {
            #expect(manifest.links[form.rawValue, default: 0] > 0, "no \(form) links")
        }
    }

    @Test("links in code, comments and escapes are counted as the traps they are")
    func traps() {
        #expect(scan.fakeLinksInCode == manifest.fakeLinksInCode)
        #expect(scan.fakeTasksInCode == manifest.fakeTasksInCode)
        #expect(scan.linksInComments == manifest.linksInComments)
        #expect(scan.escapedLinks == manifest.escapedLinks)
        #expect(scan.emptyLinks == manifest.emptyLinks)
        #expect(manifest.fakeLinksInCode > 0 && manifest.fakeTasksInCode > 0 && manifest.linksInComments > 0)
    }

    @Test("every markdown link resolves relative to the note that holds it")
    func markdownLinksResolve() {
        #expect(scan.unresolvedMarkdown == [])
        #expect(scan.unresolvedAssets == 0)
    }

    @Test("only the dangling links fail to resolve")
    func onlyDanglingLinksFail() {
        #expect(manifest.danglingLinks > 0)
        #expect(scan.unresolvedWikilinks == manifest.danglingLinks)
    }

    @Test("the most-linked note really has the most inbound wikilinks")
    func mostLinked() {
        let counts = scan.inbound.values.sorted(by: >)
        #expect(scan.inbound[manifest.mostLinked.path] == manifest.mostLinked.inboundWikilinks)
        #expect(counts.first == manifest.mostLinked.inboundWikilinks)
        #expect(manifest.mostLinked.title + ".md" == manifest.mostLinked.path.split(separator: "/").last.map(String.init))
        #expect(manifest.queries.renameNote == manifest.mostLinked.path)
    }

    @Test("popularity is skewed: a few notes have far more backlinks than the typical note")
    func popularityIsSkewed() {
        let counts = scan.inbound.values.sorted(by: >)
        let median = counts[counts.count / 2]
        #expect(counts[0] > 300)
        #expect(counts[4] > 20 * median)
    }

    @Test("sizes are like real notes: a median near 1.5 KB and a tail past 20 KB")
    func sizes() {
        let sorted = scan.sizes.sorted()
        let median = sorted[(sorted.count - 1) / 2]
        #expect((1_000...2_500).contains(median))
        #expect(median == manifest.sizes.median)
        #expect(sorted.filter { $0 > 20_000 }.count == manifest.sizes.over20KB)
        #expect(manifest.sizes.over20KB > 0)
        #expect(sorted.last! < 56_000)
    }

    @Test("names hold spaces and letters outside ASCII")
    func names() {
        #expect(scan.names.contains { $0.contains(" ") })
        #expect(scan.names.contains { $0.unicodeScalars.contains { !$0.isASCII } })
        #expect(manifest.notesWithFrontmatter == scan.notesWithFrontmatter && scan.notesWithFrontmatter > 0)
    }
}
