import CommonMark
internal import SwiftAnalysis

/// Swift code as HTML with its highlighting done at build time: each classified stretch
/// (`SyntaxHighlighter`) in a `<span class="hl-KIND">`, the rest escaped text. Readable with
/// JavaScript off and in print; the classes are styled in both colour schemes by `style.css`.
enum SwiftCodeHTML {
    /// The `<code>` element's class: no `language-` prefix, so highlight.js leaves it alone.
    static let codeClass = "swift-code"

    /// `code` highlighted, as the content of a `<code>` element.
    static func highlighted(_ code: String) -> String {
        let bytes = Array(code.utf8)
        var html = ""
        var position = 0
        func text(_ end: Int) {
            if end > position { html += HTML.escape(String(decoding: bytes[position..<end], as: UTF8.self)) }
        }
        for token in SyntaxHighlighter.tokens(in: code) where token.offset >= position && token.offset + token.length <= bytes.count {
            text(token.offset)
            html += "<span class=\"hl-\(token.kind.rawValue)\">"
            position = token.offset
            text(token.offset + token.length)
            html += "</span>"
            position = token.offset + token.length
        }
        text(bytes.count)
        return html
    }
}
