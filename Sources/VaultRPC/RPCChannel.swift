import FoundationEssentials
import VaultSystem

#if canImport(Glibc)
import Glibc
#endif

/// A JSON-RPC connection over two file descriptors (a server's standard input and output).
///
/// One thread receives; any thread may send, and frames never interleave, so a server can
/// answer a long request from a worker while the reader goes on.
public final class RPCChannel: @unchecked Sendable {
    private let output: Int32
    private let framing: RPCFraming
    private let readLock = Lock()
    private let writeLock = Lock()
    private var reader: RPCFrameReader

    /// Opens a channel; a write to a client that went away fails instead of ending the process.
    public init(input: Int32, output: Int32, framing: RPCFraming, maxFrameBytes: Int = 64 << 20) {
        self.output = output
        self.framing = framing
        self.reader = RPCFrameReader(input: input, framing: framing, maxFrameBytes: maxFrameBytes)
    }

    /// Blocks for the next frame; nil at the end of input (the client went away).
    ///
    /// A frame that is not JSON, or JSON that is not a message, comes back as `.malformed`
    /// so the server can answer `failure(id:error:)` and keep serving.
    public func receive() -> RPCIncoming? {
        guard let frame = readLock.withLock({ reader.next() }) else { return nil }
        switch frame {
        case .woken: return .woken
        case .bad(let error): return .malformed(error, id: nil)
        case .bytes(let bytes):
            let json: JSONValue
            do {
                json = try JSONValue.parse(bytes)
            } catch {
                return .malformed(.parseError("the message is not JSON: \(error)"), id: nil)
            }
            if case .array = json { return .malformed(.invalidRequest("batches of messages are not served"), id: nil) }
            do {
                return .message(try RPCMessage(json: json))
            } catch {
                return .malformed(error, id: json["method"] == nil ? nil : json["id"].flatMap(RPCID.init(json:)))
            }
        }
    }

    /// Makes `receive` also return, with `.woken`, when `descriptor` becomes readable while
    /// no message is coming in (nil: only messages end the wait). The caller must make it
    /// unreadable again (read what is there) before it receives again.
    public func wake(on descriptor: Int32?) {
        readLock.withLock { reader.wake = descriptor ?? -1 }
    }

    /// Writes one framed message.
    public func send(_ message: RPCMessage) throws(RPCWriteError) {
        let body = message.json.compactBytes()
        var frame: [UInt8]
        switch framing {
        case .contentLength:
            frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
            frame.append(contentsOf: body)
        case .lines:
            frame = body
            frame.append(0x0A)
        }
        try writeLock.withLock { () throws(RPCWriteError) in try writeWhole(frame) }
    }

    /// Writes `frame` whole, one writer at a time.
    private func writeWhole(_ frame: [UInt8]) throws(RPCWriteError) {
        // A client that went away is an EPIPE error here, not a signal that ends the server.
        try PipeSignal.held { () throws(RPCWriteError) in
            var written = 0
            while written < frame.count {
                let count = frame.withUnsafeBytes { raw in
                    write(output, raw.baseAddress! + written, frame.count - written)
                }
                if count > 0 {
                    written += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    throw RPCWriteError(code: errno)
                }
            }
        }
    }
}

/// A message could not be written: the client closed its end, most often.
public struct RPCWriteError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    public var description: String { "cannot write to the client: \(String(cString: strerror(code)))" }
}
