/// mdBook's redirects of a fragment (`"/page.html#old" = "new.html#x"` in
/// `[output.html.redirect]`): a reader who arrives at `page.html#old` is sent on by a script,
/// since a server never sees the fragment. The script goes into the book's page of that path, or
/// into the redirect page that an entry without a fragment makes for it (where a fragment not in
/// the map follows that page's target, kept as it was). As in mdBook, fragments of a path that is
/// neither are an error (`Redirects`).
enum FragmentRedirects {
    /// The `<script>` for `map` (each fragment with its `#`, and its target URL, relative to the
    /// page); `fallback`: the redirect page's own target, or `nil` in a page of the book.
    static func script(_ map: [(fragment: String, target: String)], fallback: String?) -> [UInt8] {
        var bytes = Array("<script>(function () {\nconst map = {".utf8)
        for (index, entry) in map.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONLiteral.append(entry.fragment, to: &bytes, escapingMarkup: true)
            bytes.append(UInt8(ascii: ":"))
            JSONLiteral.append(entry.target, to: &bytes, escapingMarkup: true)
        }
        bytes += Array("};\nconst target = map[window.location.hash];\n".utf8)
        if let fallback {
            bytes += Array("if (!window.location.hash) return;\nconst url = new URL(target || ".utf8)
            JSONLiteral.append(fallback, to: &bytes, escapingMarkup: true)
            bytes += Array(", window.location.href);\nif (!target) url.hash = window.location.hash;\n".utf8)
            bytes += Array("window.location.replace(url.href);\n".utf8)
        } else {
            bytes += Array("if (target) window.location.replace(new URL(target, window.location.href).href);\n".utf8)
        }
        bytes += Array("})();</script>\n".utf8)
        return bytes
    }

    /// `page` with `script` inserted before its last `</body>` (at its end when it has none).
    static func inserting(_ script: [UInt8], into page: [UInt8]) -> [UInt8] {
        let end = Array("</body>".utf8)
        var index = page.count - end.count
        while index >= 0, !page[index..<index + end.count].elementsEqual(end) { index -= 1 }
        guard index >= 0 else { return page + script }
        return Array(page[..<index]) + script + Array(page[index...])
    }
}
