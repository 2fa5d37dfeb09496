import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 18, F10: a book.toml URL every page carries (`git-repository-url`, `edit-url-template`)
/// that is broken in the built pages was an error at every built page ("broken URL in the built
/// page … it comes from the page's raw HTML or from the template"), eleven for a book of three
/// pages, none at the line to edit. Each setting is now one error at its key, naming the first
/// page and how many others (`SettingURLs`).
@Suite struct SettingURLBadInputTests {
    static let pages = [
        "SUMMARY.md": "# Summary\n\n- [Intro](intro.md)\n- [Next](next.md)\n- [Deep](sub/deep.md)\n",
        "sub/deep.md": "# Deep\n",
    ]

    @Test func aBrokenRelativeSettingURLIsOneErrorAtItsKey() throws {
        let (_, result) = try TestSupport.containedBook(
            "[output.html]\ngit-repository-url = \"repo/\"\nedit-url-template = \"edit/{path}\"\n", pages: Self.pages)
        #expect(!result.succeeded)
        let errors = TestSupport.headlines(result.stderrText, .error)
        #expect(errors.count == 2, "\(result.stderrText)")
        #expect(
            errors.contains {
                $0.hasSuffix(
                    "book.toml:4:1: error: 'output.html.git-repository-url' writes a broken URL into the built pages: 'repo/' names a folder, which works over HTTP but not from file://; name its index.html"
                )
            }, "\(result.stderrText)")
        #expect(
            errors.contains {
                $0.contains(
                    "book.toml:5:1: error: 'output.html.edit-url-template' writes a broken URL into the built pages: 'edit/src/"
                )
            }, "\(result.stderrText)")
        #expect(!result.stderrText.contains("broken URL in the built page:"), "\(result.stderrText)")
        #expect(result.stderrText.contains("other pages; the site is not written"), "\(result.stderrText)")
    }

    /// A relative URL that every page finds (the pages all beside it) is no error; one that
    /// only a page in a folder misses is one error, naming that page.
    @Test func onlyThePagesThatMissItCount() throws {
        let flat = try TestSupport.containedBook("[output.html]\ngit-repository-url = \"intro.html\"\n")
        #expect(flat.result.succeeded, "\(flat.result.stderrText)")
        let (_, result) = try TestSupport.containedBook(
            "[output.html]\ngit-repository-url = \"intro.html\"\n", pages: Self.pages)
        let errors = TestSupport.headlines(result.stderrText, .error)
        #expect(errors.count == 1, "\(result.stderrText)")
        #expect(errors.first?.contains("book.toml:4:1: error: 'output.html.git-repository-url'") == true)
        #expect(result.stderrText.contains("first in 'sub/deep.html'"), "\(result.stderrText)")
    }

    /// A full URL is not checked, as links that leave the book are not.
    @Test func aFullURLIsNotChecked() throws {
        let (_, result) = try TestSupport.containedBook(
            "[output.html]\ngit-repository-url = \"https://example.org/book\"\nedit-url-template = \"https://example.org/edit/{path}\"\n",
            pages: Self.pages)
        #expect(result.succeeded, "\(result.stderrText)")
    }
}
