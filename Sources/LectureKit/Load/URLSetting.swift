import LectureSupport

/// The URL settings of `book.toml` and the command line, checked before any page is built:
/// `site-url` is a path from the server's root (as mdBook documents it), and the links a page's
/// header carries (`git-repository-url`, `edit-url-template`) are web URLs or relative paths.
/// Every URL-valued key also follows the one scheme rule of `ScriptURL` (`scriptProblem`).
/// Each check gives what is wrong, in words that finish "'key' …", or `nil`.
package enum URLSetting {
    /// What is wrong with `text` as the path a site is served under, or `nil`.
    package static func sitePathProblem(_ text: String) -> String? {
        guard text.hasPrefix("/") else { return "must be a path from the server's root, such as \"/lecture/\"" }
        guard !text.hasPrefix("//") else {
            return "must be a path from the server's root, such as \"/lecture/\"; '//' starts another host's URL"
        }
        if let bad = text.unicodeScalars.first(where: { !isPathScalar($0) }) {
            return "must be a URL path, such as \"/lecture/\"; it holds \(described(bad))"
        }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            return "must be a path from the server's root, such as \"/lecture/\", without '.' or '..' segments"
        }
        return nil
    }

    /// What is wrong with `text` as a link written into every page, or `nil`: it must be an
    /// `http:`/`https:` URL or a relative one, with nothing a browser reads differently.
    package static func linkProblem(_ text: String) -> String? {
        if let problem = scriptProblem(text) { return problem }
        if let bad = text.unicodeScalars.first(where: { !isLinkScalar($0) }) {
            return "must be a URL, such as \"https://github.com/you/book\"; it holds \(described(bad))"
        }
        if let scheme = scheme(of: text), !["http", "https"].contains(scheme.lowercased()) {
            return "must be an http(s) URL or a relative one, such as \"https://github.com/you/book\", "
                + "not \(IndefiniteArticle.quoted(scheme + ":")) URL"
        }
        return nil
    }

    /// What is wrong with `text` by the one scheme rule of every URL the tool writes
    /// (`ScriptURL`), or `nil`: the same words for every key that holds a URL.
    package static func scriptProblem(_ text: String) -> String? {
        guard let scheme = ScriptURL.scheme(of: text) else { return nil }
        return
            "may not be \(IndefiniteArticle.quoted(scheme + ":")) URL: a reader's browser would run it as script, or open it as a page of its own, with the site's rights"
    }

    /// The URL's scheme: the text before a `:` that comes before any `/`, `?` or `#`.
    static func scheme(of text: String) -> String? {
        guard let end = text.firstIndex(where: { ":/?#".contains($0) }), text[end] == ":" else { return nil }
        return String(text[..<end])
    }

    private static func isPathScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value > 0x7F { return isVisible(scalar) }
        let character = Character(scalar)
        return character.isLetter || character.isNumber || "-._~!$()*+,;=:@/%".contains(character)
    }

    private static func isLinkScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value > 0x7F { return isVisible(scalar) }
        return scalar.value > 0x20 && scalar.value < 0x7F && !"\"<>\\^`|".unicodeScalars.contains(scalar)
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned,
            .privateUse:
            return false
        default: return true
        }
    }

    private static func described(_ scalar: Unicode.Scalar) -> String {
        scalar.value > 0x20 && scalar.value < 0x7F
            ? "\(quoted: Character(scalar))" : "U+" + String(scalar.value, radix: 16, uppercase: true)
    }
}
