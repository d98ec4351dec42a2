import VaultMarkdown
import VaultSystem

/// Per-note comment sidecars: `.zennotes/comments/<note path>.comments.json` (DESIGN.md 6).
public enum Comments {
    /// The vault-relative folder of every note's comment sidecar.
    static let folder = ".zennotes/comments"

    /// The vault-relative path of a note's comment sidecar.
    public static func sidecarPath(forNote path: String) -> String {
        folder + "/" + path + ".comments.json"
    }

    /// The folders under `folder` that `moves` of sidecars take them out of, which may be
    /// left empty (a restore left `trash/pages/` there): a change removes each that is.
    static func foldersLeft(by moves: [FileMove]) -> [String] {
        FileMove.folders(leftBy: moves, inside: folder)
    }
}
