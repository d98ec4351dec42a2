import Foundation
import Glibc
import Testing
@testable import VaultKit
@testable import VaultMarkdown
@testable import VaultSystem

/// The races of DESIGN.md 7, made deterministic: another program saves the note at each step
/// of vault's replace in turn, and whatever happens, its save is never lost.
@Suite("Replacing a note while another program saves it")
struct CompareAndSwapTests {
    static let original = "the note as vault read it\n"
    static let mine = "the note as vault read it\nand the line vault adds\n"

    /// A clock far from the files' own times, so nothing looks freshly written; waits pass at once.
    static let testClock = VaultClock.fixed(Date(timeIntervalSince1970: 0))

    /// How many calls the file system sees in one undisturbed replace.
    static func stepCount(swapping: Bool) throws -> Int {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", original)
        let faulty = FaultyFileSystem()
        if !swapping { faulty.fail(.exchange, with: EINVAL) }
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.05, clock: testClock))
        let (_, snapshot) = try writer.read(path)
        let before = faulty.calls.count
        try writer.replace(path, with: Array(mine.utf8), expecting: snapshot)
        return faulty.calls.count - before
    }

    struct Outcome {
        /// The call the other program's (first) save ran before; nil when the replace ended first.
        var savedBefore: FaultyFileSystem.Step?
        /// How many of the saves ran before the replace ended.
        var savesMade = 0
        var error: FileError?
        var atPath: String
        var copies: [String: String]
        var leftovers: [String]
    }

    /// A save another program makes during the replace: before the `step`-th call.
    struct Save {
        var step: Int
        var writer: OtherWriter
        var text: String
    }

    /// Reads the note, then replaces it while `other` saves at the `step`-th call.
    static func race(_ other: OtherWriter, atStep step: Int, swapping: Bool = true) throws -> Outcome {
        try race([Save(step: step, writer: other, text: other.text(replacing: original))], swapping: swapping)
    }

    /// Reads the note, then replaces it while the saves land, each before its call.
    static func race(_ saves: [Save], swapping: Bool = true) throws -> Outcome {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", original)
        let faulty = FaultyFileSystem()
        if !swapping { faulty.fail(.exchange, with: EINVAL) }
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.05, clock: testClock))
        let descriptors = saves.map { $0.writer.prepare(path) }
        defer { for fd in descriptors where fd >= 0 { close(fd) } }
        // As a planner reads: a writer holding the note open would make a settling read refuse.
        let (_, snapshot) = try writer.read(path, settling: false)
        let start = faulty.calls.count
        let fired = Locked<FaultyFileSystem.Step?>(nil)
        let made = Locked(0)
        let kept = Locked<[Int32]>([])
        defer { for fd in kept.value { close(fd) } }
        faulty.onCall = { index, call in
            for (number, save) in saves.enumerated() where index == start + save.step {
                if number == 0 { fired.value = call }
                made.value += 1
                if let fd = save.writer.save(save.text, at: path, descriptor: descriptors[number]) { kept.value.append(fd) }
            }
        }
        var error: FileError?
        do { try writer.replace(path, with: Array(mine.utf8), expecting: snapshot) } catch let failure as FileError { error = failure }
        faulty.onCall = nil
        var copies: [String: String] = [:]
        for name in try folder.names() where name.contains("(vault conflict ") {
            copies[name] = String(decoding: try folder.read(name), as: UTF8.self)
        }
        return Outcome(
            savedBefore: fired.value, savesMade: made.value, error: error, atPath: String(decoding: try folder.read("note.md"), as: UTF8.self), copies: copies,
            leftovers: try folder.names().filter { SafeWriter.isTemporaryName($0) || $0.hasSuffix(".editor-save") })
    }

    static let pairs: [(OtherWriter, OtherWriter)] = {
        let writers: [OtherWriter] = [.inPlace, .atomically, .openingWhenItSaves]
        return writers.flatMap { first in writers.map { (first, $0) } }
    }()

    @Test("of two saves at any two steps of a replace, the later one is never lost", arguments: pairs)
    func twoSavesAtAnyTwoSteps(first: OtherWriter, second: OtherWriter) throws {
      for swapping in [true, false] {
        let steps = try Self.stepCount(swapping: swapping)
        var raced = 0
        defer { #expect(raced >= steps) }
        for one in 0..<steps {
            for two in (one + 1)...steps {
                let outcome = try Self.race([
                    Save(step: one, writer: first, text: "first save\n"), Save(step: two, writer: second, text: "second save\n"),
                ], swapping: swapping)
                guard outcome.savesMade == 2 else { continue }
                raced += 1
                let kept = outcome.atPath == "second save\n" || outcome.copies.values.contains("second save\n")
                #expect(kept, "\(first) at \(one), \(second) at \(two), swapping \(swapping): the later save is gone; the note holds \(outcome.atPath.debugDescription)")
                #expect(outcome.leftovers.isEmpty, "\(first) at \(one), \(second) at \(two): left \(outcome.leftovers)")
                if let error = outcome.error { #expect(error.exitCode == 3) }
            }
        }
      }
    }

    static let cases: [(OtherWriter, Bool)] = OtherWriter.allCases.flatMap { [($0, true), ($0, false)] }

    @Test("another program's save at any step of a replace is kept, by swap or by the fallback", arguments: cases)
    func saveAtEveryStepIsKept(other: OtherWriter, swapping: Bool) throws {
        let steps = try Self.stepCount(swapping: swapping)
        #expect(steps >= 10)
        var raced = 0
        for step in 0...steps {
            let outcome = try Self.race(other, atStep: step, swapping: swapping)
            guard let call = outcome.savedBefore else { continue }
            raced += 1
            let saved = other.text(replacing: Self.original)
            // A same-size save in place lands on whatever file holds the name at that moment.
            let kept = outcome.atPath == saved || outcome.copies.values.contains(saved)
                || (other == .inPlaceKeepingTimes && outcome.atPath.hasPrefix(saved))
            #expect(kept, "\(other) before \(call) (step \(step)): the save is gone; the note holds \(outcome.atPath.debugDescription)")
            #expect(outcome.leftovers.isEmpty, "\(other) before \(call) (step \(step)): left \(outcome.leftovers)")
            if let error = outcome.error {
                #expect(error.exitCode == 3, "\(other) before \(call) (step \(step)): \(error)")
                #expect(outcome.atPath != Self.mine, "\(other) before \(call) (step \(step)): refused, yet vault's text is in place")
            }
        }
        // A writer holding the note open since the read makes vault give up before it writes.
        if other != .throughHeldDescriptor { #expect(raced >= steps - 1, "\(other): \(raced) of \(steps) steps raced") }
    }

    @Test("an undisturbed replace swaps the new text in and keeps nothing else")
    func undisturbedReplace() throws {
        for swapping in [true, false] {
            let folder = TemporaryFolder()
            let path = try folder.write("note.md", Self.original)
            let faulty = FaultyFileSystem()
            if !swapping { faulty.fail(.exchange, with: EINVAL) }
            let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(clock: Self.testClock))
            let (_, snapshot) = try writer.read(path)
            try writer.replace(path, with: Array(Self.mine.utf8), expecting: snapshot)
            #expect(try folder.read("note.md") == Array(Self.mine.utf8))
            #expect(try folder.names() == ["note.md"])
        }
    }

    @Test("a writer that holds the note open makes the replace wait, then give up with exit 3")
    func heldOpenNoteIsWaitedFor() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", Self.original)
        let writer = SafeWriter(settle: SettlePolicy(limit: 0.2, clock: Self.testClock))
        let (_, snapshot) = try writer.read(path)
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        defer { close(descriptor) }
        guard try LocalFileSystem().hasWriters(path) == true else { return }  // no leases here
        #expect(throws: FileError.noteBusy(path: path)) {
            try writer.replace(path, with: Array(Self.mine.utf8), expecting: snapshot)
        }
        #expect(try folder.read("note.md") == Array(Self.original.utf8))
        #expect(FileError.noteBusy(path: path).exitCode == 3)
    }

    @Test("an edit that keeps the size and sets the modification time back is seen")
    func restoredTimesAreSeen() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", Self.original)
        let writer = SafeWriter(settle: SettlePolicy(clock: Self.testClock))
        let (_, snapshot) = try writer.read(path)
        let text = OtherWriter.inPlaceKeepingTimes.text(replacing: Self.original)
        OtherWriter.inPlaceKeepingTimes.save(text, at: path, descriptor: -1)
        #expect(try LocalFileSystem().status(path)?.modifiedNanoseconds == snapshot.status?.modifiedNanoseconds)
        #expect(throws: FileError.fileChanged(path: path)) {
            try writer.replace(path, with: Array(Self.mine.utf8), expecting: snapshot)
        }
        #expect(String(decoding: try folder.read("note.md"), as: UTF8.self) == text)
    }

    @Test("two saves crossing a replace keep both: the newest in place, the other as a conflict copy")
    func crossingSavesAreBothKept() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", Self.original)
        let faulty = FaultyFileSystem()
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.05, clock: Self.testClock))
        let (_, snapshot) = try writer.read(path)
        var exchanges = 0
        faulty.actions[.exchange] = {
            exchanges += 1
            // Before the swap: an edit in place; before the swap back: a save by rename.
            if exchanges == 1 { OtherWriter.inPlace.save("first save\n", at: path, descriptor: -1) }
            if exchanges == 2 { OtherWriter.atomically.save("second save\n", at: path, descriptor: -1) }
        }
        do {
            try writer.replace(path, with: Array(Self.mine.utf8), expecting: snapshot)
            Issue.record("the replace went through two saves")
        } catch FileError.changedKeptCopy(let note, let copy) {
            #expect(note == path)
            #expect(try folder.read("note.md") == Array("second save\n".utf8))
            #expect(try LocalFileSystem().readFile(copy) == Array("first save\n".utf8))
            #expect(ConflictCopies.match(SafeWriter.split(copy).name, siblings: ["note.md"], iCloud: false)?.tool == .vault)
        }
        #expect(try folder.names().filter(SafeWriter.isTemporaryName).isEmpty)
    }

    @Test("a save into the new text right after the swap, while the old file changed too, stays in place; the other is kept")
    func saveIntoNewTextIsKept() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", Self.original)
        let faulty = FaultyFileSystem()
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.05, clock: Self.testClock))
        let (_, snapshot) = try writer.read(path, settling: false)
        var exchanges = 0
        faulty.actions[.exchange] = {
            exchanges += 1
            if exchanges == 1 { OtherWriter.inPlace.save("first save\n", at: path, descriptor: -1) }
        }
        faulty.actions[.hasWriters] = {
            // After the swap an editor opens the note by name: it writes into vault's new file.
            if exchanges == 1 { OtherWriter.inPlace.save("second save\n", at: path, descriptor: -1) }
        }
        do {
            try writer.replace(path, with: Array(Self.mine.utf8), expecting: snapshot)
            Issue.record("the replace went through two saves")
        } catch FileError.savedOverKeptCopy(_, let copy) {
            #expect(try folder.read("note.md") == Array("second save\n".utf8))
            #expect(try LocalFileSystem().readFile(copy) == Array("first save\n".utf8))
        }
        #expect(try folder.names().filter(SafeWriter.isTemporaryName).isEmpty)
    }

    @Test("where nobody can say whether a program holds a note open, one changed within the last second is waited for, then refused; one still for longer is written")
    func unknownWriters() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", Self.original)
        let changed = try #require(try LocalFileSystem().status(path)).changed
        let faulty = FaultyFileSystem()
        faulty.leases = false
        // The clocks stand half a second, then a second and a half, after the note's change;
        // a wait moves them on by what it waited.
        func soon() -> SafeWriter { SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.3, clock: .fixed(changed.addingTimeInterval(0.5)))) }
        #expect(throws: FileError.noteBusy(path: path)) { try soon().read(path) }
        let (_, snapshot) = try SafeWriter(fileSystem: faulty, settle: SettlePolicy(clock: .fixed(changed.addingTimeInterval(5)))).read(path)
        #expect(throws: FileError.noteBusy(path: path)) { try soon().replace(path, with: Array(Self.mine.utf8), expecting: snapshot) }
        #expect(try folder.read("note.md") == Array(Self.original.utf8))
        let later = SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.3, clock: .fixed(changed.addingTimeInterval(1.5))))
        try later.replace(path, with: Array(Self.mine.utf8), expecting: snapshot)
        #expect(try folder.read("note.md") == Array(Self.mine.utf8))
        #expect(try folder.names().filter(SafeWriter.isTemporaryName).isEmpty)
    }

    @Test("a note replaced by a folder between read and write is refused")
    func folderInPlaceIsRefused() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", Self.original)
        let writer = SafeWriter(settle: SettlePolicy(clock: Self.testClock))
        let (_, snapshot) = try writer.read(path)
        unlink(path)
        mkdir(path, 0o755)
        #expect(throws: FileError.fileChanged(path: path)) {
            try writer.replace(path, with: Array(Self.mine.utf8), expecting: snapshot)
        }
        #expect(try LocalFileSystem().status(path)?.kind == .directory)
        #expect(try folder.names() == ["note.md"])
    }

    @Test("a delete puts back a note that changed while it was set aside")
    func removeKeepsChangedNote() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("trash.md", Self.original)
        let faulty = FaultyFileSystem()
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.05, clock: Self.testClock))
        let (_, snapshot) = try writer.read(path)
        let kept = Locked<Int32?>(nil)
        defer { if let fd = kept.value { close(fd) } }
        faulty.actions[.rename] = { kept.value = OtherWriter.openingWhenItSaves.save("late save\n", at: path, descriptor: -1) }
        #expect(throws: FileError.self) { try writer.remove(path, expecting: snapshot) }
        #expect(try folder.read("trash.md") == Array("late save\n".utf8))
        #expect(try folder.names() == ["trash.md"])
    }

    @Test("where links fail in a way not foreseen, a replace without a swap puts the note back in its name, never leaves it aside")
    func linkFailsUnforeseen() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", Self.original)
        let faulty = FaultyFileSystem()
        faulty.fail(.exchange, with: EINVAL)
        faulty.fail(.link, with: EIO, at: path)
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(limit: 0.05, clock: Self.testClock))
        let (_, snapshot) = try writer.read(path)
        #expect(throws: (any Error).self) { try writer.replace(path, with: Array(Self.mine.utf8), expecting: snapshot) }
        #expect(String(decoding: try folder.read("note.md"), as: UTF8.self) == Self.original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["note.md"])
    }
}

/// Reads that wait for a save in progress (DESIGN.md 7).
@Suite("Reading a note another program is saving")
struct SettleTests {
    /// A clock at the real time, whose waits run `during` instead of sleeping.
    static func clock(_ during: @escaping @Sendable () -> Void) -> VaultClock {
        VaultClock(now: { Date() }, sleep: { _ in during() })
    }

    @Test("a note emptied a moment ago is read again once the save is done")
    func emptiedNoteIsWaitedFor() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", "")
        let waits = WaitCount()
        // The clock starts just after the note was emptied and moves only by the waits.
        let emptied = try #require(try LocalFileSystem().status(path)).changed
        let elapsed = Locked(0.001)
        let writer = SafeWriter(settle: SettlePolicy(window: 0.05, limit: 10, clock: VaultClock(now: { emptied.addingTimeInterval(elapsed.value) }, sleep: { seconds in
            if waits.increment() == 1 { OtherWriter.inPlace.save("the whole text\n", at: path, descriptor: -1) }
            elapsed.value += seconds
        })))
        let (bytes, _) = try writer.read(path)
        #expect(bytes == Array("the whole text\n".utf8))
        #expect(waits.value >= 1)
    }

    @Test("a note another program holds open for writing is given up on after the limit, naming it")
    func heldOpenNoteGivesUp() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", "x\n")
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        defer { close(descriptor) }
        guard try LocalFileSystem().hasWriters(path) == true else { return }  // no leases here
        let writer = SafeWriter(settle: SettlePolicy(limit: 0.5, clock: Self.clock {}))
        #expect(throws: FileError.noteBusy(path: path)) { try writer.read(path) }
        #expect(FileError.noteBusy(path: path).description.contains("is being written by another program"))
    }

    @Test("where the file system cannot tell who writes, a note that never stops changing is given up on")
    func endlessWriterGivesUp() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", "x\n")
        let faulty = FaultyFileSystem()
        faulty.leases = false
        let writer = SafeWriter(fileSystem: faulty, settle: SettlePolicy(window: 10, limit: 0.5, clock: Self.clock {
            OtherWriter.inPlace.save("still going\n", at: path, descriptor: -1)
        }))
        #expect(throws: FileError.noteBusy(path: path)) { try writer.read(path) }
    }

    @Test("a note last changed long ago is read at once, and one with a time far ahead too")
    func settledNotesAreNotWaitedFor() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", "text\n")
        let waits = WaitCount()
        for offset in [3600.0, -3600.0] {
            let writer = SafeWriter(settle: SettlePolicy(clock: VaultClock(now: { Date().addingTimeInterval(offset) }, sleep: { _ in _ = waits.increment() })))
            _ = try writer.read(path)
        }
        #expect(waits.value == 0)
    }

    @Test("a read that does not settle (for planning) takes the note as it is")
    func unsettledReadTakesItAsItIs() throws {
        let folder = TemporaryFolder()
        let path = try folder.write("note.md", "")
        let writer = SafeWriter(settle: SettlePolicy(window: 10, limit: 0, clock: Self.clock {}))
        #expect(try writer.read(path, settling: false).bytes.isEmpty)
        #expect(throws: FileError.noteBusy(path: path)) { try writer.read(path) }
    }
}

/// A value shared with a closure.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A count shared with a closure.
final class WaitCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() -> Int { lock.withLock { count += 1; return count } }
}
