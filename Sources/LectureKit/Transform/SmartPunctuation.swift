/// The text form shared by heading ids, the table of contents, page titles and the search
/// index: the text as the author typed it, even when smart punctuation draws it otherwise.
///
/// cmark's smart punctuation (`CMARK_OPT_SMART`, after SmartyPants) turns straight quotes into
/// curly ones, `--` into an en dash, `---` into an em dash and `...` into an ellipsis. With it on,
/// only the rendered prose shows those; `straight` undoes exactly that mapping for the rest, so a
/// link written from the source (`#--configuration`) finds its heading, and a search for `1...5`
/// finds the page, whether the setting is on or off.
enum SmartPunctuation {
    /// `text` with cmark's smart punctuation undone.
    static func straight(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0x2013...0x201D).contains($0.value) || $0.value == 0x2026 }) else {
            return text
        }
        var out = ""
        for character in text {
            switch character {
            case "\u{2018}", "\u{2019}": out += "'"
            case "\u{201C}", "\u{201D}": out += "\""
            case "\u{2013}": out += "--"
            case "\u{2014}": out += "---"
            case "\u{2026}": out += "..."
            default: out.append(character)
            }
        }
        return out
    }
}
