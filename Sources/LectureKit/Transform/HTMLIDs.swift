import LectureSupport

/// The `id="…"` values of a piece of HTML (a template, a raw HTML block), which headings'
/// anchors must not repeat.
enum HTMLIDs {
    /// Every `id="…"` value in `html`, as written.
    static func of(_ html: String) -> Set<String> {
        let bytes = Array(html.utf8)
        return Set(AttributeScan.values(in: bytes, after: " id=\"").map { String(decoding: bytes[$0], as: UTF8.self) })
    }
}
