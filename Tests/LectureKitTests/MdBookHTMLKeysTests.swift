import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every key of `[output.html]` and its tables in mdBook 0.5.4's guide
/// (`guide/src/format/configuration/renderers.md`, "HTML renderer options"), at a value other
/// than its default: each is read and done as mdBook does it, accepted because lecture does
/// that part its own way and the book loses nothing, or warned at its line with what is lost.
/// None is silently ignored, and none is an "unknown key".
@Suite struct MdBookHTMLKeysTests {
    enum Verdict: Equatable {
        /// Read into the settings and done as mdBook does it (`BookSettingsLoader.fields`).
        case done
        /// Accepted without a word: lecture does this part its own way (`MdBookKeys.accepted`).
        case ownWay
        /// A warning at the key's line saying what is lost (`MdBookKeys`).
        case lost
        /// mdBook 0.4's key, which mdBook 0.5.4 does not know (run: "ERROR Failed to deserialize
        /// `output.html`", and none of the table's settings is used): a warning at its line with the fix.
        case unknownToMdBook
    }

    /// The guide's keys, each with a value other than its default and lecture's verdict.
    static let keys: [(key: String, value: String, verdict: Verdict)] = [
        ("theme", "\"my-theme\"", .lost),
        ("default-theme", "\"navy\"", .done),
        // lecture's dark theme is one; the reader's system setting picks it, as mdBook's does.
        ("preferred-dark-theme", "\"ayu\"", .ownWay),
        ("smart-punctuation", "false", .done),
        ("definition-lists", "false", .lost),
        ("admonitions", "false", .lost),
        ("mathjax-support", "true", .done),
        ("additional-css", "[\"custom.css\"]", .done),
        ("additional-js", "[\"custom.js\"]", .done),
        ("no-section-label", "true", .done),
        ("git-repository-url", "\"https://example.org/book\"", .done),
        // lecture's repository link has an icon of its own, the same for every host.
        ("git-repository-icon", "\"fas-code-fork\"", .ownWay),
        ("edit-url-template", "\"https://example.org/edit/{path}\"", .done),
        ("input-404", "\"not-found.md\"", .done),
        ("site-url", "\"/book/\"", .done),
        ("cname", "\"book.example.org\"", .done),
        ("hash-files", "false", .done),
        // lecture's pages list their headings beside the text ("On this page"), not in the sidebar.
        ("sidebar-header-nav", "false", .ownWay),
        // lecture serve's live reload has its own endpoint; no page names mdBook's.
        ("live-reload-endpoint", "\"reload\"", .ownWay),
        // mdBook 0.4's keys: 0.5.4 does not know them.
        ("copy-fonts", "false", .unknownToMdBook), ("curly-quotes", "false", .unknownToMdBook),
        // `enable = false` leaves print.html and its link out, as in mdBook; the page break between
        // chapters is lecture's own and cannot be turned off.
        ("print.enable", "false", .done), ("print.page-break", "false", .lost),
        // The sidebar folds as mdBook's does (`MdBookFoldTests`).
        ("fold.enable", "true", .done), ("fold.level", "1", .done),
        ("playground.editable", "true", .lost),
        // lecture's code blocks have their own copy button and no playground to run or load.
        ("playground.copyable", "false", .ownWay), ("playground.copy-js", "false", .ownWay),
        ("playground.runnable", "false", .ownWay),
        ("playground.line-numbers", "true", .lost),
        ("code.hidelines", "{ python = \"~\" }", .done),
        // `enable = false` writes no index and no search box, as in mdBook; lecture's search is its own
        // (every page, whole words and prefixes), so the settings of mdBook's engine are lost.
        ("search.enable", "false", .done), ("search.limit-results", "10", .lost),
        ("search.teaser-word-count", "10", .lost), ("search.use-boolean-and", "true", .lost),
        ("search.boost-title", "3", .lost), ("search.boost-hierarchy", "2", .lost),
        ("search.boost-paragraph", "2", .lost), ("search.expand", "false", .lost),
        ("search.heading-split-level", "2", .lost), ("search.copy-js", "false", .lost),
        ("search.chapter", "{ \"appendix\" = { enable = false } }", .ownWay),
        ("redirect", "{ \"/old.html\" = \"new.html\" }", .done),
    ]

    @Test func everyHTMLKeyOfMdBooksGuideIsDoneOrJudged() {
        for (key, value, verdict) in Self.keys {
            let (_, diagnostics) = BookSettingsLoader.parse("[output.html]\n\(key) = \(value)\n", path: "book.toml")
            let dotted = "output.html." + key
            let headlines = diagnostics.map(\.headline)
            switch verdict {
            case .done:
                #expect(
                    BookSettingsLoader.fields[dotted] != nil || BookSettingsLoader.members[dotted] != nil, "\(key)")
                #expect(diagnostics.isEmpty, "\(key): \(headlines)")
            case .ownWay:
                #expect(BookSettingsLoader.fields[dotted] == nil, "\(key) is read: it is done, not judged")
                #expect(diagnostics.isEmpty, "\(key): \(headlines)")
            case .lost:
                #expect(diagnostics.count == 1 && diagnostics.first?.location?.line == 2, "\(key): \(headlines)")
                #expect(
                    diagnostics.first?.summary == "'\(dotted)' is not supported by lecture and is ignored",
                    "\(key): \(headlines)")
                #expect(diagnostics.first?.notes.first?.isEmpty == false, "\(key): what is lost")
            case .unknownToMdBook:
                #expect(diagnostics.count == 1 && diagnostics.first?.location?.line == 2, "\(key): \(headlines)")
                #expect(
                    diagnostics.first?.summary
                        == "mdBook 0.5.4 does not know '\(dotted)': 'mdbook build' reports an error and builds the book with none of [output.html]'s settings",
                    "\(key): \(headlines)")
                #expect(diagnostics.first?.notes.first?.isEmpty == false, "\(key): the fix")
            }
        }
    }
}
