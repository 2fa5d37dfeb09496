import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every problem in one run: an error of an early step (a page's parse, an include, a sample, a
/// broken link, the 404 page, the theme) stopped the build before `Render`, so the URLs the other
/// pages' raw HTML breaks were reported only by the next run. Now each step runs while its input
/// is sound, and a book with two independent problems in different steps reports both at once,
/// each once, at its line.
@Suite struct EveryProblemInOneRunBadInputTests {
    static let summary = "# T\n\n- [A](a.md)\n- [B](b.md)\n"
    /// A second page whose raw HTML names a file the site lacks: only `Render` sees it.
    static let pageB = "# B\n\n<img src=\"missing-b.png\">\n"

    /// The errors' first lines, with the book's root cut off.
    static func errors(_ lines: [String], root: String) -> [String] {
        BadInputBook.headlines(lines, "error").map { $0.replacingOccurrences(of: root + "/", with: "") }
    }

    static let renderError =
        "content/b.md:3:11: error: broken URL in the page's raw HTML: 'missing-b.png' names 'missing-b.png', which the site does not have"

    /// Builds the book of `pages` (with the summary and page B) and expects exactly `expected`.
    func expectErrors(
        _ pages: [String: String], _ expected: [String], configure: (inout BuildConfiguration) -> Void = { _ in },
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let files = pages.merging(["SUMMARY.md": Self.summary, "b.md": Self.pageB]) { own, _ in own }
        let (root, lines, failed) = try BadInputBook.build(files, configure: configure)
        #expect(failed, sourceLocation: sourceLocation)
        #expect(Self.errors(lines, root: root) == expected, "\(lines)", sourceLocation: sourceLocation)
    }

    @Test func aParseErrorLeavesRenderToCheckTheOtherPages() throws {
        try expectErrors(
            ["a.md": "# A\n\n<img src=\"../up.png\">\n"],
            ["content/a.md:3:11: error: <img src>: '../up.png' leaves the site and is not checked", Self.renderError],
            configure: { $0.book.outsideLinks = "error" })
    }

    /// Not again as the built page's (`_site/a.html`) or print.html's broken `gone.html`.
    @Test func aBrokenLinkIsSaidOnceAndTheRawHTMLToo() throws {
        try expectErrors(
            ["a.md": "# A\n\n[gone](gone.md)\n"],
            [
                "content/a.md:3:1: error: broken link: 'gone.md' is not a page of the book (not in SUMMARY.md)",
                Self.renderError,
            ])
    }

    @Test func anIncludeErrorLeavesTheOtherPagesChecked() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": Self.summary, "a.md": "# A\n\n{{#include nothere.txt}}\n", "b.md": Self.pageB,
        ])
        let errors = Self.errors(lines, root: root)
        #expect(failed)
        #expect(errors.count == 2 && errors.first?.hasPrefix("content/a.md:3:") == true, "\(lines)")
        #expect(errors.last == Self.renderError, "\(lines)")
    }

    @Test func aSampleErrorLeavesTheOtherPagesChecked() throws {
        let sample = "# A\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n\n```output\n1\n```\n"
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": Self.summary, "a.md": sample, "b.md": Self.pageB,
        ])
        let errors = Self.errors(lines, root: root)
        #expect(failed)
        #expect(errors.contains("content/a.md:11:1: error: sample already has an output block"), "\(lines)")
        #expect(errors.contains(Self.renderError), "\(lines)")
    }

    @Test func theNotFoundPageErrorLeavesTheOtherPagesChecked() throws {
        try expectErrors(
            ["a.md": "# A\n", "404.md": "# Lost\n\n[x](nowhere.md)\n"],
            // The summary's pages first, in its order; the not-found page, which it does not
            // list, after them (diagnostics.md: files in reading order).
            [
                Self.renderError,
                "content/404.md:3:1: error: broken link: 'nowhere.md' is not a page of the book (not in SUMMARY.md)",
            ])
    }

    /// A nested page's raw HTML: print.html writes its `x.png` as `sub/x.png` and keeps `#nope`;
    /// each broken URL is said once, at the page's line, as the page writes it (attack 12, kind 41).
    @Test func aNestedPagesBrokenURLIsSaidOnceAtItsLine() throws {
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n  - [B](sub/b.md)\n", "a.md": "# A\n",
            "sub/b.md": "# B\n\n<img src=\"missing.png\">\n\n<a href=\"#nope\">x</a>\n",
        ])
        #expect(failed)
        #expect(
            Self.errors(lines, root: root) == [
                "content/sub/b.md:3:11: error: broken URL in the page's raw HTML: 'missing.png' names 'sub/missing.png', which the site does not have",
                "content/sub/b.md:5:10: error: broken URL in the page's raw HTML: '#nope' names no id of 'sub/b.html'",
            ], "\(lines)")
    }

    /// Without a theme nothing can be rendered: the pages are still checked, and the theme's
    /// error says that the built pages' URLs wait for it.
    @Test func aThemeErrorLeavesThePagesChecked() throws {
        let (root, lines, failed) = try BadInputBook.build(
            ["SUMMARY.md": Self.summary, "a.md": "# A\n\n[gone](gone.md)\n", "b.md": Self.pageB],
            template: "<html><body>{{ content }} {{ nosuch }}</body></html>")
        let errors = Self.errors(lines, root: root)
        #expect(failed)
        #expect(
            errors.contains(
                "content/a.md:3:1: error: broken link: 'gone.md' is not a page of the book (not in SUMMARY.md)"),
            "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix("\(root)/templates/page.html:1:")
                    && $0.contains("the pages were checked without the theme")
            }, "\(lines)")
    }
}
