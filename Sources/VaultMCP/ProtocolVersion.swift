/// The revisions of the Model Context Protocol the server speaks, and the choice between them
/// when a client asks for one (the specification's lifecycle: the client's version when the
/// server supports it, else the server's latest, which the client may then refuse).
public enum ProtocolVersion {
    /// Newest first.
    public static let supported = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]

    /// The version to answer a client that asked for `requested`.
    public static func negotiate(_ requested: String?) -> String {
        guard let requested, supported.contains(requested) else { return supported[0] }
        return requested
    }

    /// True when `version` has tool titles, `outputSchema` and `structuredContent` (from 2025-06-18).
    public static func hasStructuredOutput(_ version: String) -> Bool {
        version >= "2025-06-18"
    }

    /// True when `version` has a tool's arguments that do not fit its schema said as the
    /// tool's error, for the model to see and mend, rather than as a protocol error (from
    /// 2025-11-25, SEP-1303).
    public static func reportsArgumentErrorsAsToolErrors(_ version: String) -> Bool {
        version >= "2025-11-25"
    }
}
