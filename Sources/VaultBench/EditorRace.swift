import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One race of the stress run: an editor saves a note over and over while `vault` changes the
/// same note, and every editor save that a `vault` write replaced is counted as lost.
///
/// The editor behaves like one that reloads the file before each save: it reads the note,
/// sets its own marker line to `editor save N` and saves. A few milliseconds later it reads
/// the note again: a version without its marker means `vault` wrote over its save with text
/// made from an older one, unless the save turns up in a conflict copy by the end (two saves
/// crossed a write: the newest stays in place, the other is kept beside it).
struct EditorRace {
    /// What `vault` does to the note in the race.
    enum Operation: String, CaseIterable, Sendable {
        case append, prepend
        case toggle = "toggle a task"
        case rename = "rename a linked note"
    }

    let editor: OtherEditor
    let operation: Operation
    let vaultBinary: String
    let seconds: Double

    struct Result {
        var saves = 0
        /// Saves found in neither the note (when checked) nor a conflict copy (at the end).
        var lost = 0
        /// Saves vault moved aside into a conflict copy because two saves crossed its write.
        var keptAsCopies = 0
        var vaultWrites = 0
        var vaultRefused = 0
        var vaultFailed = 0
        var firstLoss: String?
    }

    func run(in folder: String) throws -> Result {
        let vault = folder + "/vault"
        try StressVault.make(at: vault, notes: ["Race": Self.raceNote, "Target A": "# Target A\n\nlinked from the race note\n"])
        let note = vault + "/pages/Race.md"
        let reference = try taskReference(vault)
        let deadline = Date().addingTimeInterval(seconds)
        let result = Locked(Result())
        let missed = Locked<[(marker: Int, note: String)]>([])
        let editorDone = DispatchSemaphore(value: 0)
        let editor = self.editor
        Thread.detachNewThread {
            defer { editorDone.signal() }
            var marker = 0
            var random = SystemRandomNumberGenerator()
            while Date() < deadline {
                marker += 1
                let text = Self.withMarker((BenchFiles.read(note) ?? []), marker)
                do { try editor.save(text, marker: marker, at: note) } catch { continue }
                usleep(UInt32.random(in: 1_000...20_000, using: &random))
                let now = (BenchFiles.read(note) ?? [])
                let kept = Self.contains(now, "editor save \(marker)\n")
                result.withLock { value in
                    value.saves += 1
                    if !kept { missed.withLock { $0.append((marker, String(decoding: now.prefix(200), as: UTF8.self))) } }
                }
            }
        }
        var step = 0
        var names = ["Target A", "Target B"]
        while Date() < deadline {
            step += 1
            var arguments = [vaultBinary, "--vault", vault, "--quiet"]
            switch operation {
            case .append: arguments += ["append", "pages/Race.md", "vault line \(step)"]
            case .prepend: arguments += ["prepend", "pages/Race.md", "vault line \(step)"]
            case .toggle: arguments += ["task", reference, "toggle"]
            case .rename:
                arguments += ["rename", names[0], names[1]]
                names.swapAt(0, 1)
            }
            let status = try ProcessRunner.run(arguments).status
            result.withLock { value in
                switch status {
                case 0: value.vaultWrites += 1
                case 3: value.vaultRefused += 1
                default: value.vaultFailed += 1
                }
            }
            if operation == .rename && status != 0 { names.swapAt(0, 1) }
        }
        editorDone.wait()
        let copies = try FileManager.default.contentsOfDirectory(atPath: vault + "/pages").filter { $0.contains("(vault conflict ") }
            .map { String(decoding: BenchFiles.read(vault + "/pages/" + $0) ?? [], as: UTF8.self) }
        return result.withLock { value in
            for miss in missed.withLock({ $0 }) {
                if copies.contains(where: { $0.contains("editor save \(miss.marker)\n") }) {
                    value.keptAsCopies += 1
                } else {
                    value.lost += 1
                    if value.firstLoss == nil { value.firstLoss = miss.note }
                }
            }
            return value
        }
    }

    /// The race note: a title, the task `vault` toggles (its line never moves), a link to the
    /// note `vault` renames, and the editor's marker line.
    static let raceNote = "# Race\n\n- [ ] a task vault toggles\nsee [[Target A]]\neditor save 0\n"

    private func taskReference(_ vault: String) throws -> String {
        let outcome = try ProcessRunner.run([vaultBinary, "--vault", vault, "tasks", "--note", "Race"], capture: true)
        guard let reference = outcome.output.split(separator: "\t").first, reference.contains("@") else {
            throw BenchError("cannot list the race note's task: \(outcome.output)")
        }
        return String(reference)
    }

    /// The note with its marker line set to `marker` (added at the end if it went missing).
    static func withMarker(_ bytes: [UInt8], _ marker: Int) -> [UInt8] {
        var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
        if let index = lines.firstIndex(where: { $0.hasPrefix("editor save ") }) {
            lines[index] = "editor save \(marker)"
        } else {
            if lines.last == "" { lines.removeLast() }
            lines += ["editor save \(marker)", ""]
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains(text)
    }
}
