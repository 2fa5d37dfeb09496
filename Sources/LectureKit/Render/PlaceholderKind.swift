/// What a template's placeholder holds, declared with the placeholder itself
/// (`Templates.pagePlaceholders`, `Templates.notFoundPlaceholders`, `Partials.Name.placeholders`),
/// so a placeholder added there cannot be left without the bound on its copies
/// (`PlaceholderCopies`, code review 40 #7).
enum PlaceholderKind: Hashable, Sendable {
    /// Rendered parts of any size: the page's content, the chapter tree, a partial's `children`
    /// or `items`, a sample's code or output. Named once per template.
    case parts
    /// Short text (`root`, `href`, `title`, the interface words): named up to
    /// `PlaceholderCopies.maximumShortCopies` times.
    case text
}
