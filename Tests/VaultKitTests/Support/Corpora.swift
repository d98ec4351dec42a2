import Foundation
import Testing

/// The corpora of real vaults kept beside the repository (never copied into it), which the
/// agreement tests read where they are.
enum Corpora {
    static let root = OutlineAgreementTests.shared + "/corpora"

    /// Every note of the corpora; nil, after saying so, when they are absent.
    static func notes() -> [String]? {
        guard FileManager.default.fileExists(atPath: root) else {
            print("the corpora folder \(root) is absent; skipped")
            return nil
        }
        return OutlineAgreementTests.notes(under: root)
    }

    /// Every note of the folder `VAULT_AGREEMENT_VAULT` names, nil when it names none.
    static func namedVault() -> (root: String, notes: [String])? {
        guard let root = ProcessInfo.processInfo.environment["VAULT_AGREEMENT_VAULT"] else { return nil }
        return (root, OutlineAgreementTests.notes(under: root))
    }

    /// Says what was compared, and expects no note to differ.
    static func expectAgreement(
        _ differences: [String], in place: String, of count: Int, counted: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        print("\(place): \(count) notes, \(counted), \(differences.count) notes differ")
        #expect(
            differences.isEmpty,
            "\(differences.count) of \(count) notes differ:\n\(differences.prefix(40).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
    }
}
