#if canImport(Glibc)
import Glibc
#endif

/// Cuts frames out of a file descriptor, never holding more than one frame's worth in memory.
///
/// A frame that cannot be read (no length, too large) is skipped and reported, so one bad
/// message costs one error response and the next message is still read.
struct RPCFrameReader {
    enum Frame {
        case bytes([UInt8])
        case bad(RPCError)
        /// `wake` became readable while no message was coming in.
        case woken
    }

    let input: Int32
    let framing: RPCFraming
    let maxFrameBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// A descriptor that, readable, ends the wait for the next message (-1: none).
    var wake: Int32 = -1

    init(input: Int32, framing: RPCFraming, maxFrameBytes: Int) {
        self.input = input
        self.framing = framing
        self.maxFrameBytes = maxFrameBytes
    }

    /// The next frame, or nil when the input ended (a partial frame at the end is dropped).
    mutating func next() -> Frame? {
        // Only between messages: a message begun is read to its end.
        if wake >= 0 && start >= buffer.count && !ended && waitIsWoken() { return .woken }
        switch framing {
        case .lines: return nextLine()
        case .contentLength: return nextLengthFrame()
        }
    }

    private mutating func nextLine() -> Frame? {
        while true {
            var searched = 0
            while true {
                if let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
                    var line = Array(buffer[start..<newline])
                    start = newline + 1
                    if line.last == 0x0D { line.removeLast() }
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { break }
                    return .bytes(line)
                }
                searched = buffer.count - start
                if buffer.count - start > maxFrameBytes {
                    discardThroughNewline()
                    return .bad(.invalidRequest("a message longer than \(maxFrameBytes) bytes was skipped"))
                }
                guard fill() else {
                    let rest = Array(buffer[start...])
                    start = buffer.count
                    return rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? nil : .bytes(rest)
                }
            }
        }
    }

    private mutating func discardThroughNewline() {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                start = newline + 1
                return
            }
            start = buffer.count
            guard fill() else { return }
        }
    }

    private mutating func nextLengthFrame() -> Frame? {
        var searched = 0
        while true {
            if let end = headerEnd(from: start + searched) {
                let header = String(decoding: buffer[start..<end.headers], as: UTF8.self)
                start = end.body
                guard let length = Self.contentLength(in: header) else {
                    return .bad(.parseError("a message without a valid Content-Length header"))
                }
                guard length <= maxFrameBytes else {
                    guard discard(length) else { return nil }
                    return .bad(.invalidRequest("a message of \(length) bytes, over the limit of \(maxFrameBytes), was skipped"))
                }
                while buffer.count - start < length {
                    guard fill() else { return nil }
                }
                let body = Array(buffer[start..<start + length])
                start += length
                return .bytes(body)
            }
            searched = max(0, buffer.count - start - 3)
            if buffer.count - start > 64 * 1024 {
                start = buffer.count
                return .bad(.parseError("a header longer than 64 KiB was skipped"))
            }
            guard fill() else { return nil }
        }
    }

    /// Where the headers end and the body starts; a bare "\n\n" is accepted from lax clients.
    private func headerEnd(from searched: Int) -> (headers: Int, body: Int)? {
        var index = max(searched, start)
        while index < buffer.count {
            if buffer[index] == 0x0A {
                if index + 1 < buffer.count, buffer[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < buffer.count, buffer[index + 1] == 0x0D, buffer[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    private static func contentLength(in header: String) -> Int? {
        for line in header.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces().lowercased()
            guard name == "content-length" else { continue }
            guard let value = Int(line[line.index(after: colon)...].trimmingSpaces()), value >= 0 else { return nil }
            return value
        }
        return nil
    }

    private mutating func discard(_ count: Int) -> Bool {
        var left = count
        while true {
            let available = min(left, buffer.count - start)
            start += available
            left -= available
            if left == 0 { return true }
            guard fill() else { return false }
        }
    }

    /// Waits for input or `wake`; true when `wake` is readable and the input is not.
    private func waitIsWoken() -> Bool {
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        while poll(&descriptors, 2, -1) < 0 {
            guard errno == EINTR else { return false }
        }
        return descriptors[0].revents == 0 && descriptors[1].revents & Int16(POLLIN) != 0
    }

    /// Reads more bytes; false at the end of input or on an error that will not pass.
    private mutating func fill() -> Bool {
        if ended { return false }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let chunk = 64 * 1024
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                read(input, raw.baseAddress! + old, chunk)
            }
            if count > 0 {
                buffer.removeSubrange(old + count..<buffer.count)
                return true
            }
            if count < 0 && errno == EINTR { continue }
            buffer.removeSubrange(old..<buffer.count)
            ended = true
            return false
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
