import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The Markdown mdBook 0.5 reads beyond CommonMark, each kind held to mdBook 0.5.4's own output
/// for the same page (the venv's `mdbook`, `make test-tools`): footnotes, strikethrough, task
/// lists, definition lists, admonitions, pipe tables as GFM reads them, the `links`
/// preprocessor's directives and Rust's hidden lines. Each test builds one page with both tools
/// and compares what the reader gets: the elements and classes a theme styles, the ids links
/// name, the visible text.
@Suite struct MdBookMarkdownTests {
    /// One page as both tools built it: the content of each `<main>`, and lecture's output.
    struct Page {
        var ours: String
        var theirs: String
        var oursTitle: String
        var theirsTitle: String
        var lines: [String]
    }

    static let mdBook = TestSupport.repositoryRoot + "/.build/venv/bin/mdbook"

    /// Builds a book whose one chapter is `page` (with `files` beside it) with mdBook and lecture.
    /// `settings` are more of book.toml's lines, after its `[output.html]` table's.
    static func build(_ page: String, files: [String: String] = [:], settings: String = "") throws -> Page {
        guard FileManager.default.isExecutableFile(atPath: mdBook) else {
            throw LectureError(.fileSystem, "no \(mdBook): run 'make test-tools', which installs mdBook 0.5.4")
        }
        var tree = [
            // Smart punctuation off in both, so quotes compare as typed.
            "book.toml": "[book]\ntitle = \"B\"\nlanguage = \"en\"\n\n[output.html]\nsmart-punctuation = false\n"
                + settings,
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n",
            "src/a.md": page,
        ]
        for (path, text) in files { tree["src/" + path] = text }
        let root = try TestSupport.makeTree(tree)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // mdBook may read and write no home folder: it gets the scratch folder as its own.
        let theirs = try Subprocess.run(
            mdBook, ["build", root, "--dest-dir", root + "/mdbook"], environment: ["HOME": root], timeout: 120,
            cancellation: .process)
        #expect(theirs.succeeded, "\(theirs.stderrText)")
        let ours = try Subprocess.run(
            TestSupport.executable,
            ["build", root, "--output", root + "/lecture", "--cache-dir", TestSupport.cacheDirectory],
            environment: ["HOME": root], timeout: 120, cancellation: .process)
        let lines = (ours.stdoutText + ours.stderrText).split(separator: "\n").map(String.init)
        let theirHTML = TestSupport.read(root + "/mdbook/a.html") ?? ""
        let ourHTML = TestSupport.read(root + "/lecture/a.html") ?? ""
        return Page(
            ours: main(ourHTML), theirs: main(theirHTML), oursTitle: title(ourHTML), theirsTitle: title(theirHTML),
            lines: lines)
    }

    /// The content of the page's `<main>`.
    static func main(_ html: String) -> String {
        guard let open = html.range(of: "<main"), let start = html[open.upperBound...].firstIndex(of: ">"),
            let close = html.range(of: "</main>")
        else { return "" }
        return String(html[html.index(after: start)..<close.lowerBound])
    }

    static func title(_ html: String) -> String {
        guard let open = html.range(of: "<title>"), let close = html.range(of: "</title>") else { return "" }
        return String(html[open.upperBound..<close.lowerBound])
    }

    /// Each `<tag …>` of `names` in order, as `tag.class#id` (only the attributes a theme or a link
    /// uses), `checked` when it has that attribute.
    static func tags(_ html: String, _ names: Set<String>) -> [String] {
        let pattern = try! Regex("<([a-z0-9]+)((?:\\s+[a-z-]+(?:=\"[^\"]*\")?)*)\\s*/?>")
        return html.matches(of: pattern).compactMap { match -> String? in
            let name = String(match.output[1].substring ?? "")
            guard names.contains(name) else { return nil }
            let attributes = String(match.output[2].substring ?? "")
            var description = name
            if let value = attribute("class", in: attributes) {
                description += "." + value.split(separator: " ").joined(separator: ".")
            }
            if let value = attribute("id", in: attributes) { description += "#" + value }
            if let value = attribute("href", in: attributes) { description += "->" + value }
            if attributes.contains("checked") { description += ":checked" }
            // Headings' own links: `MdBookHeadingMarkupTests` compares them (lecture's split
            // around a link of the heading's text, and percent-encode their `href`).
            if description.hasPrefix("a.header") { return nil }
            return description
        }
    }

    static func attribute(_ name: String, in attributes: String) -> String? {
        guard let range = attributes.range(of: " \(name)=\"") else { return nil }
        let rest = attributes[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The text a reader sees: tags and mdBook's icons dropped, entities read, white space
    /// collapsed.
    static func text(_ html: String) -> String {
        var html = html.replacing(try! Regex("<svg.*?</svg>"), with: "")
        html = html.replacing(try! Regex("<[^>]+>"), with: " ")
        for (entity, character) in [("&quot;", "\""), ("&#x27;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            html = html.replacingOccurrences(of: entity, with: character)
        }
        return html.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The text of each `<tag>…</tag>` (not nested in itself).
    static func contents(_ html: String, of tag: String) -> [String] {
        html.matches(of: try! Regex("<\(tag)(?:\\s[^>]*)?>(.*?)</\(tag)>").dotMatchesNewlines()).map {
            text(String($0.output[1].substring ?? ""))
        }
    }

    @Test func footnotesAreNumberedReferencesWithTheDefinitionsListedAtTheEnd() throws {
        let page = try Self.build(
            "# A\n\nOne[^a], two[^b], one again[^a], undefined[^zz], a link[^url].\n\n[^a]: First *note*.\n[^b]: Second\n    continued.\n\n    Its second paragraph.\n\n[^url]: https://example.com/\n\nAfter.\n"
        )
        let names: Set<String> = ["sup", "a", "ol", "li", "hr"]
        #expect(Self.tags(page.ours, names) == Self.tags(page.theirs, names))
        #expect(Self.text(page.ours) == Self.text(page.theirs))
        #expect(page.ours.contains("[^zz]"), "an undefined footnote stays text, as in mdBook")
        #expect(!page.ours.contains("[^a]"))
        #expect(page.ours.contains("<li id=\"footnote-url\">"), "a definition CommonMark reads as a link reference")
    }

    @Test func strikethroughWithOneOrTwoTildes() throws {
        let page = try Self.build(
            "# A\n\n~~two~~ and ~one~ and ~~~three~~~ and ~ spaced ~ and ~~mixed~.\n\n*~~nested~~*\n")
        #expect(Self.contents(page.ours, of: "del") == Self.contents(page.theirs, of: "del"))
        #expect(Self.contents(page.ours, of: "del") == ["two", "one", "nested"])
        #expect(Self.text(page.ours) == Self.text(page.theirs))
    }

    /// Every way a run of `~` can sit: before and after nothing, a letter, white space,
    /// punctuation, Hangul or a delimiter, around text that starts or ends with each; escaped
    /// tildes (`\~`, `&#126;`); runs beside code, links and emphasis; a Korean range (`2~5장 … 3~5장`, which a
    /// single-tilde rule that allows a run inside a word would strike from `2` to `3`).
    @Test func strikethroughFlankingMatchesMdBookParagraphByParagraph() throws {
        let sides = ["", "a", " ", ".", "가", "*", "€"]
        let insides = ["b", " b", "b ", ".b", "b.", "가"]
        var paragraphs: [String] = []
        for left in sides {
            for right in sides {
                for run in ["~", "~~"] {
                    for inside in insides { paragraphs.append("x\(left)\(run)\(inside)\(run)\(right)y") }
                }
            }
        }
        paragraphs += [
            "2~5장은 패턴이고 3~5장은 비교입니다.", "범위 2\\~5장과 3\\~5장.", "\\~a~ and ~a\\~", "`c`~a~`c`",
            "[l](https://example.com/)~a~[l](https://example.com/)", "*e*~a~*e*", "~~a~b~~", "a~~~b~~~c",
            "~a~\nnext ~b~", "**~a~**", "~가~나~다~", "x &#126;a~ y &#x7E;b&#126;",
            "\\\\~a~ z", "**b** \\~a~ ~c~ *i*",
        ]
        let page = try Self.build("# A\n\n" + paragraphs.joined(separator: "\n\n") + "\n")
        // Each paragraph as written to the page, markup kept: a `<del>` in one and not the other shows.
        func written(_ html: String) -> [String] {
            html.matches(of: try! Regex("<p>(.*?)</p>").dotMatchesNewlines()).map {
                String($0.output[1].substring ?? "")
            }
        }
        let ours = written(page.ours)
        let theirs = written(page.theirs)
        #expect(ours.count == paragraphs.count)
        for (index, (mine, mdBooks)) in zip(ours, theirs).enumerated() where mine != mdBooks {
            Issue.record("\(paragraphs[index]): lecture \(mine), mdBook \(mdBooks)")
        }
        #expect(Self.contents(page.ours, of: "del") == Self.contents(page.theirs, of: "del"))
    }

    @Test func taskListItemsGetCheckboxes() throws {
        let page = try Self.build(
            "# A\n\n- [ ] open\n- [x] done\n- [X] Done\n- [ ]no space\n- plain\n\n1. [x] ordered\n")
        #expect(Self.tags(page.ours, ["input", "li"]) == Self.tags(page.theirs, ["input", "li"]))
        #expect(Self.tags(page.ours, ["input"]).count == 4)
        #expect(Self.text(page.ours) == Self.text(page.theirs))
    }

    @Test func definitionListsAreOneListWithAnchoredTerms() throws {
        let page = try Self.build(
            "# A\n\nTerm *one*\n: Definition **bold**\n: Another\n\nTerm A\nTerm B\n: Shared\n\nNot: a definition.\n")
        let names: Set<String> = ["dl", "dt", "dd", "p"]
        #expect(Self.tags(page.ours, names) == Self.tags(page.theirs, names))
        #expect(Self.contents(page.ours, of: "dd") == Self.contents(page.theirs, of: "dd"))
        #expect(Self.text(page.ours) == Self.text(page.theirs))
    }

    @Test func admonitionsHaveMdBooksClassesAndTitles() throws {
        let page = try Self.build(
            "# A\n\n> [!NOTE]\n> A note.\n\n> [!warning]\n> Lower case.\n\n> [!TIP]\n\n> [!TIP] Not a title\n> text\n\n> Plain\n> [!NOTE]\n\n- > [!CAUTION]\n  > In a list.\n\n> [!IMPORTANT]\n> Outer\n>\n> > [!NOTE]\n> > Inner\n"
        )
        let names: Set<String> = ["blockquote", "p"]
        #expect(Self.tags(page.ours, names) == Self.tags(page.theirs, names))
        #expect(Self.text(page.ours) == Self.text(page.theirs))
        // Each title as mdBook writes it, its icon included (newuser-8, #10: the icons were lost).
        let titles = try Regex(#"<p class="blockquote-tag-title">.*?</p>"#)
        let ours = page.ours.matches(of: titles).map { String(page.ours[$0.range]) }
        #expect(ours == page.theirs.matches(of: titles).map { String(page.theirs[$0.range]) })
        #expect(ours.count >= 5 && ours.allSatisfy { $0.contains("<svg") }, "\(ours)")
    }

    @Test func pipeTablesAreReadAsMdBookReadsThem() throws {
        let page = try Self.build(
            "# A\n\nText before the table\n| a | b |\n|:--|--:|\n| [by reference][r] | <img src=\"x.png\" alt=\"x\"> |\n| short |\n| one | two | three |\n| `c\\|d` | a \\| b |\n| <b>bold</b> | ~~struck~~ [^none] |\n\n[r]: https://example.com/ \"Title\"\n\nno | table\n--|--|--\n",
            files: ["x.png": ""])
        // The cells, row by row, and every link and image in them.
        func cells(_ html: String) -> [String] {
            let table = html.range(of: "<table").map { String(html[$0.lowerBound...]) } ?? ""
            return Self.contents(table, of: "t[hd]")
        }
        #expect(cells(page.ours) == cells(page.theirs))
        #expect(cells(page.ours).count == 12, "\(cells(page.ours))")
        #expect(
            Self.tags(page.ours, ["a", "img", "b", "code", "del"])
                == Self.tags(page.theirs, ["a", "img", "b", "code", "del"]))
        #expect(Self.contents(page.ours, of: "del") == ["struck"])
        #expect(Self.text(page.ours) == Self.text(page.theirs))
        #expect(
            page.lines.contains { $0.contains("a.md:8:1: warning: table row has 3 cells, but the header has 2") },
            "the cut cell is no silent loss: \(page.lines)")
    }

    /// Each pipe table's `<div class="table-wrapper">…</div>`, in page order; `&quot;` read as
    /// `"` (cmark escapes it in text, pulldown-cmark does not: the same character).
    static func tables(_ html: String) -> [String] {
        html.matches(of: try! Regex("<div class=\"table-wrapper\">.*?</div>").dotMatchesNewlines()).map {
            html[$0.range].replacingOccurrences(of: "&quot;", with: "\"")
        }
    }

    /// A pipe table is written as mdBook writes it, byte for byte: `<td>` cells, alignments,
    /// inline markup, escaped pipes, padded short rows, a table with no body rows, a table under
    /// a line of text, verdict marks kept as text (review newuser-4, F15).
    @Test func pipeTablesAreWrittenAsMdBookWritesThem() throws {
        let page = try Self.build(
            "# A\n\n| Left | Center | Right | None |\n|:-----|:------:|------:|------|\n| *em* | `code \\| pipe` | [link](https://example.com) | a \\| b |\n| short |\n| ✓ yes | ✗ no | △ | x |\n| [page](a.md) | **bold** <b>raw</b> | <img src=\"x.png\" alt=\"i\"> | ~~gone~~ |\n\nRule | Meaning\n--- | ---\n`from: \"1.5.0\"` | at least\n\n| only | header |\n|---|:-:|\n\nText before\n| a |\n|---|\n| 1 |\n",
            files: ["x.png": ""])
        let ours = Self.tables(page.ours)
        #expect(ours.count == 4, "\(page.ours)")
        #expect(ours == Self.tables(page.theirs))
        #expect(!page.ours.contains("scope=\"row\""))
        #expect(!page.ours.contains("data-label"))
        #expect(!page.ours.contains("role="))
        #expect(Self.text(page.ours) == Self.text(page.theirs))
    }

    /// mdBook 0.5.4 wraps a Markdown image that is not inside a link in its click-to-zoom markup
    /// (`<label class="checkbox-label"><input class="checkbox-img" type="checkbox"><img …><span
    /// class="img-wrapper"><img …></span></label>`), which only its theme's CSS and script make
    /// work: alone in a paragraph, among text, with a title, in a table's cell; not inside a link,
    /// not raw `<img>`. lecture's theme has no zoom, so it writes the one `<img>` a reader sees
    /// before zooming, the same `src`, `alt` and `title` (newuser-4 F14; a difference documented
    /// in mdbook-compatibility.md). The test fails when either side changes.
    @Test func imagesAreMdBooksWithoutItsZoomWrapper() throws {
        let page = try Self.build(
            "# A\n\n![alone](x.png)\n\nText ![inline](x.png) more.\n\n![titled](x.png \"The title\")\n\n[![in link](x.png)](https://example.com)\n\n| A | B |\n|---|---|\n| ![cell](x.png) | b |\n\n<img src=\"x.png\" alt=\"raw\">\n",
            files: ["x.png": ""])
        let wrapper = try! Regex(
            "<label class=\"checkbox-label\"><input class=\"checkbox-img\" type=\"checkbox\">(<img [^>]*>)<span class=\"img-wrapper\">(<img [^>]*>)</span></label>"
        )
        let wrapped = page.theirs.matches(of: wrapper)
        #expect(wrapped.count == 4, "mdBook zooms the four images outside a link: \(page.theirs)")
        #expect(wrapped.allSatisfy { $0.output[1].substring == $0.output[2].substring })
        // mdBook's page less its zoomed copies, against ours: the same images in the same order.
        let unzoomed = page.theirs.replacing(wrapper) { String($0.output[1].substring ?? "") }
        func images(_ html: String) -> [String] {
            html.matches(of: try! Regex("<img ([^>]*?) ?/?>")).map { match in
                let attributes = String(match.output[1].substring ?? "")
                return ["src", "alt", "title"].compactMap { name in
                    Self.attribute(name, in: " " + attributes).map { "\(name)=\($0)" }
                }.joined(separator: " ")
            }
        }
        #expect(images(page.ours).count == 6)
        #expect(images(page.ours) == images(unzoomed))
        #expect(!page.ours.contains("checkbox-img"))
        #expect(Self.text(page.ours) == Self.text(unzoomed))
    }

    /// `[preprocessor.lecture] table-row-headers = true`: the same tables as comparisons (row
    /// headers, labelled cells, verdicts), the text a reader sees as mdBook's.
    @Test func pipeTablesWithRowHeadersWhenTheBookAsks() throws {
        let page = try Self.build(
            "# A\n\n| Rule | Meaning |\n|---|---|\n| `from:` | ✓ at least |\n| `exact:` | only |\n",
            settings: "\n[preprocessor.lecture]\nrenderers = []\ntable-row-headers = true\n")
        #expect(page.ours.contains("<th scope=\"row\""), "\(page.ours)")
        #expect(page.ours.contains("data-label=\"Meaning\""))
        #expect(page.ours.contains("class=\"verdict verdict-good\""))
        #expect(Self.tables(page.ours).isEmpty)
        #expect(
            Self.contents(page.ours, of: "t[hd]").map { $0.replacingOccurrences(of: "✔", with: "✓") }
                == Self.contents(page.theirs, of: "t[hd]"))
    }

    @Test func includesWithSpacesRustdocIncludePlaygroundAndTitle() throws {
        let code =
            "// ANCHOR: all\nuse std::fmt;\n// ANCHOR: body\nfn main() {\n    println!(\"hi\");\n}\n// ANCHOR_END: body\n// ANCHOR_END: all\n"
        let page = try Self.build(
            "# A\n\n{{ #include part.md }}\n\n```rust\n{{#rustdoc_include code.rs:body}}\n```\n\n```rust\n{{#rustdoc_include code.rs:4:6}}\n```\n\n{{#playground code.rs editable}}\n\n{{#title Own Title}}\n",
            files: ["part.md": "Included *text*.\n", "code.rs": code])
        #expect(Self.text(page.ours) == Self.text(page.theirs))
        #expect(page.ours.contains("<em>text</em>"))
        #expect(Self.contents(page.ours, of: "span") == Self.contents(page.theirs, of: "span"), "the hidden lines")
        #expect(Self.tags(page.ours, ["code", "span"]) == Self.tags(page.theirs, ["code", "span"]))
        #expect(page.oursTitle == page.theirsTitle)
        #expect(page.oursTitle == "Own Title")
        #expect(!page.ours.contains("{{"))
    }

    @Test func rustHiddenLinesAndInfoStringClasses() throws {
        let page = try Self.build(
            "# A\n\n```rust,editable\n# use std::fmt;\nfn main() {\n    # let hidden = 1;\n#\n    ## shown\n    #[derive(Debug)]\n    #![allow(dead_code)]\n#not hidden\n}\n```\n\n```text title=\"x\"\n# not rust\n```\n\n```sh,ignore\nls\n```\n"
        )
        #expect(Self.tags(page.ours, ["code", "span"]) == Self.tags(page.theirs, ["code", "span"]))
        #expect(Self.contents(page.ours, of: "span") == Self.contents(page.theirs, of: "span"))
        #expect(Self.text(page.ours) == Self.text(page.theirs))
        #expect(page.ours.contains("class=\"language-rust editable\""))
    }

    /// Hidden lines in any language, as mdBook 0.5 hides them: the prefix book.toml's
    /// `[output.html.code.hidelines]` gives the language, or the block's own `hidelines=PREFIX`
    /// word, after the line's indentation (kept); Rust's rule beside them; a language without a
    /// prefix shows every line.
    @Test func hiddenLinesOfAnyLanguageByBookTOMLOrTheBlocksOwnPrefix() throws {
        let page = try Self.build(
            "# Hidden\n\n```python\n~import os\ndef main():\n~    setup()\n    ~log()\n    run()\n~\n```\n\n```python,hidelines=%%\n%%import sys\nprint(1)\n  %%  spaced()\n```\n\n```rust\n#![deny(warnings)]\n#\n#no_space();\n# hidden();\n## shown();\n#[derive(Debug)]\nstruct S;\n```\n\n```sh\n~shown\n```\n",
            settings: "\n[output.html.code.hidelines]\npython = \"~\"\n")
        // The Python blocks alike to the byte (mdBook wraps Rust in its playground, not done here).
        let python = try! Regex("<pre><code class=\"language-python[^\"]*\">.*?</code></pre>").dotMatchesNewlines()
        let ours = page.ours.matches(of: python).map { String($0.output[0].substring ?? "") }
        #expect(ours.count == 2)
        #expect(ours == page.theirs.matches(of: python).map { String($0.output[0].substring ?? "") })
        #expect(ours.first?.contains("<span class=\"boring\">    setup()\n</span>") == true, "\(ours)")
        // Rust's hidden lines, less those of mdBook's `fn main` wrapper.
        let wrapper: Set<String> = ["#![allow(unused)]", "fn main() {", "}"]
        #expect(
            Self.contents(page.ours, of: "span")
                == Self.contents(page.theirs, of: "span").filter { !wrapper.contains($0) }
        )
        #expect(page.ours.contains("<pre><code class=\"language-sh\">~shown"), "no prefix for sh: shown as written")
        #expect(!page.lines.contains { $0.contains("warning:") }, "\(page.lines)")
    }

    /// Not mdBook's reading (which leaves the asterisks): the CJK-friendly amendment to CommonMark.
    @Test func koreanEmphasisBeforeAParticleRendersAndUnclosedEmphasisIsAWarning() throws {
        let page = try Self.build(
            "# A\n\n**중재자(mediator)**는 객체입니다. **`npm publish`**를 실행하십시오. *기울임(italic)*은.\n\n**Latin (text)**x stays as CommonMark says.\n\n**닫히지 않음\n"
        )
        #expect(page.ours.contains("<strong>중재자(mediator)</strong>는"))
        #expect(page.ours.contains("<strong><code>npm publish</code></strong>를"))
        #expect(page.ours.contains("<em>기울임(italic)</em>은"))
        #expect(page.theirs.contains("**중재자(mediator)**는"), "mdBook leaves it literal")
        #expect(page.ours.contains("**Latin (text)**x"), "no CJK character beside it: CommonMark's reading")
        #expect(
            page.lines.contains {
                $0.hasSuffix("a.md:7:1: warning: emphasis markers match nothing and are shown as text")
            },
            "\(page.lines)")
        #expect(page.lines.filter { $0.contains("warning:") }.count == 3, "the Latin line's two too: \(page.lines)")
    }

    /// Every kind on a page of one book, through `MdBookOracle`: the same pages, ids, anchors,
    /// visible text and links as mdBook's.
    @Test func everyKindAgreesWithMdBookThroughTheOracle() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"B\"\n\n[output.html]\nsmart-punctuation = false\n",
            "src/SUMMARY.md":
                "# Summary\n\n- [Notes](notes.md)\n- [Lists](lists.md)\n- [Tables](tables.md)\n- [Code](code.md)\n",
            "src/notes.md":
                "# Notes\n\nA[^a] and ~~struck~~ text[^b].\n\n> [!TIP]\n> A tip.\n\n[^a]: First.\n[^b]: Second.\n",
            "src/lists.md": "# Lists\n\n- [ ] open\n- [x] done\n\nTerm\n: Definition\n\nOther term\n: Its definition\n",
            "src/tables.md":
                "# Tables\n\nBefore\n| a | b |\n|---|---|\n| [r][r] | <b>x</b> |\n| short |\n\n[r]: https://example.com/\n",
            "src/code.md":
                "# Code\n\n{{ #include part.md }}\n\n```rust,editable\n# fn hidden() {}\nfn main() {}\n```\n",
            "src/part.md": "Included.\n",
        ])
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)")
        let differences = both.differences(in: [.status, .pages, .ids, .anchors, .text, .links])
        #expect(differences.isEmpty, "\(differences)")
    }
}
