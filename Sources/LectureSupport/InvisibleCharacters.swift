/// Characters that change what a reader sees of code without showing themselves.
///
/// The bidirectional controls reorder the text around them, so code can read differently from
/// how the compiler reads it ("Trojan Source", CVE-2021-42574): the embeddings, overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069, the set rustc denies and GitHub warns of) and the
/// marks (U+200E, U+200F, U+061C). The invisible ones show nothing at all, and may make two
/// names that look the same differ, or hide a name: zero-width space, word joiner, the invisible
/// mathematical operators, a zero-width no-break space inside a file, soft hyphen, Mongolian vowel
/// separator, the Hangul fillers (letters, so valid in a Swift name) and the tag characters.
/// The zero-width joiner and non-joiner are left alone: emoji and several scripts need them.
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

    /// Every such character in `text`, in order.
    package static func find(in text: String) -> [Occurrence] {
        guard text.unicodeScalars.contains(where: { contains($0.value) }) else { return [] }
        var found: [Occurrence] = []
        var line = 0
        var offset = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                line += 1
                offset = 0
                continue
            }
            if contains(scalar.value) { found.append(Occurrence(line: line, offset: offset, scalar: scalar)) }
            offset += UTF8.width(scalar)
        }
        return found
    }
}
