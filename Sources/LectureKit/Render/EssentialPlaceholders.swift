import LectureSupport

/// The placeholder a page template cannot do without (`{{ content }}`; a missing title or
/// navigation still shows the text): a theme's `page.html` lacking one built
/// every page without what it stands for, unsaid (attack 12: no `{{ content }}`, every page
/// empty; mdBook's themes fail the same way, mdBook PR #3111). A warning at the template,
/// as for a missing `{{ additional_css }}` (`AdditionalHead.unplaced`).
enum EssentialPlaceholders {
    /// Each placeholder (with the one that may stand for it) and what a page loses without it.
    static let page: [(name: String, or: String?, lost: String)] = [
        ("content", nil, "every page is built without its text")
    ]

    /// A warning for each essential placeholder `template` lacks.
    static func missing(in template: Template) -> [Diagnostic] {
        page.filter { !template.uses($0.name) && !($0.or.map(template.uses) ?? false) }.map { name, _, lost in
            .warning(
                .templatePlaceholder, template.path, nil, "page template has no {{ \(name) }}: \(lost)",
                notes: ["put {{ \(name) }} in page.html, where the built-in theme has it"])
        }
    }
}
