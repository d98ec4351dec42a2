/// How messages are cut out of a byte stream.
public enum RPCFraming: Sendable {
    /// `Content-Length: N` headers, a blank line, then N bytes (the Language Server Protocol).
    case contentLength
    /// One message per line (the Model Context Protocol's stdio transport).
    case lines
}
