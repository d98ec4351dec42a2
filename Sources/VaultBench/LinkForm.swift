/// The ways one note can link to another (DESIGN.md section 4), as counted in the manifest.
public enum LinkForm: String, CaseIterable, Sendable, Codable {
    /// `[[Note]]`
    case wikilink
    /// `[[pages/folder/Note]]`
    case wikilinkPath
    /// `[[Note.md]]`
    case wikilinkExtension
    /// `[[Note|shown text]]`
    case wikilinkAlias
    /// `[[Note\|shown text]]` inside a table
    case wikilinkTableAlias
    /// `[[Note#Heading]]`
    case wikilinkHeading
    /// `[[Note#^block-id]]`
    case wikilinkBlock
    /// `[[Note#Heading|shown text]]`
    case wikilinkHeadingAlias
    /// `![[Note]]`
    case embed
    /// `![[Pasted image 20240305141200.png]]`, an attachment in `assets/`
    case embedAsset
    /// `[text](../pages/Note.md)`, relative to the linking note
    case markdown
    /// `[text](My%20Note.md)`
    case markdownPercent
    /// `[text](<My Note.md>)`
    case markdownAngle
    /// `[text](Note.md#heading)`
    case markdownHeading
    /// `related: "[[Note]]"` in frontmatter
    case frontmatter
}
