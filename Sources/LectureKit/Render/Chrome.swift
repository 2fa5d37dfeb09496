import LectureSupport

/// The theme's partials with the book's interface words: what makes the chrome around the
/// author's text, figures included (`FigureHTML`, `SampleRendering`, `TestReportRendering`,
/// `HoverCardRendering`), made once per build and passed down to them.
struct Chrome: Hashable, Sendable {
    /// The theme's partials (`partials/*.html`).
    let partials: Partials
    /// The interface words in the book's language.
    let words: InterfaceWords
    /// The words as the partials' `{{ words.KEY }}` values.
    let wordValues: [String: Template.Value]

    init(partials: Partials = .builtIn, words: InterfaceWords = .english) {
        self.partials = partials
        self.words = words
        var values: [String: Template.Value] = [:]
        for (key, word) in words.table {
            values["words." + key] = key.hasSuffix("-html") ? .html(word) : .text(word)
        }
        wordValues = values
    }

    /// The built-in theme in English: what the pieces render with when no build passes its own.
    static let english = Chrome()

    /// The partial `name` filled in with `values` and the interface words.
    func render(_ name: Partials.Name, _ values: [String: Template.Value] = [:]) -> String {
        partials.render(name, values, words: wordValues)
    }

    /// What HTML made with the partials `names` depends on besides its values: each one's text
    /// and the words it uses, so a cache keyed on it retires an entry when a theme changes one
    /// of those partials or words, and only then.
    func cacheKey(_ names: [Partials.Name]) -> String {
        var key = ""
        for name in names {
            key += name.rawValue + "\u{0}" + (partials.texts[name] ?? "") + "\u{0}"
            for piece in partials.templates[name]?.pieces ?? [] {
                guard case .placeholder(let placeholder) = piece, placeholder.hasPrefix("words.") else { continue }
                key += placeholder + "=" + words[String(placeholder.dropFirst("words.".count))] + "\u{0}"
            }
        }
        return key
    }

    static func == (a: Chrome, b: Chrome) -> Bool { a.partials == b.partials && a.words == b.words }
    func hash(into hasher: inout Hasher) {
        hasher.combine(partials)
        hasher.combine(words)
    }
}
