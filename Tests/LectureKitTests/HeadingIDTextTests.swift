import Testing

@testable import CommonMark
@testable import LectureKit

/// The text a heading's id is made of (`HeadingIDText`), without mdBook at hand: what a reader
/// sees as text, an image's description and a hard break adding nothing. The ids expected are
/// mdBook 0.5.4's for the same headings (`MdBookHeadingIDTests` holds every kind to mdBook itself).
@Suite struct HeadingIDTextTests {
    static func ids(_ page: String) -> [String] {
        HeadingAnchors.apply(to: MarkdownParser.parse(page)).headings.map(\.id)
    }

    @Test func anImagesDescriptionIsNoPartOfTheId() {
        #expect(
            Self.ids("### An image ![alt](p.png) here\n\n## [![alt *em*](p.png)](x.md) end\n\n## ![only](p.png)\n")
                == ["an-image--here", "end", ""])
    }

    @Test func aHardBreakAddsNothingAndASoftBreakASpace() {
        #expect(
            Self.ids("With  \nhard break\n---\n\nSoft\nbreak\n---\n\nBack\\\nslash\n---\n") == [
                "withhard-break", "soft-break", "backslash",
            ])
    }

    @Test func rawHTMLAddsItsElementsTextButNoTagOrComment() {
        #expect(
            Self.ids(
                "## Kbd <kbd>Ctrl</kbd>+<kbd>C</kbd>\n\n## Raw <img src=\"p.png\" alt=\"x\"> a<!-- c -->b\n\n## <span id=\"s\">`code` *em*</span>\n"
            )
                == ["kbd-ctrlc", "raw--ab", "code-em"])
    }
}
