import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The progress line (`[3/12] src/a-long-folder/page.md:40`) cut to the terminal's width: a
/// line wider than the terminal wraps, and the next line's `\r ESC[K` clears only its last row,
/// leaving the rest on screen (attack 11, kind 54: 87 columns on a 20-column pane). Widths are
/// counted as a terminal shows them: Hangul, CJK and emoji take two columns, combining marks
/// none. The middle is cut (`…`), so the count and the line number both stay in sight.
enum ProgressLine {
    /// The terminal's width in columns: the window size of `descriptor` (`TIOCGWINSZ`), else
    /// `COLUMNS`, else `nil` (not cut).
    static func columns(of descriptor: Int32 = 2, environment: [String: String]) -> Int? {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return nil
    }

    /// The columns `character` takes on a terminal.
    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // A character shown as an emoji (by default, or with VS16) takes two columns.
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && character.unicodeScalars.contains { $0.value == 0xFE0F })
        {
            return 2
        }
        let wide =
            (0x1100...0x115F).contains(value) || (0x2E80...0x303E).contains(value)
            || (0x3041...0x33FF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xA000...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x20000...0x3FFFD).contains(value)
        return wide ? 2 : 1
    }

    /// The columns `text` takes.
    static func width(of text: String) -> Int { text.reduce(0) { $0 + width(of: $1) } }

    /// `line` in at most `columns - 1` columns (the last column left free: a terminal that
    /// writes there wraps before the next `\r`), its middle replaced by `…` when cut.
    static func fitted(_ line: String, columns: Int?) -> String {
        guard let columns else { return line }
        let room = max(columns - 1, 1)
        guard width(of: line) > room else { return line }
        guard room > 2 else { return "…" }
        let characters = Array(line)
        // The end (the page's line) keeps a third of the room, the start the rest.
        var tailRoom = (room - 1) / 3
        var headRoom = room - 1 - tailRoom
        var head = ""
        for character in characters {
            let taken = width(of: character)
            guard taken <= headRoom else { break }
            head.append(character)
            headRoom -= taken
        }
        tailRoom += headRoom  // what the head could not use (a wide character at its end)
        var tail: [Character] = []
        for character in characters.reversed() {
            let taken = width(of: character)
            guard taken <= tailRoom else { break }
            tail.insert(character, at: 0)
            tailRoom -= taken
        }
        return head + "…" + String(tail)
    }
}
