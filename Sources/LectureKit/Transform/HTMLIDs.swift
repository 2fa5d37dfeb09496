import LectureSupport

/// The `id` values of a piece of HTML (a template, a raw HTML block), which headings'
/// anchors must not repeat.
enum HTMLIDs {
    /// Every `id` value in `html`, as a browser reads it (`HTMLAttributes`).
    static func of(_ html: String) -> Set<String> {
        let bytes = Array(html.utf8)
        var ids = Set<String>()
        HTMLAttributes.scan(bytes) { tag in
            for attribute in tag.attributes where HTMLAttributes.is("id", attribute.name, in: bytes) {
                ids.insert(HTMLAttributes.value(attribute.value, in: bytes))
            }
        }
        return ids
    }
}
