/// Characters that change what a reader sees of code without showing themselves.
///
/// The bidirectional controls reorder the text around them, so code can read differently from
/// how the compiler reads it ("Trojan Source", CVE-2021-42574): the embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069, the set rustc denies and GitHub warns of) and the
/// marks (U+200E, U+200F, U+061C). The invisible ones show nothing at all, and may make two
/// names that look the same differ, or hide a name: zero-width space, word joiner, the invisible
/// mathematical operators, a zero-width no-break space inside a file, soft hyphen, Mongolian vowel
/// separator, the Hangul fillers (letters, so valid in a Swift name) and the tag characters.
/// The zero-width joiner and non-joiner are left alone where they join (emoji, and the scripts
/// that join or conjoin: `find`), and found where they join nothing (between two Latin
/// letters, at the end of a title).
package enum InvisibleCharacters {
    /// Whether `value` is one of the characters above.
    package static func contains(_ value: UInt32) -> Bool {
        isBidirectional(value) || isInvisible(value)
    }

    /// A bidirectional control character or mark.
    package static func isBidirectional(_ value: UInt32) -> Bool {
        isBidirectionalControl(value) || value == 0x200E || value == 0x200F || value == 0x061C
    }

    /// An embedding, override or isolate (U+202A–U+202E, U+2066–U+2069): the set rustc denies,
    /// which reorders text; not the marks, which right-to-left prose uses.
    package static func isBidirectionalControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// An invisible character that is not bidirectional.
    package static func isInvisible(_ value: UInt32) -> Bool {
        switch value {
        case 0x200B, 0x2060, 0x2061...0x2064, 0xFEFF, 0x00AD, 0x180E, 0x115F, 0x1160, 0x3164, 0xFFA0,
            0xE0001, 0xE0020...0xE007F:
            return true
        default:
            return false
        }
    }

    /// One such character in a text: where it is and what it is.
    package struct Occurrence: Equatable, Sendable {
        /// 0-based line of the text.
        package var line: Int
        /// 0-based byte offset in its line (UTF-8, as cmark and swiftc count columns).
        package var offset: Int
        package var scalar: Unicode.Scalar

        /// `U+202E RIGHT-TO-LEFT OVERRIDE`.
        package var described: String {
            let code = String(scalar.value, radix: 16, uppercase: true)
            let name = scalar.properties.name.map { " " + $0 } ?? ""
            return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code + name
        }
    }

    /// Every such character in `text`, in order, and each zero-width joiner or non-joiner that
    /// joins nothing (`joinsNothing`). A Hangul filler inside a well-formed syllable block
    /// (`U+115F` before a vowel, `U+1160` after a leading consonant) is Korean, not hidden.
    package static func find(in text: String) -> [Occurrence] {
        guard text.unicodeScalars.contains(where: { contains($0.value) || isJoiner($0.value) }) else { return [] }
        let scalars = Array(text.unicodeScalars)
        var found: [Occurrence] = []
        var line = 0
        var offset = 0
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" {
                line += 1
                offset = 0
                continue
            }
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if hides(scalar, after: previous, before: next) {
                found.append(Occurrence(line: line, offset: offset, scalar: scalar))
            }
            offset += UTF8.width(scalar)
        }
        return found
    }

    /// Whether `scalar`, between `previous` and `next`, hides: one of the characters above, or a
    /// joiner that joins nothing.
    private static func hides(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?)
        -> Bool
    {
        switch scalar.value {
        case 0x200C, 0x200D:
            return !(previous.map(isJoined) == true || next.map(isJoined) == true)
        case 0x115F:
            // A choseong filler before a real vowel is a syllable with no leading consonant.
            return !(next.map { (0x1161...0x11A7).contains($0.value) || (0xD7B0...0xD7C6).contains($0.value) } == true)
        case 0x1160:
            // A jungseong filler after a real leading consonant is a syllable with no vowel.
            return
                !(previous.map { (0x1100...0x115E).contains($0.value) || (0xA960...0xA97C).contains($0.value) }
                == true)
        default:
            return contains(scalar.value)
        }
    }

    /// The zero-width non-joiner and joiner (U+200C, U+200D).
    private static func isJoiner(_ value: UInt32) -> Bool { value == 0x200C || value == 0x200D }

    /// Whether a joiner beside `scalar` does visible work: an emoji (a family, a flag, a skin
    /// tone, a variation selector) or a letter of a script that joins or conjoins (Arabic,
    /// Syriac, the Indic scripts, Tibetan, Myanmar, Khmer, Mongolian, Javanese, Brahmi…). Beside
    /// Latin, Hangul, kana or an ASCII character, a joiner joins nothing and only hides.
    private static func isJoined(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x80, scalar.properties.isEmoji || scalar.properties.isEmojiModifier { return true }
        let joining: [ClosedRange<UInt32>] = [
            0x0600...0x08FF, 0x0900...0x0DFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x18AF, 0x1A00...0x1AAF,
            0x1B00...0x1BFF, 0xA800...0xA8FF, 0xA980...0xA9FF, 0xFB50...0xFDFF, 0xFE00...0xFE0F, 0xFE70...0xFEFE,
            0x10A00...0x10A5F, 0x11000...0x11DFF,
        ]
        return joining.contains { $0.contains(value) }
    }
}
