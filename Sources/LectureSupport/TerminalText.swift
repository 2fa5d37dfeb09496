/// Text the tool prints on behalf of its input (a sample's stderr, a compiler's output, a file
/// name, a summary quoting a page) made safe for a terminal and a CI log.
///
/// A terminal obeys the escape sequences it is sent (ESC, and the C1 controls U+0080–U+009F, of
/// which U+009B is CSI), so a sample could move the cursor, retitle the window or hide the
/// diagnostics above it; a CI log splits lines at CR as well as LF, so a file name holding one
/// could print a line that looks like a diagnostic of its own. Each C0 control character (and
/// DEL) is shown as its picture from Unicode's Control Pictures block (U+2400 + the code, DEL
/// U+2421), as the HTML and `--bless` already show them; a C1 control, the bidirectional
/// formatting characters that reorder what a reader sees (Unicode's "Trojan Source" set,
/// U+202A–U+202E and U+2066–U+2069, and the marks) and the invisible characters
/// (`InvisibleCharacters`), as `\u{…}`. Tab stays a tab.
///
/// Echoed text is also capped (`capped`): a sample may write 1 MiB to stderr, which the
/// diagnostic keeps but a terminal need not scroll through.
package enum TerminalText {
    /// `text` as one line: every control character, line feed among them, shown visibly.
    package static func line(_ text: String) -> String { visible(text, keepingLineFeeds: false) }

    /// `text` as lines: line feeds kept (and tabs), every other control character shown visibly.
    package static func lines(_ text: String) -> String { visible(text, keepingLineFeeds: true) }

    /// Whether `scalar` is shown as something else.
    @inline(__always) static func needsShowing(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || InvisibleCharacters.contains(value)
    }

    private static func visible(_ text: String, keepingLineFeeds: Bool) -> String {
        guard
            text.unicodeScalars.contains(where: {
                needsShowing($0.value) && $0 != "\t" && !(keepingLineFeeds && $0 == "\n")
            })
        else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: out.append(scalar)
            case 0x0A where keepingLineFeeds: out.append(scalar)
            case 0..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append(Unicode.Scalar(0x2421)!)
            case _ where needsShowing(scalar.value):
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// At most `maxLines` lines and about `maxBytes` bytes of `text` (cut at a line's end, or
    /// inside a longer line at a character's), then a line saying how much was left out:
    /// `… 812 more lines (1048576 bytes) not shown`. `text` when it fits.
    package static func capped(_ text: String, maxLines: Int = 200, maxBytes: Int = 32 * 1024) -> String {
        let utf8 = text.utf8
        guard utf8.count > maxBytes || utf8.lazy.filter({ $0 == 0x0A }).count >= maxLines else { return text }
        var newlines = 0
        var offset = 0
        for byte in utf8 {
            if offset >= maxBytes { break }
            if byte == 0x0A {
                newlines += 1
                if newlines == maxLines { break }
            }
            offset += 1
        }
        var cut = utf8.index(utf8.startIndex, offsetBy: offset)
        while String.Index(cut, within: text) == nil { cut = utf8.index(before: cut) }
        var rest = text[cut...]
        if rest.first == "\n" { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return text }
        let restLines =
            rest.split(separator: "\n", omittingEmptySubsequences: false).count - (rest.last == "\n" ? 1 : 0)
        return text[..<cut]
            + "\n… \(restLines) more line\(restLines == 1 ? "" : "s") (\(rest.utf8.count) bytes) not shown"
    }
}

extension TerminalText {
    /// The last `maxLines` lines and at most about `maxBytes` bytes of `text`, after a line
    /// saying how much came before: `… 812 earlier lines (1048576 bytes) not shown`. Where a
    /// program stopped is at its end (a run killed at a time limit). `text` when it fits.
    package static func lastLines(_ text: String, maxLines: Int = 50, maxBytes: Int = 8 * 1024) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var kept = 0
        var bytes = 0
        for line in lines.reversed() {
            if kept == maxLines || (kept > 0 && bytes + line.utf8.count + 1 > maxBytes) { break }
            kept += 1
            bytes += line.utf8.count + 1
        }
        guard kept < lines.count else { return text }
        let earlier = lines.dropLast(kept)
        let earlierBytes = earlier.reduce(0) { $0 + $1.utf8.count + 1 }
        return "… \(earlier.count) earlier line\(earlier.count == 1 ? "" : "s") (\(earlierBytes) bytes) not shown\n"
            + lines.suffix(kept).joined(separator: "\n")
    }
}

extension Diagnostic {
    /// This diagnostic as a terminal or a CI log may be shown it (`TerminalText`): its path and
    /// summary on one line each, every control character visible, each note capped.
    package var shownSafely: Diagnostic {
        var shown = self
        shown.path = TerminalText.line(path)
        shown.summary = TerminalText.line(summary)
        shown.notes = notes.map { TerminalText.lines(TerminalText.capped($0)) }
        return shown
    }
}
