import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Pages that lost content without a word (issue 34): an unclosed HTML comment hiding every
/// later chapter of `print.html`.
@Suite struct PageBadInputTests {
    @Test func anUnclosedCommentIsWarnedAndHidesNoOtherChapter() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n- [둘](two.md)\n",
            "one.md": "# 하나\n\n첫 문단\n\n<div>\n  <!-- 초안: 아직\n\n남은 글\n",
            "two.md": "# 둘\n\n둘째 장의 글\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    root + "/content/one.md:6:3: warning: HTML comment is never closed: the rest of the page is hidden")
            }, "\(lines)")
        let print = try FileSystem.read(root + "/_site/print.html")
        #expect(HTMLComments.unclosedStart(in: print) == nil)
        let text = String(decoding: print, as: UTF8.self)
        let chapterTwo = try #require(text.range(of: "둘째 장의 글"))
        #expect(text[..<chapterTwo.lowerBound].contains("-->"))
        // The page itself keeps its template after the content.
        #expect(HTMLComments.unclosedStart(in: try FileSystem.read(root + "/_site/one.html")) == nil)
    }

    /// An element whose content is text to its end tag, left open, swallowed
    /// every later chapter of print.html (and the PDF). Each is warned at its line and closed off.
    static let rawTextElements = [
        "textarea", "xmp", "plaintext", "style", "script", "iframe", "noembed", "noscript", "title", "noframes",
    ]

    @Test(arguments: rawTextElements) func anUnclosedRawTextElementIsWarnedAndSwallowsNoOtherChapter(_ name: String)
        throws
    {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n- [둘](two.md)\n",
            "one.md": "# 하나\n\n첫 문단\n\n<\(name.uppercased()) class=\"x\">\n\n남은 글\n",
            "two.md": "# 둘\n\nB CONTENT MARKER\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    root
                        + "/content/one.md:5:1: warning: HTML element <\(name)> is never closed: the rest of the page is read as its text"
                )
            }, "\(lines)")
        let print = try FileSystem.read(root + "/_site/print.html")
        #expect(HTMLComments.unclosed(in: print) == nil)
        let text = String(decoding: print, as: UTF8.self)
        let chapterTwo = try #require(text.range(of: "B CONTENT MARKER"))
        if name != "plaintext" { #expect(text[..<chapterTwo.lowerBound].contains("</\(name)>")) }
        #expect(HTMLComments.unclosed(in: try FileSystem.read(root + "/_site/one.html")) == nil)
    }

    /// An element that holds the rest of the page out of sight, left open (attack 10, kind 5):
    /// `<template>` (inert, and the chapter's `</section>` does not end it), `<select>`,
    /// `<marquee>` took every later chapter of print.html and the PDF, without a word. Each is
    /// warned at its tag and ended where the page's content and each print chapter end.
    @Test(arguments: ["template", "select", "marquee"]) func anUnclosedContainerIsWarnedAndHoldsNoOtherChapter(
        _ name: String
    ) throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n- [둘](two.md)\n",
            "one.md": "# 하나\n\n첫 문단\n\n<\(name.uppercased()) class=\"x\">\n\n남은 글\n\n<!-- <\(name)> -->\n",
            "two.md": "# 둘\n\nB CONTENT MARKER\n\n<\(name)>closed</\(name)>\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        #expect(
            BadInputBook.headlines(lines, "warning") == [
                root
                    + "/content/one.md:5:1: warning: HTML element <\(name)> is never closed: the rest of the page is inside it, out of sight"
            ], "\(lines)")
        let print = try FileSystem.read(root + "/_site/print.html")
        #expect(UnclosedContainers.unclosed(in: print).isEmpty)
        let text = String(decoding: print, as: UTF8.self)
        let chapterTwo = try #require(text.range(of: "B CONTENT MARKER"))
        #expect(text[..<chapterTwo.lowerBound].contains("</\(name)>"))
        #expect(UnclosedContainers.unclosed(in: try FileSystem.read(root + "/_site/one.html")).isEmpty)
    }

    /// The same opened in a paragraph's or a heading's inline HTML: warned at its tag; one
    /// written as code is text.
    @Test func anUnclosedContainerInAParagraphIsWarnedAtItsTag() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n",
            "one.md": "# 하나\n\nFirst line and\nthen <select name=x> inline `<template>` code\n\n## Head <MARQUEE>\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = root + "/content/one.md"
        let summary = "is never closed: the rest of the page is inside it, out of sight"
        #expect(
            BadInputBook.headlines(lines, "warning") == [
                "\(page):4:6: warning: HTML element <select> \(summary)",
                "\(page):6:9: warning: HTML element <marquee> \(summary)",
            ], "\(lines)")
    }

    /// The same inside emphasis, strong emphasis or a link's text (it was closed off, but not
    /// warned): warned at its tag. In an image's description, written as escaped `alt` text,
    /// it holds nothing and is not warned.
    @Test func anUnclosedContainerInsideEmphasisOrALinkIsWarnedAtItsTag() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n- [둘](two.md)\n",
            "one.md":
                "# 하나\n\nSome *em <template> text* and **strong <select>** end\n\n[a <marquee> link](two.md) and ![alt <template>](x.png)\n",
            "two.md": "# 둘\n\nB CONTENT MARKER\n", "x.png": "picture",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = root + "/content/one.md"
        let summary = "is never closed: the rest of the page is inside it, out of sight"
        #expect(
            BadInputBook.headlines(lines, "warning") == [
                "\(page):3:10: warning: HTML element <template> \(summary)",
                "\(page):3:40: warning: HTML element <select> \(summary)",
                "\(page):5:4: warning: HTML element <marquee> \(summary)",
            ], "\(lines)")
        let print = try FileSystem.read(root + "/_site/print.html")
        #expect(UnclosedContainers.unclosed(in: print).isEmpty)
    }

    /// A raw-text element left open inside emphasis (`_x <script>_`): the rest of the page is
    /// read as its text; warned at its tag, as in an HTML block.
    @Test func anUnclosedRawTextElementInsideEmphasisIsWarnedAtItsTag() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](one.md)\n",
            "one.md": "# 하나\n\nfirst\n\n_x <script>_ y\n\nrest\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        #expect(
            BadInputBook.headlines(lines, "warning") == [
                root
                    + "/content/one.md:5:4: warning: HTML element <script> is never closed: the rest of the page is read as its text"
            ], "\(lines)")
    }

    @Test func containersClosedAreNotWarned() {
        for html in [
            "<template>a</template>", "<select><option>x</option></SELECT >", "<marquee>m</marquee>", "<templates>",
            "<selected>", "<!-- <template> -->", "<script>let a = '<select>'</script>",
            "<template><template></template></template>", "<textarea><marquee></textarea>",
        ] {
            #expect(UnclosedContainers.unclosed(in: Array(html.utf8)).isEmpty, "\(html)")
        }
        #expect(UnclosedContainers.unclosed(in: Array("<!-- open <select>".utf8)).isEmpty)
        #expect(HTMLComments.closingOff("a<template><select>") == "a<template><select></select></template>\n")
        #expect(HTMLComments.closingOff("<marquee><!--") == "<marquee><!---->\n</marquee>\n")
    }

    @Test func rawTextElementsClosedAreNotWarned() {
        for html in [
            "<textarea>a</textarea>", "<SCRIPT>if (a < b) {}</script >", "<style>p{}</STYLE>", "<textareas>",
            "<scripted>", "<title>t</title/>", "<iframe src=x></iframe>",
        ] {
            #expect(HTMLComments.unclosed(in: Array(html.utf8)) == nil, "\(html)")
        }
        #expect(HTMLComments.unclosed(in: Array("<p>x</p><script>a</scrip>".utf8))?.element == "script")
        #expect(HTMLComments.closingOff("<xmp>a") == "<xmp>a</xmp>\n")
        #expect(HTMLComments.closingOff("a<plaintext>b") == "a&lt;plaintext>b")
    }

    @Test func commentsClosedEveryWayHTMLClosesThemAreNotWarned() {
        for html in ["<!-- a -->", "<!-->", "<!--->", "<!-- a --!>", "<!-- a\n\nb -->", "<p>-- not a comment</p>"] {
            #expect(HTMLComments.unclosedStart(in: Array(html.utf8)) == nil, "\(html)")
        }
        #expect(HTMLComments.unclosedStart(in: Array("<!-- a --> <!-- b".utf8)) == 11)
        #expect(
            HTMLComments.warning(
                MarkdownParser.parse("# T\n\n<!-- a -->\n"), source: "# T\n\n<!-- a -->\n", path: "p.md")
                == nil)
        #expect(
            HTMLComments.warning(
                MarkdownParser.parse("# T\n\n<!-- a\n\ntext\n"), source: "# T\n\n<!-- a\n\ntext\n", path: "p.md")?
                .headline
                == "p.md:3:1: warning: HTML comment is never closed: the rest of the page is hidden")
    }
}

/// An `{{#include file:anchor}}` whose anchor never ends: an error at the include, not the rest
/// of the file (mdBook's silent reading).
@Suite struct IncludeAnchorBadInputTests {
    @Test func anAnchorWithoutItsEndIsAnErrorAtTheInclude() throws {
        let root = try TestSupport.makeTree([
            "code.swift":
                "// ANCHOR: setup\nlet a = 1\n// ANCHOR_END: setpu\nprint(a)\n// ANCHOR: ok\nlet b = 2\n// ANCHOR_END: ok\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expansion = IncludeExpander.expand(
            "# T\n\n```swift\n{{#include code.swift:setup}}\n```\n\n{{#include code.swift:ok}}\n",
            displayPath: "page.md",
            directory: root, scope: IncludeScope(bookDirectory: root, contentDirectory: root))
        #expect(
            expansion.diagnostics.map(\.headline) == [
                "page.md:4:1: error: {{#include code.swift:setup}}: 'ANCHOR: setup' (line 1) has no 'ANCHOR_END: setup'"
            ])
        #expect(expansion.diagnostics.first?.notes.first?.contains("ANCHOR_END: setup' after the last line") == true)
        #expect(expansion.text.contains("let b = 2") && !expansion.text.contains("print(a)"))
    }

    /// An anchor name that marks two regions (attack 9, kind 39): only the first is included, as
    /// mdBook 0.5.4 includes it, and the second was dropped without a word. A warning at the
    /// line to edit, the included file's second `ANCHOR:`, naming the include; `rustdoc_include`
    /// reads anchors the same way. Every later region is one warning, at its `ANCHOR` (a third
    /// one, written in a block comment and indented, was not reported).
    @Test func anAnchorNameThatMarksTwoRegionsIsWarnedNamingTheOneLeftOut() throws {
        let root = try TestSupport.makeTree([
            "code.swift":
                "top\n// ANCHOR: a\nfirst\n// ANCHOR_END: a\nmid\n// ANCHOR: a\nsecond\n// ANCHOR_END: a\n"
                + "// ANCHOR: once\nonly\n// ANCHOR_END: once\n  /* ANCHOR: a */\nthird\n/* ANCHOR_END: a */\n"
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let expansion = IncludeExpander.expand(
            "# T\n\n```text\n{{#include code.swift:a}}\n```\n\n```text\n{{#rustdoc_include code.swift:a}}\n```\n\n{{#include code.swift:once}}\n",
            displayPath: "page.md",
            directory: root, scope: IncludeScope(bookDirectory: root, contentDirectory: root))
        func summary(_ line: Int) -> String {
            "'ANCHOR: a' starts again at line \(line) of the file, and that region is left out: only the first (line 2) is included, as mdBook includes it"
        }
        // (The rustdoc_include's own warning, about its hidden lines, is another kind.)
        let repeated = expansion.diagnostics.filter { $0.summary.contains("starts again") }
        #expect(expansion.diagnostics.count == 5)
        #expect(
            repeated.map(\.headline) == [
                "\(root)/code.swift:6:4: warning: {{#include code.swift:a}}: \(summary(6)) (page.md:4)",
                "\(root)/code.swift:12:6: warning: {{#include code.swift:a}}: \(summary(12)) (page.md:4)",
                "\(root)/code.swift:6:4: warning: {{#rustdoc_include code.swift:a}}: \(summary(6)) (page.md:8)",
                "\(root)/code.swift:12:6: warning: {{#rustdoc_include code.swift:a}}: \(summary(12)) (page.md:8)",
            ], "\(repeated.map(\.headline))")
        #expect(repeated.allSatisfy { $0.notes.first?.contains("a name of its own") == true })
        #expect(expansion.text.contains("first") && expansion.text.contains("only"))
    }
}

/// Output names that differ only in case are one file on macOS's and Windows' default file
/// systems: a warning, where they silently replaced each other.
@Suite struct CaseCollisionBadInputTests {
    @Test func namesDifferingOnlyInCaseAreWarned() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# 책\n\n- [하나](intro.md)\n- [둘](Intro.md)\n- [셋](other.md)\n",
            "intro.md": "# 하나\n\n![a](logo.png) ![b](Logo.png)\n", "Intro.md": "# 둘\n", "other.md": "# 셋\n",
            "logo.png": "a", "Logo.png": "b",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/content/SUMMARY.md:4:3: warning: page 'Intro.md' is written to 'Intro.html', which differs from 'intro.html' only in case"
                )
            }, "\(lines)")
        #expect(lines.contains { $0.contains("warning: content file") && $0.contains("only in case") }, "\(lines)")
        #expect(!lines.contains { $0.contains("other.html") })
    }
}
