import Foundation
import Testing

@testable import LectureSupport

/// Heading ids and the text around them, held to mdBook 0.5.4 heading by heading: one book whose
/// pages hold a heading of every inline kind CommonMark and mdBook's extensions have (code,
/// emphasis, strikethrough, links of each kind, images, raw HTML, entities, escapes, footnote
/// references, scripts and marks, every ASCII punctuation, repeats, `{#id .class}`, empty
/// headings, ids a footnote or a generated heading also has), built by both tools
/// (`MdBookOracle`). Each heading is compared on its page and on `print.html`: its id, its
/// header links' targets, its visible text (as `textContent` reads it) and its elements; and the
/// search index's anchors and the page's section links are checked against the page's ids.
@Suite(.serialized) struct MdBookHeadingIDTests {
    /// One heading (or definition term) of each kind, in the order of the page.
    static let kinds: [String] = [
        "# Kinds",
        "## Code `x < y` and `` `tick` ``",
        "## Emphasis *em* _em_ **strong** __strong__ ***both***",
        "## Strike ~~two~~ ~one~ end",
        "## Inline [link](http://example.com/x \"title\") end",
        "## Reference [ref][r] and [collapsed][] and [shortcut]",
        "## Autolink <https://example.com/a?b=c> and <me@example.org>",
        "### An image ![alt](p.png) here",
        "## Image with markup ![alt *em* `c`](p.png \"t\") end",
        "## Only an image ![alt](p.png)",
        "## Linked image [![alt](p.png)](http://example.com/) end",
        "## Html <code>code</code> <span id=\"sp\">span</span> end",
        "## Break a<br>b <br/> c",
        "## Comment<!-- hidden -->joined <!-- x --> end",
        "## Kbd <kbd>Ctrl</kbd>+<kbd>C</kbd> <sup>2</sup> <mark>m</mark>",
        "## Raw <img src=\"p.png\" alt=\"rawalt\"> image",
        "## Raw link <a href=\"http://example.com/\">raw</a> end",
        "## Entities &amp; &lt; &gt; &quot; &copy; &nbsp;x &ZeroWidthSpace;y",
        "## Numeric &#65; &#x42; &#x1F600; &#0; end",
        "## Escapes \\* \\_ \\# \\[ \\] \\\\ \\` \\< \\! end",
        "## Footnote[^n] reference",
        "## Emoji \u{1F389} \u{1F44D}\u{1F3FD} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{2764}\u{FE0F} end",
        "## \u{D55C}\u{AD6D}\u{C5B4} \u{C81C}\u{BAA9}",
        "## \u{041A}\u{0438}\u{0440}\u{0438}\u{043B}\u{043B}\u{0438}\u{0446}\u{0430} \u{0401}\u{0451}",
        "## \u{0395}\u{03BB}\u{03BB}\u{03B7}\u{03BD}\u{03B9}\u{03BA}\u{03AC} \u{03A3}\u{0391}\u{03A3}",
        "## Combining cafe&#x301; a\u{308} Z\u{334}a\u{336}l\u{337}",
        "## \u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947}",
        "## Punctuation !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ end",
        "## Dup", "## Dup", "## Dup {#dup-1}", "## Dup",
        "## Written {#gen-x}", "## Gen X", "## Gen X",
        "## Attributes {#my-id .c1 .c2 key=val}",
        "## Class only {.only}",
        "##", "## *", "## \u{1F389}",
        "## footnote-n", "## fr-n-1",
        "Setext with  \nhard break\n---",
        "Setext soft\nbreak\n---",
        "Setext\\\nbackslash\n---",
        "Term\n: Definition",
        "## Term",
    ]

    /// The second chapter: ids the first also has, for `print.html`'s uniqueness.
    static let second: [String] = ["# Second", "## Dup", "## Gen X", "## Kinds", "## footnote-n", "## Term"]

    static let book: [String: String] = [
        "book.toml": "[book]\ntitle = \"H\"\nlanguage = \"en\"\n\n[output.html]\nsmart-punctuation = false\n",
        "src/SUMMARY.md": "# Summary\n\n- [Kinds](a.md)\n- [Second](b.md)\n",
        "src/a.md": kinds.joined(separator: "\n\n")
            + "\n\n[r]: http://example.com/r\n[collapsed]: http://example.com/c\n[shortcut]: http://example.com/s\n\n[^n]: The note.\n",
        "src/b.md": second.joined(separator: "\n\n") + "\n",
        "src/p.png": "",
    ]

    /// Both tools' builds of `book`, made once for the suite's tests.
    static let both = Result { try MdBookOracle.build(book) }

    /// A heading (or definition term) of a page's `<main>` as a reader and a link meet it.
    struct Heading: Equatable, CustomStringConvertible {
        var tag: String
        var id: String?
        /// The targets of its header links (`<a class="header">`), percent-decoded: lecture
        /// splits the header link around a link of the heading's text, so it may have more than one.
        var targets: [String]
        /// Every character inside it, as `textContent` reads it (a `<br>` as a space), white
        /// space collapsed.
        var text: String
        /// Its elements, in order, as `tag` or `tag.class` (header links and mdBook's image
        /// zoom, a `<label>` that repeats the image, left out).
        var elements: [String]
        var description: String {
            "<\(tag) id=\(id.map { "\"\($0)\"" } ?? "none")> →\(targets) \(elements) | \(text)"
        }
    }

    /// The headings and definition terms of `html`'s `<main>`.
    static func headings(_ html: String) -> [Heading] {
        let main = MdBookMarkdownTests.main(html)
        let pattern = try! Regex(#"<(h[1-6]|dt)(\s[^>]*)?>(.*?)</\1>"#).dotMatchesNewlines()
        return main.matches(of: pattern).compactMap { match -> Heading? in
            let tag = String(match.output[1].substring ?? "")
            let attributes = String(match.output[2].substring ?? "")
            // lecture's own headings (the print page's contents title, `lecture-…`) are its chrome.
            let id = MdBookMarkdownTests.attribute("id", in: attributes).map(decoded)
            if let id, id.hasPrefix("lecture-") || id.hasPrefix("print-") { return nil }
            if tag == "dt" && id == nil { return nil }
            var inner = String(match.output[3].substring ?? "")
            // mdBook's image zoom: the image twice, in a `<label>` with a checkbox; one `<img>` is the image.
            inner = inner.replacing(
                try! Regex(
                    #"<label class="checkbox-label"><input[^>]*>(<img[^>]*>)<span class="img-wrapper"><img[^>]*></span></label>"#
                ),
                with: { String($0.output[1].substring ?? "") })
            let targets = inner.matches(of: /<a class="header" href="([^"]*)">/).map {
                String(decoded(String($0.output.1))).removingPercentEncoding ?? ""
            }
            var elements: [String] = []
            for tag in inner.matches(of: /<([a-z][a-z0-9]*)((?:[\s\/][^>]*)?)>/) {
                let name = String(tag.output.1)
                let classes = MdBookMarkdownTests.attribute("class", in: String(tag.output.2)) ?? ""
                if name == "a" && classes == "header" { continue }
                elements.append(
                    classes.isEmpty ? name : name + "." + classes.split(separator: " ").joined(separator: "."))
            }
            // `textContent`: comments are no text; a script's and a style's text is. A `<br>` as a
            // space: lecture writes a line break after it (`<br />` and a newline), mdBook not.
            var text = inner.replacing(try! Regex("<!--.*?-->").dotMatchesNewlines(), with: "")
            text = text.replacing(try! Regex("<br[^>]*>"), with: " ")
            text = decoded(text.replacing(try! Regex("<[^>]+>"), with: ""))
            return Heading(
                tag: tag, id: id, targets: targets,
                text: text.split(whereSeparator: { $0.isWhitespace && $0 != "\u{A0}" }).joined(separator: " "),
                elements: elements)
        }
    }

    /// `text` with the HTML entities either tool writes read.
    static func decoded(_ text: String) -> String {
        var text = text
        for (entity, character) in [
            ("&quot;", "\""), ("&#x27;", "'"), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }

    /// Each heading that differs, as two lines (lecture's, then mdBook's), with its position.
    static func differences(_ ours: [Heading], _ theirs: [Heading], in aspects: Set<String>) -> [String] {
        var found: [String] = []
        for index in 0..<max(ours.count, theirs.count) {
            let mine = index < ours.count ? ours[index] : nil
            let their = index < theirs.count ? theirs[index] : nil
            guard let mine, let their else {
                found.append(
                    "#\(index): lecture \(mine?.description ?? "none")\n     mdBook  \(their?.description ?? "none")")
                continue
            }
            var same = mine.tag == their.tag
            if aspects.contains("id") { same = same && mine.id == their.id }
            if aspects.contains("targets") { same = same && Set(mine.targets) == Set(their.targets) }
            if aspects.contains("text") { same = same && mine.text == their.text }
            if aspects.contains("elements") { same = same && mine.elements == their.elements }
            if !same { found.append("#\(index): lecture \(mine)\n     mdBook  \(their)") }
        }
        return found
    }

    static func page(_ build: MdBookOracle.Build, _ name: String) -> [Heading] {
        headings(TestSupport.read(build.root + "/book/" + name) ?? "")
    }

    @Test func everyKindOfHeadingHasMdBooksIdTextAndElements() throws {
        let both = try Self.both.get()
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        for name in ["a.html", "b.html"] {
            let theirs = Self.page(both.mdBook, name)
            let ours = Self.page(both.lecture, name)
            #expect(theirs.count >= Self.second.count, "\(name): \(theirs)")
            let differences = Self.differences(ours, theirs, in: ["id", "targets", "text", "elements"])
            #expect(
                differences.isEmpty,
                "\(name): \(differences.count) of \(theirs.count) headings differ\n\(differences.joined(separator: "\n"))"
            )
        }
    }

    @Test func printPageHeadingsHaveMdBooksIdsAndText() throws {
        let both = try Self.both.get()
        let theirs = Self.page(both.mdBook, "print.html")
        let ours = Self.page(both.lecture, "print.html")
        #expect(theirs.count >= Self.kinds.count, "\(theirs)")
        let differences = Self.differences(ours, theirs, in: ["id", "targets", "text", "elements"])
        #expect(
            differences.isEmpty,
            "print.html: \(differences.count) of \(theirs.count) headings differ\n\(differences.joined(separator: "\n"))"
        )
    }

    /// mdBook's search index's anchors (`doc_urls`: `a.html#id`, `a.html` for the empty id), as
    /// `page#id` (`page#` for the empty id).
    static func mdBookSearchAnchors(_ site: String) throws -> [String] {
        let file = try #require(
            FileManager.default.contentsOfDirectory(atPath: site).first {
                $0.hasPrefix("searchindex") && $0.hasSuffix(".js")
            })
        let index = try #require(TestSupport.read(site + "/" + file))
        let urls = try #require(index.firstMatch(of: /"doc_urls":\[([^\]]*)\]/)).output.1
        return urls.matches(of: /"([^"]*)"/).map { url in
            let url = String(url.output.1)
            return url.contains("#") ? url : url + "#"
        }
    }

    /// lecture's search index's anchors (each page's sections in `search-…/t/N.js`, heading,
    /// anchor, text), as `page#id`.
    static func lectureSearchAnchors(_ site: String) throws -> [String] {
        let folder = try #require(
            FileManager.default.contentsOfDirectory(atPath: site).first { $0.hasPrefix("search") })
        func json(_ path: String) throws -> Any {
            let text = try #require(TestSupport.read(site + "/" + folder + "/" + path))
            let start = try #require(text.range(of: "]=")).upperBound
            let body = text[start...].dropLast(text.hasSuffix(";\n") ? 2 : 1)
            return try JSONSerialization.jsonObject(with: Data(body.utf8))
        }
        let pages = try #require((json("pages.js") as? [String: Any])?["pages"] as? [[Any]])
        var anchors: [String] = []
        for (number, page) in pages.enumerated() {
            let url = try #require(page[1] as? String)
            let shard = try #require(page[2] as? Int)
            let sections = try #require((json("t/\(shard).js") as? [String: Any])?["\(number)"] as? [String])
            for index in stride(from: 1, to: sections.count, by: 3) { anchors.append(url + "#" + sections[index]) }
        }
        return anchors
    }

    /// The search index names each heading by the id its page gives it, as mdBook's does (the
    /// pages have no text before their first heading and no heading below h3, which mdBook's
    /// index folds into the section above: `heading-split-level`).
    @Test func searchIndexAnchorsAreMdBooks() throws {
        let both = try Self.both.get()
        let theirs = try Self.mdBookSearchAnchors(both.mdBook.root + "/book")
        let ours = try Self.lectureSearchAnchors(both.lecture.root + "/book")
        #expect(theirs.count >= Self.kinds.count, "\(theirs)")
        #expect(ours == theirs, "\(zip(ours, theirs).filter { $0 != $1 })")
    }

    /// The page's section links ("On this page", lecture's own, of its h2 and h3 headings) name
    /// the ids the page's headings have.
    @Test func sectionLinksNameThePagesIds() throws {
        let both = try Self.both.get()
        let html = try #require(TestSupport.read(both.lecture.root + "/book/a.html"))
        let toc = try #require(html.firstMatch(of: /<nav class="page-toc"[^>]*>(.*?)<\/nav>/.dotMatchesNewlines()))
            .output.1
        let targets = toc.matches(of: /href="#([^"]*)"/).map {
            String(Self.decoded(String($0.output.1))).removingPercentEncoding ?? ""
        }
        let ids = Self.page(both.lecture, "a.html").filter { $0.tag == "h2" || $0.tag == "h3" }.compactMap(\.id)
        #expect(targets.count > 10)
        #expect(targets == ids, "\(targets)\n\(ids)")
        #expect(targets.contains("an-image--here") && targets.contains("setext-withhard-break"), "\(targets)")
    }

    /// On purpose (the manual's mdBook page): lecture's section links and search index name a
    /// heading by its text alone, an image by its description, where mdBook's sidebar shows the
    /// heading's markup and its search title leaves the image out; the anchor is the same.
    @Test func sectionLinksAndSearchNameAnImageByItsDescription() throws {
        let both = try Self.both.get()
        let html = try #require(TestSupport.read(both.lecture.root + "/book/a.html"))
        #expect(html.contains(##"<a href="#an-image--here">An image alt here</a>"##))
        let folder = try #require(
            FileManager.default.contentsOfDirectory(atPath: both.lecture.root + "/book").first {
                $0.hasPrefix("search")
            })
        let shard = try #require(TestSupport.read(both.lecture.root + "/book/" + folder + "/t/0.js"))
        #expect(shard.contains(#""An image alt here","an-image--here""#))
        let site = both.mdBook.root + "/book"
        let index = try #require(
            FileManager.default.contentsOfDirectory(atPath: site).first { $0.hasPrefix("searchindex") })
        #expect(TestSupport.read(site + "/" + index)?.contains(#""title":"An image here""#) == true)
    }
}
