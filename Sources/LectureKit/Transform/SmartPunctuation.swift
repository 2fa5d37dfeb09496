/// The text form shared by heading ids, the table of contents, page titles and the search
/// index: the text as the author typed it, even when smart punctuation draws it otherwise.
///
/// cmark's smart punctuation (`CMARK_OPT_SMART`, after SmartyPants) turns straight quotes into
/// curly ones, `--` into an en dash, `---` into an em dash and `...` into an ellipsis. With it on,
/// only the rendered prose shows those; `straight` undoes exactly that mapping for the rest, so a
/// link written from the source (`#--configuration`) finds its heading, and a search for `1...5`
/// finds the page, whether the setting is on or off.
enum SmartPunctuation {
    /// `text` with cmark's smart punctuation undone: each of its curly quotes, dashes and
    /// ellipses that stands as a character of its own (not one with a combining mark) replaced.
    ///
    /// One scan of the UTF-8 for the three-byte sequences `E2 80 xx` of those scalars; a
    /// character-by-character loop compared every Hangul syllable under canonical equivalence.
    static func straight(_ text: String) -> String {
        // Most texts hold none (a heading's section text, code and all, comes here): `memchr`
        // says so at a fraction of the generic search's cost.
        guard text.containsUTF8(0xE2) else { return text }
        let utf8 = text.utf8
        var out = ""
        var copied = text.startIndex
        var index = utf8.startIndex
        while let lead = utf8[index...].firstIndex(of: 0xE2) {
            index = utf8.index(after: lead)
            guard index != utf8.endIndex, utf8[index] == 0x80 else { continue }
            let third = utf8.index(after: index)
            guard third != utf8.endIndex else { break }
            let end = utf8.index(after: third)
            guard let replacement = replacement(utf8[third]),
                let start = lead.samePosition(in: text), text.index(after: start) == end
            else { continue }
            out += text[copied..<start]
            out += replacement
            copied = end
            index = end
        }
        if copied == text.startIndex { return text }
        out += text[copied...]
        return out
    }

    /// What the scalar `U+20xx` whose UTF-8 ends in `last` stands for, if smart punctuation made it.
    private static func replacement(_ last: UInt8) -> String? {
        switch last {
        case 0x98, 0x99: "'"  // U+2018, U+2019
        case 0x9C, 0x9D: "\""  // U+201C, U+201D
        case 0x93: "--"  // U+2013
        case 0x94: "---"  // U+2014
        case 0xA6: "..."  // U+2026
        default: nil
        }
    }
}
