import Foundation

/// Unicode Normalization Form C (UAX #15), with a fast path: text that has no scalar that could
/// combine with the one before it (a combining mark, a Hangul conjoining jamo) is already in
/// NFC and is returned as it is, without Foundation's much slower normalisation.
package enum NFC {
    /// `text` in NFC.
    package static func normalized(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        let mayCompose = text.unicodeScalars.contains { scalar in
            (0x1100...0x11FF).contains(scalar.value)
                || scalar.properties.canonicalCombiningClass != .notReordered
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
        }
        return mayCompose ? text.precomposedStringWithCanonicalMapping : text
    }
}
