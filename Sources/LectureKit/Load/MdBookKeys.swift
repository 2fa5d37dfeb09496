import BookTOML
import LectureSupport
import SourceText

/// The keys of mdBook 0.5.4's book.toml (its guide's `format/configuration` pages; mdBook
/// itself refuses any other key of `[book]`, `[build]`, `[rust]` and `[output.html]`) that
/// lecture reads no value from, and what a book loses with each value. A value that asks for
/// nothing lecture lacks (a default, a setting of something lecture does its own way) is
/// accepted without a word; a value that asks for something lecture does not do is a warning
/// saying what is lost.
enum MdBookKeys {
    /// What lecture makes of one key's value.
    enum Verdict: Equatable {
        /// Nothing the book asks for is lost.
        case accepted
        /// The value asks for what lecture does not do: the note says what the book loses.
        case lost(String)
        /// Nothing is lost to lecture, but mdBook 0.5.4 does not know the key: the fix.
        case unknownToMdBook(String)
    }

    /// The verdict on `entry`, or `nil` when its key is none of these. `hasElements`: whether
    /// an array or table holds anything.
    static func verdict(_ entry: TOMLDocument.Entry, hasElements: Bool) -> Verdict? {
        let key = entry.path.joined(separator: ".")
        let isTrue = entry.kind == .boolean && entry.value == "true"
        let isFalse = entry.kind == .boolean && entry.value == "false"
        switch key {
        case "build.use-default-preprocessors":
            return isFalse
                ? .lost(
                    "lecture still does what mdBook's default preprocessors do: {{#include}} and the other directives are expanded, and README.md is its folder's index.html"
                ) : .accepted
        case "output.html.theme":
            return .lost(
                "the theme folder's files (.hbs templates, CSS, JavaScript) are not used: lecture's own theme draws the pages ('[preprocessor.lecture] templates' names a theme of lecture's)"
            )
        case "output.html.definition-lists", "output.html.admonitions":
            return isFalse
                ? .lost(
                    "lecture renders them anyway (\(entry.path[2] == "admonitions" ? "'> [!NOTE]' as a note" : "'Term' and ': definition' lines as a definition list")), where mdBook would show the lines as written"
                ) : .accepted
        case "output.html.playground.editable", "output.html.playpen.editable":
            return isTrue ? .lost("code blocks cannot be edited: lecture's pages have no Rust playground") : .accepted
        case "output.html.playground.line-numbers", "output.html.playpen.line-numbers":
            return isTrue ? .lost("code blocks show no line numbers") : .accepted
        case "output.html.copy-fonts":
            // mdBook 0.4's; 0.5.4 refuses the key (`MdBookKeys.unknownToMdBook`, said by the loader).
            return .unknownToMdBook(
                "delete the line: mdBook 0.5 copies the fonts its theme has, and lecture's theme uses the system's")
        case "output.linkcheck.follow-web-links":
            return isTrue
                ? .lost("web links are not followed: lecture checks the links inside the book, not those that leave it")
                : .accepted
        default:
            return accepted.contains(key) || isAcceptedTable(entry.path) ? .accepted : nil
        }
    }

    /// The warning for a key lecture reads but mdBook 0.5.4 does not know (run: a key it does not
    /// know under `[book]` stops `mdbook build`; under `[output.html]` it reports an error and
    /// builds with none of that table's settings), with the fix.
    static func unknownToMdBook(_ key: String, file: String, at location: SourceLocation?, fix: String) -> Diagnostic {
        let effect = effectOfUnknown(key.split(separator: ".").map(String.init)) ?? refused
        return .warning(
            .bookTOMLValue, file, location, "mdBook 0.5.4 does not know \(quoted: key): \(effect)", notes: [fix])
    }

    /// What `mdbook build` 0.5.4 does with a key it does not know at `path` (run): under
    /// `[output.html]` and its tables it reports an error and builds with none of that table's
    /// settings; it refuses any other key of its own tables or of none (`[book]`, `[build]`,
    /// `[rust]`, a top-level key or table); a preprocessor's or another renderer's table is
    /// theirs to read (`nil`), lecture's own too (`lecture.…`, read from `[preprocessor.lecture]`).
    static func effectOfUnknown(_ path: [String]) -> String? {
        switch path.first {
        case "preprocessor", "lecture": return nil
        case "output":
            return path.count > 2 && path[1] == "html"
                ? "'mdbook build' reports an error and builds the book with none of [output.html]'s settings" : nil
        default: return refused
        }
    }

    static let refused = "'mdbook build' stops on this book.toml"

    /// Keys whose every value is accepted: settings of what lecture does its own way (its sidebar,
    /// search, print page, dark theme, copy buttons), or of mdBook's own machinery.
    static let accepted: Set<String> = [
        "output.html.preferred-dark-theme", "output.html.git-repository-icon",
        "output.html.live-reload-endpoint", "output.html.sidebar-header-nav",
        "output.html.playground.copyable", "output.html.playground.copy-js", "output.html.playground.runnable",
        "output.html.playpen.copyable", "output.html.playpen.copy-js", "output.html.playpen.runnable",
        "output.html.print.enable", "output.html.print.page-break",
        "output.html.search.enable", "output.html.search.limit-results", "output.html.search.teaser-word-count",
        "output.html.search.use-boolean-and", "output.html.search.boost-title",
        "output.html.search.boost-hierarchy", "output.html.search.boost-paragraph", "output.html.search.expand",
        "output.html.search.heading-split-level", "output.html.search.copy-js",
    ]

    /// Every key of mdBook's named here: the accepted ones and those judged by their value
    /// (`verdict`), for the list of a table's keys beside an unknown one.
    static let named: Set<String> = accepted.union([
        "build.use-default-preprocessors", "output.html.theme", "output.html.definition-lists",
        "output.html.admonitions",
        "output.html.playground.editable", "output.html.playpen.editable", "output.html.playground.line-numbers",
        "output.html.playpen.line-numbers", "output.linkcheck.follow-web-links",
        "output.html.search.chapter",
    ])

    /// Tables accepted whole, whatever they hold: `[output.html.search.chapter]` (which pages the
    /// search leaves out; lecture's search has every page), and `[output.linkcheck]` and its keys
    /// but `follow-web-links` (mdbook-linkcheck checks the book's links, as lecture does itself).
    static func isAcceptedTable(_ path: [String]) -> Bool {
        path.starts(with: ["output", "html", "search", "chapter"]) || path == ["output", "linkcheck"]
            || (path.starts(with: ["output", "linkcheck"]) && path.count == 3 && path[2] != "follow-web-links")
    }

    /// The tables whose keys are judged one by one.
    static let tables: Set<String> = [
        "rust", "output.html.playground", "output.html.playpen", "output.html.print",
        "output.html.search", "output.linkcheck",
    ]
}
