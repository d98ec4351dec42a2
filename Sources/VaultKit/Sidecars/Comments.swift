import VaultMarkdown
import VaultSystem

/// Per-note comment sidecars: `.zennotes/comments/<note path>.comments.json` (DESIGN.md 6).
public enum Comments {
    /// The vault-relative path of a note's comment sidecar.
    public static func sidecarPath(forNote path: String) -> String {
        ".zennotes/comments/" + path + ".comments.json"
    }
}
