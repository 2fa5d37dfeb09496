/// How many times one template may name a placeholder: each use copies the value in again.
///
/// Each placeholder's kind is declared where the placeholder is (`PlaceholderKind`). A
/// placeholder holding rendered parts (the page's content, the chapter tree, a partial's
/// `children` or `items`, a sample's code or output) stands once. Twice in a partial that
/// nests per entry of the summary (`{{ children }}` in `chapter.html`) doubles the tree at
/// each level: a 49-byte partial and a summary 20 deep made 40 MB pages and a 914 MB site, and
/// 30 levels would make 1.2 TB (attack 20, F5). `{{ content }}` 2,000 times in `page.html`
/// made a 1 MB page into three 2.1 GB files. mdBook's Handlebars templates copy the content
/// as often as they name it; its chapter tree is not a template, so it has no exponential case.
/// The other placeholders (`root`, `href`, `title`, the interface words) hold short text and
/// stand up to `maximumShortCopies` times: `page.html` names `{{ root }}` in each asset link.
/// The bound makes a page at most linear in the book and the theme, checked when a template
/// is loaded, at the line of the copy past it.
enum PlaceholderCopies {
    /// Uses of a placeholder of short text one template may make.
    static let maximumShortCopies = 64

    /// How many times one template may name a placeholder of `kind`, the kind declared with it.
    static func maximum(for kind: PlaceholderKind) -> Int {
        switch kind {
        case .parts: 1
        case .text: maximumShortCopies
        }
    }

    /// The note of the error at a copy past the bound.
    static func problem(_ placeholder: String, kind: PlaceholderKind) -> (summary: String, note: String) {
        let maximum = maximum(for: kind)
        if maximum == 1 {
            return (
                "placeholder '{{ \(placeholder) }}' is used a second time; it may stand once in a template",
                "each use copies its whole value again, and a partial nested for each entry of the summary doubles the page at every level; keep one '{{ \(placeholder) }}'"
            )
        }
        return (
            "placeholder '{{ \(placeholder) }}' is used more than \(maximum) times in one template",
            "each use copies its value again; name it at most \(maximum) times"
        )
    }
}
