/// The one scheme rule for every URL the tool writes from a book's input (a Markdown link or
/// image, a diagram's node link, a redirect's target, the repository and edit links of
/// `book.toml`): a URL a browser would run as script in the site's origin (`javascript:`,
/// `vbscript:`) or open as a document the URL itself carries (`data:` other than a picture) is
/// never published. Where it comes from decides the severity: a `book.toml` value is an error at
/// its line, a link in a page's text a warning at its line, and the URL is left out.
///
/// The scheme is read as a browser reads it (WHATWG URL standard: leading C0 controls and spaces
/// skipped, tabs and line breaks anywhere removed, letters in any case), so `JaVaScRiPt:` and
/// `java⇥script:` are caught. `data:` pictures are cmark's safe set (`image/png`, `gif`, `jpeg`,
/// `webp`); cmark's default safe mode drops the same schemes, silently.
package enum ScriptURL {
    /// The scheme of `url`, lowercased, when a browser would run or open it as above; else `nil`.
    package static func scheme(of url: String) -> String? {
        var bytes: [UInt8] = []
        var started = false
        for byte in url.utf8 {
            if !started && byte <= 0x20 { continue }
            started = true
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            // Enough for the longest scheme and `data:`'s picture types.
            if bytes.count > 24 { break }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for scheme in ["javascript", "vbscript"] where text.hasPrefix(scheme + ":") { return scheme }
        if text.hasPrefix("data:") {
            let pictures = ["image/png", "image/gif", "image/jpeg", "image/webp"]
            let type = text.dropFirst(5)
            if pictures.contains(where: { type.hasPrefix($0 + ";") || type.hasPrefix($0 + ",") }) { return nil }
            return "data"
        }
        return nil
    }

    /// The note every diagnostic of this rule carries.
    package static let note =
        "a javascript:, vbscript: or data: URL (other than a data: picture) runs script or opens a page of its own when a reader follows it, with the site's rights; lecture publishes none from a book's input"

    /// `url` cut to a length a diagnostic can show.
    package static func shown(_ url: String) -> String {
        url.count > 60 ? String(url.prefix(57)) + "…" : url
    }
}
