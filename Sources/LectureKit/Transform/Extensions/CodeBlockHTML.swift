import CommonMark

/// A code block that is not a sample, as mdBook renders it: every word of its info string a
/// class (`rust,editable` is `class="language-rust editable"`: commas separate words as spaces
/// do), and in Rust code the hidden lines of rustdoc (`# ` at the start, after any indentation)
/// wrapped in `<span class="boring">`, which the theme hides until the reader shows them.
enum CodeBlockHTML {
    /// The block's HTML where it differs from cmark's (`nil`: cmark's own, the first word's class).
    static func html(_ code: CodeBlock) -> String? {
        let words = code.info.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        guard let language = words.first else { return nil }
        let isRust = language == "rust"
        guard words.count > 1 || isRust || code.info.contains(",") else { return nil }
        let classes = "language-" + words.joined(separator: " ")
        let body = isRust ? hidingLines(code.code) : HTML.escape(code.code)
        return "<pre><code class=\"\(HTML.escape(classes))\">\(body)</code></pre>"
    }

    /// Rust code escaped for HTML with its hidden lines marked, by mdBook's rule: a line that is
    /// `#` after its indentation, or starts `# `, is hidden, shown without the `#` (and its
    /// space) when revealed; `##` stands for a shown `#`; `#!` and `#[` are attributes, shown.
    static func hidingLines(_ code: String) -> String {
        var html = ""
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            let indentation = line.prefix(while: { $0 == " " || $0 == "\t" })
            let rest = line[indentation.endIndex...]
            guard rest.first == "#" else {
                html += HTML.escape(String(line)) + "\n"
                continue
            }
            let afterHash = rest.dropFirst()
            switch afterHash.first {
            case "#":
                html += HTML.escape(String(indentation + afterHash)) + "\n"
            case nil, " ":
                let shown = indentation + (afterHash.first == " " ? afterHash.dropFirst() : afterHash)
                html += "<span class=\"boring\">" + HTML.escape(String(shown)) + "\n</span>"
            default:
                html += HTML.escape(String(line)) + "\n"
            }
        }
        return html
    }
}
