import VaultSystem

/// A list item found by `OutlineScanner`: where its marker is and which item holds it.
package struct OutlineItem: Equatable, Sendable {
    /// The 1-based line of the marker.
    package var line: Int
    /// The index of the enclosing list item in the scan's items, -1 at the top level.
    package var parent: Int
    /// The byte offset of the list marker (`-`, `*`, `+`, `1.`, `1)`).
    package var markerStart: Int
    /// The byte offset just after the marker.
    package var markerEnd: Int
    /// Where the item's first paragraph starts on the marker line, or -1 when that line
    /// holds no text for the item (it is blank, or opens another block such as a quote).
    package var textStart: Int
    /// The last line holding something of the item (blank lines at its end left out).
    package var lastLine: Int
}
