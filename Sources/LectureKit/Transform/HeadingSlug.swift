import Foundation
import LectureSupport

/// A heading's id as mdBook 0.5 makes it (`normalize_id`), scalar by scalar: the text trimmed
/// and lowercased as Rust's `str::to_lowercase` does (the full mapping, `İ` to `i` and a combining
/// dot; a word-final `Σ` to `ς`), then each scalar Rust calls alphanumeric (the `Alphabetic`
/// property, or a number: Nd, Nl, No), `-` or `_` kept, each white space (`White_Space`: a tab,
/// a no-break or ideographic space) turned into `-`, every other dropped: combining marks that
/// are not letters (U+0307, a virama, an acute in NFD), emoji and their joiners, punctuation.
/// The id is then put in NFC, as lecture writes every id and link: the same as mdBook's for a
/// heading typed in NFC, and a Hangul heading typed in NFD meets its NFC link.
enum HeadingSlug {
    static func of(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.utf8.allSatisfy({ $0 < 0x80 }) { return ascii(trimmed) }
        let scalars = Array(trimmed.unicodeScalars)
        var slug = String.UnicodeScalarView()
        for index in scalars.indices {
            for lower in lowercase(scalars, at: index) {
                if lower == "-" || lower == "_" || lower.properties.isAlphabetic || isNumber(lower) {
                    slug.append(lower)
                } else if lower.properties.isWhitespace {
                    slug.append("-")
                }
            }
        }
        return NFC.normalized(String(slug))
    }

    /// The same for ASCII text, byte by byte.
    private static func ascii(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
                UInt8(ascii: "_"):
                bytes.append(byte)
            case 0x09...0x0D, 0x20: bytes.append(UInt8(ascii: "-"))
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// The lowercase of `scalars[index]` in its text: Unicode's full mapping, and `Σ`'s
    /// `Final_Sigma` rule (a cased letter before it, none after it, case-ignorable ones skipped).
    private static func lowercase(_ scalars: [Unicode.Scalar], at index: Int) -> String.UnicodeScalarView {
        let scalar = scalars[index]
        guard scalar == "\u{03A3}" else { return scalar.properties.lowercaseMapping.unicodeScalars }
        func casedNext<Indices: Sequence<Int>>(_ indices: Indices) -> Bool {
            guard let next = indices.first(where: { !scalars[$0].properties.isCaseIgnorable }) else { return false }
            return scalars[next].properties.isCased
        }
        let final = casedNext(stride(from: index - 1, through: 0, by: -1)) && !casedNext(index + 1..<scalars.count)
        return (final ? "\u{03C2}" : "\u{03C3}").unicodeScalars
    }
}
