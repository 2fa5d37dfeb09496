import Foundation

/// The file name `lecture pdf` gives a PDF from the book's title when `-o` names none: a word of
/// any script may stay (a Korean title gives a Korean name, as Pandoc keeps every script's
/// letters in its identifiers), but nothing a shell, a CI artifact's name or a file system reads
/// as other than a letter does. The title in NFC; letters, digits and their combining marks, `_`
/// and `.` kept; apostrophes dropped (`Rust's` → `Rusts`); every other character (white space,
/// punctuation, emoji and other symbols, control and format characters) a `-`, one for a run;
/// no `-` or `.` at either end (no dot-file, nothing read as an option). The case is kept.
enum PDFFileName {
    /// `title` as a file name without its `.pdf`; empty when nothing of it is left.
    static func slug(_ title: String) -> String {
        var name = String.UnicodeScalarView()
        var keptLast = false
        var dashPending = false
        for scalar in title.precomposedStringWithCanonicalMapping.unicodeScalars {
            if apostrophes.contains(scalar) { continue }
            let properties = scalar.properties
            let mark =
                [.nonspacingMark, .spacingMark].contains(properties.generalCategory) && !properties.isVariationSelector
            if isKept(scalar) || (mark && keptLast) {
                if dashPending && !name.isEmpty { name.append("-") }
                dashPending = false
                name.append(scalar)
                keptLast = true
            } else {
                dashPending = true
                keptLast = false
            }
        }
        var slug = String(name)
        while slug.hasSuffix(".") || slug.hasSuffix("-") { slug.removeLast() }
        while slug.hasPrefix(".") || slug.hasPrefix("-") { slug.removeFirst() }
        return slug
    }

    /// A letter or digit of any script (`Alphabetic`, or a number of categories Nd, Nl, No), `_`, `.`.
    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "_" || scalar == "." { return true }
        let properties = scalar.properties
        if properties.isEmojiPresentation { return false }
        switch properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return properties.isAlphabetic
        }
    }

    /// `'`, `’` and `ʼ`: inside a word, not between two (`Rust's Book` → `Rusts-Book`).
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BC}"]
}
