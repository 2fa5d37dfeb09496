import CommonMark

/// A code block that is not a sample, as mdBook renders it: every word of its info string a
/// class (`rust,editable` is `class="language-rust editable"`: commas separate words as spaces
/// do), and its hidden lines wrapped in `<span class="boring">`, which the theme hides until the
/// reader shows them: in Rust code rustdoc's (`# `), in any other language the lines starting
/// with the prefix book.toml's `[output.html.code.hidelines]` gives it (`python = "~"`) or the
/// block's own `hidelines=PREFIX` word. A Rust block mdBook would give a playground (neither
/// `ignore` nor `noplayground`) is marked with book.toml's `[rust] edition` (`edition2021`) unless
/// a word of its own names one, as mdBook marks it for its playground's requests.
enum CodeBlockHTML {
    /// The block's HTML where it differs from cmark's (`nil`: cmark's own, the first word's class).
    /// - Parameter hidelines: each language's prefix of hidden lines (`["python": "~"]`).
    /// - Parameter edition: book.toml's `[rust] edition` (`"2021"`), if any.
    static func html(_ code: CodeBlock, hidelines: [String: String] = [:], edition: String? = nil) -> String? {
        var words = code.info.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
        guard let language = words.first else { return nil }
        let isRust = language == "rust"
        // The block's own prefix first, as mdBook takes it (the first `hidelines=` word).
        let prefix =
            words.lazy.first(where: { $0.hasPrefix("hidelines=") }).map { String($0.dropFirst("hidelines=".count)) }
            ?? hidelines[String(language)]
        guard words.count > 1 || isRust || code.info.contains(",") || prefix != nil else { return nil }
        if isRust, let edition, !code.info.contains("edition"),
            !words.contains("ignore"), !words.contains("noplayground")
        {
            words.append(Substring("edition" + edition))
        }
        let classes = "language-" + words.joined(separator: " ")
        let body: String
        if isRust {
            body = hidingLines(code.code)
        } else if let prefix, !prefix.isEmpty {
            body = hidingLines(code.code, prefix: prefix)
        } else {
            body = HTML.escape(code.code)
        }
        return "<pre><code class=\"\(HTML.escape(classes))\">\(body)</code></pre>"
    }

    /// Rust code escaped for HTML with its hidden lines marked, by mdBook's rule: a line that is
    /// `#` after its indentation, or starts `# `, is hidden, shown without the `#` (and its
    /// space) when revealed; `##` stands for a shown `#`; `#!` and `#[` are attributes, shown.
    static func hidingLines(_ code: String) -> String {
        var html = ""
        for line in lines(of: code) {
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
                html += boring(String(shown))
            default:
                html += HTML.escape(String(line)) + "\n"
            }
        }
        return html
    }

    /// Code of another language escaped for HTML with its hidden lines marked, by mdBook's rule:
    /// a line whose text after its indentation starts with `prefix` is hidden, shown without the
    /// prefix (its indentation and the rest kept: `    ~x()` is `    x()`) when revealed.
    static func hidingLines(_ code: String, prefix: String) -> String {
        var html = ""
        for line in lines(of: code) {
            let indentation = line.prefix(while: { $0 == " " || $0 == "\t" })
            let rest = line[indentation.endIndex...]
            if rest.hasPrefix(prefix) {
                html += boring(String(indentation + rest.dropFirst(prefix.count)))
            } else {
                html += HTML.escape(String(line)) + "\n"
            }
        }
        return html
    }

    /// The code's lines without their `\n`, a last empty one (after the final `\n`) left out.
    private static func lines(of code: String) -> [Substring] {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// One hidden line, `\n` included.
    private static func boring(_ line: String) -> String {
        "<span class=\"boring\">" + HTML.escape(line) + "\n</span>"
    }
}
