import Foundation

/// Unicode Normalization Form C (UAX #15), with a fast path: text that has no scalar that could
/// combine with the one before it (a combining mark, a Hangul conjoining jamo) is already in
/// NFC and is returned as it is, without Foundation's much slower normalisation.
package enum NFC {
    /// `text` in NFC.
    package static func normalized(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        let mayCompose = text.unicodeScalars.contains { scalar in
            // Fast answers before the slow property look-ups: nothing below U+0300 (the first
            // combining mark) and no precomposed Hangul syllable (U+AC00–U+D7A3) composes further.
            if scalar.value < 0x300 || (0xAC00...0xD7A3).contains(scalar.value) { return false }
            return (0x1100...0x11FF).contains(scalar.value)
                || scalar.properties.canonicalCombiningClass != .notReordered
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
        }
        return mayCompose ? text.precomposedStringWithCanonicalMapping : text
    }

    /// Which normalisation form `text`'s bytes are in: `NFC`, `NFD`, or `neither NFC nor NFD`
    /// (compared by bytes: Swift's `==` holds canonically equivalent strings equal).
    package static func formName(_ text: String) -> String {
        if normalized(text).utf8.elementsEqual(text.utf8) { return "NFC" }
        if text.decomposedStringWithCanonicalMapping.utf8.elementsEqual(text.utf8) { return "NFD" }
        return "neither NFC nor NFD"
    }

    /// Whether `a` and `b` are the same bytes (`==` on `String` is canonical equivalence).
    package static func sameBytes(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
}
