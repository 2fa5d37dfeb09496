import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The oracle itself: both tools build a plain book alike, and a difference is seen.
@Suite struct MdBookOracleTests {
    @Test func aPlainBookBuildsAlikeWithBoth() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n",
            "src/SUMMARY.md": "# Summary\n\n- [A](a.md)\n    - [B](b.md)\n",
            "src/a.md": "# A\n\nSome *text* and [a link](b.md#sub).\n\n## Sub head\n\n- one\n- two\n",
            "src/b.md": "# B\n\n## Sub\n\n```\ncode\n```\n",
        ])
        #expect(both.mdBook.succeeded && both.lecture.succeeded)
        #expect(both.differences().isEmpty, "\(both.differences())")
        #expect(both.mdBook.facts.pages == ["404.html", "a.html", "b.html", "index.html"])
        #expect(
            both.mdBook.facts.sidebar == [
                .init(kind: "chapter", title: "A", link: "a.html", number: "1.", depth: 0),
                .init(kind: "chapter", title: "B", link: "b.html", number: "1.1.", depth: 1),
            ])
        #expect(both.mdBook.facts.ids["a.html"] == ["a", "sub-head"])
        #expect(both.mdBook.facts.text["a.html"] == "A Some text and a link. Sub head one two")
        #expect(both.mdBook.facts.links["a.html"] == ["b.html#sub"])
    }

    @Test func aDifferenceIsReported() throws {
        let both = try MdBookOracle.build([
            "book.toml": "[book]\ntitle = \"T\"\n", "src/SUMMARY.md": "- [A](a.md)\n",
            "src/a.md": "# A\n\n<span id=\"x\">raw</span> <a name=\"y\"></a>\n",
        ])
        #expect(both.mdBook.facts.anchors["a.html"] == ["x", "y"])
        #expect(both.differences(in: [.pages, .sidebar, .ids]).isEmpty)
        // A fact changed on one side is a difference in that aspect alone.
        var changed = both
        changed.lecture.facts.text["a.html"] = "other"
        #expect(changed.differences(in: [.text]).count == 1)
        #expect(changed.differences(in: [.ids, .links]).isEmpty)
    }
}
