import Foundation
import Testing

@testable import LectureSupport

/// Headings as mdBook 0.5.4 writes them (new-user review 6, finding 3): the heading's text inside
/// a link to itself, `<h2 id="x"><a class="header" href="#x">Title</a></h2>`, on the chapters and
/// on the print page, so an mdBook book's CSS or JavaScript that targets `a.header` still finds
/// it and a heading's text is its title alone (lecture wrote an `<a class="anchor">#</a>` before
/// the text, which every heading's text then began with). Each kind of heading content: code,
/// emphasis, raw HTML, an image (its alt text, in no id: `MdBookHeadingIDTests`), `{#id .class}`, repeated titles, non-ASCII ids, a definition
/// term (which mdBook anchors as a heading), and a link inside the heading, which mdBook nests in
/// its own link (HTML allows no link inside a link: lecture wraps the text on each side of it).
@Suite(.serialized) struct MdBookHeadingMarkupTests {
    static let book: [String: String] = [
        "book.toml": "[book]\ntitle = \"H\"\nlanguage = \"en\"\n",
        "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n- [B](b.md)\n",
        "src/a.md": """
        # One `code` *em*

        ## Plain

        ## Plain

        ## Ça <span>raw</span> {#custom .cls}

        ### An image ![](pic.png) here

        #### 湯種 tangzhong

        ##### Five

        ###### Six

        Apple
        : A fruit.

        """,
        "src/b.md": """
        # B

        ## A [link](a.md) inside

        ## [Only a link](a.md#plain)

        ## Before *an [emphasised](a.md) link*

        """,
        "src/pic.png": "",
    ]

    /// Each heading (and definition term) with an id in `html`'s `<main>`, as
    /// `tag#id first-child-tag.class->href(decoded) | text`, its text every character inside it
    /// (hidden ones too, as `textContent` reads it), white space collapsed.
    static func headings(_ html: String) -> [String] {
        let main = MdBookMarkdownTests.main(html)
        let pattern = try! Regex(#"<(h[1-6]|dt) id="([^"]*)"[^>]*>(.*?)</\1>"#).dotMatchesNewlines()
        return main.matches(of: pattern).map { match in
            let tag = String(match.output[1].substring ?? "")
            let id = String(match.output[2].substring ?? "")
            let inner = String(match.output[3].substring ?? "")
            var first = "text"
            if let open = inner.firstMatch(of: /^<a class="([^"]*)" href="([^"]*)">/) {
                first = "a.\(open.output.1)->\(String(open.output.2).removingPercentEncoding ?? "")"
            } else if let open = inner.firstMatch(of: /^<([a-z0-9]+)/) {
                first = String(open.output.1)
            }
            var text = inner.replacing(try! Regex("<[^>]+>"), with: "")
            for (entity, character) in [
                ("&quot;", "\""), ("&#x27;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
            ] {
                text = text.replacingOccurrences(of: entity, with: character)
            }
            return "\(tag)#\(id) \(first) | " + text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    @Test func headingsAreWrittenAsMdBookWritesThem() throws {
        let both = try MdBookOracle.build(Self.book)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        for page in ["a.html", "b.html", "print.html"] {
            let theirs = Self.headings(TestSupport.read(both.mdBook.root + "/book/" + page) ?? "")
            let ours = Self.headings(TestSupport.read(both.lecture.root + "/book/" + page) ?? "")
            #expect(theirs.count >= 3, "\(page): \(theirs)")
            #expect(
                ours == theirs,
                "\(page):\nlecture:\n\(ours.joined(separator: "\n"))\nmdBook:\n\(theirs.joined(separator: "\n"))")
        }
    }

    /// No link inside a link: where mdBook nests the heading's link around a link of its text,
    /// lecture's header links stop before it and start again after it, each to the heading, as a
    /// browser reads mdBook's (an empty one first when the heading starts with the link).
    @Test func aLinkInAHeadingIsNotNestedInTheHeadersLink() throws {
        let both = try MdBookOracle.build(Self.book)
        let html = MdBookMarkdownTests.main(TestSupport.read(both.lecture.root + "/book/b.html") ?? "")
        #expect(
            html.contains(
                ##"<h2 id="a-link-inside"><a class="header" href="#a-link-inside">A </a><a href="a.html">link</a><a class="header" href="#a-link-inside"> inside</a></h2>"##
            ), "\(html)")
        #expect(
            html.contains(
                ##"<h2 id="only-a-link"><a class="header" href="#only-a-link"></a><a href="a.html#plain">Only a link</a></h2>"##
            ), "\(html)")
        for heading in html.matches(of: /<h2[^>]*>(.*?)<\/h2>/) {
            let inner = String(heading.output.1)
            // Every `<a` is closed before the next opens.
            var depth = 0
            for tag in inner.matches(of: /<(\/?)a[\s>]/) {
                depth += tag.output.1.isEmpty ? 1 : -1
                #expect(depth == 0 || depth == 1, "\(inner)")
            }
        }
    }
}
