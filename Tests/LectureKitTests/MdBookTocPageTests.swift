import Foundation
import Testing

@testable import LectureSupport

/// `toc.html`, the page mdBook 0.5.4 writes in every book (its sidebar for readers without
/// script, a frame its pages name): lecture writes it too, at the same path, with the same role
/// (new-user review 6, finding 4: a link or a deploy check expecting it got a 404). Each tool's
/// holds the whole chapter tree: the same chapters, drafts and parts (`.sidebar`, read from
/// `toc.html` in both), the same links, and neither is for search engines.
@Suite(.serialized) struct MdBookTocPageTests {
    /// A prefix chapter, a part, chapters nested three deep and a draft with a section
    /// (`MdBookFoldTests`' book, not folding).
    static let book = MdBookFoldTests.book("enable = false")

    /// The hrefs of `toc.html` that lead to a page of the book, in order.
    static func chapterLinks(_ html: String) -> [String] {
        html.matches(of: /<a href="([^"#]*\.html)"/).map { String($0.output.1) }
            .filter { !["index.html", "print.html", "toc.html", "404.html"].contains($0) }
    }

    @Test func everyBookHasATocPageAsMdBooksHas() throws {
        let both = try MdBookOracle.build(Self.book)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        let theirs = try #require(TestSupport.read(both.mdBook.root + "/book/toc.html"))
        let ours = try #require(TestSupport.read(both.lecture.root + "/book/toc.html"), "lecture wrote no toc.html")
        #expect(both.differences(in: [.status, .pages, .sidebar]) == [])
        #expect(
            Self.chapterLinks(theirs) == [
                "intro.html", "a/index.html", "a/one.html", "a/b/index.html", "a/b/one.html", "a/d1.html", "a/two.html",
                "c.html",
            ])
        // Lecture's page also links the index (its title), so only the book's pages are compared.
        #expect(Self.chapterLinks(ours) == Self.chapterLinks(theirs), "\(ours)")
        let robots = #"<meta name="robots" content="noindex">"#
        #expect(theirs.contains(robots) && ours.contains(robots))
    }
}
