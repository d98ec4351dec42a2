import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program other than `vault` saving a note, the ways editors, scripts and sync tools do.
enum OtherEditor: String, CaseIterable, Sendable {
    /// Truncate, then write the whole text into the same file (many editors, `>` in a shell).
    case inPlace = "in place"
    /// Write a temporary file, then rename it over the note (Obsidian, VS Code, Syncthing).
    case atomic = "atomically"
    /// GNU `sed -i`, a separate process that writes a copy and renames it over the note.
    case sed = "sed -i"

    /// Saves `text` at `path`; `sed` instead substitutes marker `marker` into the file.
    func save(_ text: [UInt8], marker: Int, at path: String) throws {
        switch self {
        case .inPlace:
            try BenchFiles.replace(path, text)
        case .atomic:
            let temporary = (path as NSString).deletingLastPathComponent + "/.editor-\(getpid()).swp"
            try BenchFiles.replace(temporary, text)
            guard rename(temporary, path) == 0 else { throw BenchError("rename \(temporary): \(String(cString: strerror(errno)))") }
        case .sed:
            let outcome = try ProcessRunner.run(["sed", "-i", "s/^editor save [0-9]*$/editor save \(marker)/", path])
            guard outcome.status == 0 else { throw BenchError("sed -i exited \(outcome.status)") }
        }
    }
}
