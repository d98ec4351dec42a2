import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// This process's own standard streams and program file, as the command line's run uses them.
public enum ProcessStreams {
    /// True when `descriptor` (0, 1 or 2) is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The most bytes a command takes from standard input: far more than any note, far less
    /// than a machine's memory.
    public static let inputLimit = 256 << 20

    /// Every byte of standard input, read once to its end.
    ///
    /// - Throws: `InputError.tooLarge` past `limit` bytes, `.unreadable` when it cannot be read.
    public static func readAllInput(limit: Int = inputLimit) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(0, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw .unreadable(.current("read", "standard input")) }
            if count == 0 { return bytes }
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// Shows `question` on standard error and returns the line typed, nil at the end of input.
    public static func ask(_ question: String) -> String? {
        _ = writeAll(Array(question.utf8), to: 2)
        return readLine()
    }

    /// Writes every byte to `descriptor`; false when the reader went away or the write failed.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// The path of the running program, where the kernel says it (`/proc/self/exe`).
    public static var executablePath: String? {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
