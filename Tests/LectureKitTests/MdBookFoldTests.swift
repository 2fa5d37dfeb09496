import Foundation
import Testing

@testable import LectureSupport

/// `[output.html.fold]` against mdBook 0.5.4 for the same book (new-user review 6, finding 2: the
/// setting was a warning on every build, and the sidebar did not fold). Read from each tool's
/// `toc.html`, the whole tree with no page shown: which chapters have the button that folds their
/// sections, and which chapters a reader sees before pressing any, at each level and with the
/// setting off. The sections on the way to the page shown open on that page: lecture writes them
/// open, mdBook's script opens them (`Tests/BrowserTests/fold_test.py` compares both in Chromium,
/// and opens a folded section).
@Suite(.serialized) struct MdBookFoldTests {
    static func book(_ fold: String) -> [String: String] {
        var files = [
            "book.toml": "[book]\ntitle = \"F\"\nlanguage = \"en\"\n\n[output.html.fold]\n\(fold)\n",
            "src/SUMMARY.md": """
            # Summary

            [Intro](intro.md)

            # Part one

            - [A](a/index.md)
              - [A1](a/one.md)
                - [B](a/b/index.md)
                  - [B1](a/b/one.md)
                - [Draft]()
                  - [D1](a/d1.md)
              - [A2](a/two.md)
            - [C](c.md)

            """,
        ]
        for page in ["intro", "a/index", "a/one", "a/two", "a/b/index", "a/b/one", "a/d1", "c"] {
            files["src/\(page).md"] = "# \(page)\n"
        }
        return files
    }

    /// Each chapter link of the tree in order, as `href` with `+` when its entry has a fold
    /// button and `(hidden)` when a folded section holds it: mdBook's `li` is open when its class
    /// says `expanded`, lecture's when its button says `aria-expanded="true"` (or it has none).
    static func tree(_ page: String) -> [String] {
        // The chapter tree alone: mdBook's `ol.chapter`, lecture's `ol.chapters`, to the end of
        // the sidebar or content that holds it.
        guard let start = page.range(of: "<ol class=\"chapter") else { return [] }
        var html = page[start.lowerBound...]
        if let end = ["</nav>", "</main>", "</body>"].compactMap({ html.range(of: $0)?.lowerBound }).min() {
            html = html[..<end]
        }
        // Open `li` and `ol` elements; an `li` is open (shows its sections) or folded. As HTML
        // reads it: an `<li>` ends an `li` still open in the same list (mdBook leaves them
        // open), an `</li>` with no `li` in its list is ignored (mdBook writes one after a part
        // title).
        struct Element {
            var isList: Bool
            var open = true
            var link: Int?
        }
        var stack: [Element] = []
        var entries: [(href: String, toggle: Bool, hidden: Bool)] = []
        let tag = /<(\/?)(li|ol|a|button)\b([^>]*)>/
        for match in html.matches(of: tag) {
            let (closing, name, attributes) = (!match.output.1.isEmpty, match.output.2, String(match.output.3))
            switch (name, closing) {
            case ("ol", false): stack.append(Element(isList: true))
            case ("ol", true):
                if let list = stack.lastIndex(where: \.isList) { stack.removeSubrange(list...) }
            case ("li", false):
                if stack.last?.isList == false { stack.removeLast() }
                let mdBookFolded = attributes.contains("chapter-item") && !attributes.contains("expanded")
                stack.append(Element(isList: false, open: !mdBookFolded))
            case ("li", true):
                if stack.last?.isList == false { stack.removeLast() }
            case (_, false) where attributes.contains("chapter-fold-toggle"):
                guard let item = stack.lastIndex(where: { !$0.isList }) else { continue }
                if let link = stack[item].link { entries[link].toggle = true }
                if attributes.contains("aria-expanded=\"false\"") { stack[item].open = false }
            case ("a", false):
                guard let href = attributes.firstMatch(of: /href="([^"]*)"/)?.output.1,
                    let item = stack.lastIndex(where: { !$0.isList })
                else { continue }
                let hidden = stack[..<item].contains { !$0.isList && !$0.open }
                stack[item].link = entries.count
                entries.append((String(href), false, hidden))
            default: break
            }
        }
        return entries.map { $0.href + ($0.toggle ? " +" : "") + ($0.hidden ? " (hidden)" : "") }
    }

    @Test(arguments: [
        "enable = true\nlevel = 1", "enable = true", "enable = true\nlevel = 0", "enable = true\nlevel = 2",
        "enable = false\nlevel = 1",
    ])
    func theSameSectionsStartFoldedAsInMdBook(fold: String) throws {
        let both = try MdBookOracle.build(Self.book(fold))
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning:"), "\(both.lecture.output)")
        let theirs = Self.tree(try #require(TestSupport.read(both.mdBook.root + "/book/toc.html")))
        let ours = Self.tree(try #require(TestSupport.read(both.lecture.root + "/book/toc.html")))
        #expect(theirs.count == 8, "\(theirs)")
        #expect(ours == theirs, "lecture:\n\(ours.joined(separator: "\n"))\nmdBook:\n\(theirs.joined(separator: "\n"))")
        #expect(both.differences(in: [.status, .pages, .sidebar]) == [])
    }

    /// On a page, the sections on its way are open (and its own), the rest as the level says.
    @Test func thePagesSectionsAreOpenOnItsPage() throws {
        let both = try MdBookOracle.build(Self.book("enable = true\nlevel = 0"))
        let page = try #require(TestSupport.read(both.lecture.root + "/book/a/b/index.html"))
        let seen = Self.tree(page).filter { !$0.hasSuffix("(hidden)") }
        #expect(
            seen == [
                "../../intro.html", "../../a/index.html +", "../../a/one.html +", "../../a/b/index.html +",
                "../../a/b/one.html", "../../a/two.html", "../../c.html",
            ], "\(seen)")
    }

    /// A level that is not a `u8` is an error at its line: mdBook 0.5.4 reports an error for it
    /// too (run), then builds with none of `[output.html]`'s settings.
    @Test(arguments: ["level = -1", "level = \"2\"", "level = 300"])
    func aLevelThatIsNoByteIsAnErrorAtItsLine(level: String) throws {
        let both = try MdBookOracle.build(Self.book("enable = true\n" + level))
        #expect(both.mdBook.output.contains("ERROR Failed to deserialize `output.html`"), "\(both.mdBook.output)")
        #expect(both.mdBook.output.contains("expected u8"), "\(both.mdBook.output)")
        #expect(!both.lecture.succeeded)
        #expect(both.lecture.output.contains("book.toml:7:1: error:"), "\(both.lecture.output)")
    }
}
