import Foundation
import Glibc

/// Another program saving a note, the ways editors, scripts and sync tools do, for the
/// race tests of the safe writer.
enum OtherWriter: String, CaseIterable, CustomStringConvertible, Sendable {
    /// Truncates the file and writes the whole text into it (many editors, `>` in a shell).
    case inPlace
    /// Writes a temporary file and renames it over the note (Obsidian, VS Code, Syncthing, `sed -i`).
    case atomically
    /// Writes text of the same size in place and sets the modification time back.
    case inPlaceKeepingTimes
    /// Writes through a descriptor it opened before vault read the note, and keeps it open.
    case throughHeldDescriptor
    /// Opens the note when it saves, writes through that descriptor and keeps it open.
    case openingWhenItSaves

    var description: String { rawValue }


    /// The text this writer saves, the same length as `original` for `inPlaceKeepingTimes`.
    func text(replacing original: String) -> String {
        switch self {
        case .inPlaceKeepingTimes: return String(repeating: "E", count: max(original.count - 1, 1)) + "\n"
        default: return "saved by another program (\(rawValue))\n"
        }
    }

    /// Opens what `throughHeldDescriptor` needs before vault reads; -1 for the others.
    func prepare(_ path: String) -> Int32 {
        self == .throughHeldDescriptor ? open(path, O_WRONLY | O_CLOEXEC) : -1
    }

    /// Saves `text` at `path` (through `descriptor` when this writer holds one); returns a
    /// descriptor the writer keeps open, for the caller to close.
    @discardableResult
    func save(_ text: String, at path: String, descriptor: Int32) -> Int32? {
        let bytes = Array(text.utf8)
        switch self {
        case .inPlace:
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        case .atomically:
            let temporary = path + ".editor-save"
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            rename(temporary, path)
        case .inPlaceKeepingTimes:
            var before = stat()
            stat(path, &before)
            let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
            var times = [before.st_atim, before.st_mtim]
            utimensat(AT_FDCWD, path, &times, 0)
        case .throughHeldDescriptor:
            ftruncate(descriptor, 0)
            _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        case .openingWhenItSaves:
            let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            ftruncate(fd, 0)
            _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            return fd
        }
        return nil
    }
}
