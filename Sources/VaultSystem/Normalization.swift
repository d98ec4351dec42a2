/// Unicode's canonical normal forms of a string: NFC for keys and comparisons (names typed
/// on one system and stored by another), NFD to find text written decomposed.
extension StringProtocol {
    /// The string in Normalization Form C (composed).
    public var canonicallyComposed: String {
        let text = String(self)
        if text.isAllASCII { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// The string in Normalization Form D (decomposed).
    public var canonicallyDecomposed: String {
        let text = String(self)
        if text.isAllASCII { return text }
        var scalars: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars { Normalization.decompose(scalar, into: &scalars) }
        Normalization.orderMarks(&scalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}

extension String {
    /// True when every byte is ASCII, which no normal form changes. Asked of a `String`, not
    /// of any `StringProtocol`, so that the loop is specialized rather than a call per byte.
    var isAllASCII: Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }
}

/// The steps of canonical decomposition.
enum Normalization {
    /// Each decomposable scalar's value and the values it decomposes into, in one step.
    private static let table: [UInt32: (UInt32, UInt32?)] = {
        var table: [UInt32: (UInt32, UInt32?)] = [:]
        table.reserveCapacity(2100)
        for entry in CanonicalDecompositions.text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let halves = entry.split(separator: ":")
            let parts = halves[1].split(separator: ".").map { UInt32($0, radix: 16)! }
            table[UInt32(halves[0], radix: 16)!] = (parts[0], parts.count > 1 ? parts[1] : nil)
        }
        return table
    }()

    /// Appends `scalar` fully decomposed.
    static func decompose(_ scalar: Unicode.Scalar, into output: inout [Unicode.Scalar]) {
        let value = scalar.value
        // Hangul syllables decompose by rule (Unicode 3.12).
        if (0xAC00...0xD7A3).contains(value) {
            let index = value - 0xAC00
            output.append(Unicode.Scalar(0x1100 + index / 588)!)
            output.append(Unicode.Scalar(0x1161 + index % 588 / 28)!)
            if index % 28 != 0 { output.append(Unicode.Scalar(0x11A7 + index % 28)!) }
            return
        }
        guard let (first, second) = table[value] else { return output.append(scalar) }
        decompose(Unicode.Scalar(first)!, into: &output)
        if let second { decompose(Unicode.Scalar(second)!, into: &output) }
    }

    /// Puts each run of combining marks in the canonical order of their classes, a stable
    /// sort (Unicode 3.11).
    static func orderMarks(_ scalars: inout [Unicode.Scalar]) {
        var start = 0
        while start < scalars.count {
            guard scalars[start].properties.canonicalCombiningClass.rawValue != 0 else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count && scalars[end].properties.canonicalCombiningClass.rawValue != 0 { end += 1 }
            if end - start > 1 {
                let run = scalars[start..<end].enumerated().sorted {
                    let (a, b) = ($0.element.properties.canonicalCombiningClass.rawValue, $1.element.properties.canonicalCombiningClass.rawValue)
                    return a != b ? a < b : $0.offset < $1.offset
                }.map(\.element)
                scalars.replaceSubrange(start..<end, with: run)
            }
            start = end
        }
    }
}
