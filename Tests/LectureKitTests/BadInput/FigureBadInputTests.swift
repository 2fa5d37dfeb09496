import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bad diagram and table blocks: located errors.
/// (Inputs a tester used to crash, hang or fool the tool, grouped by the component that meets them.)
@Suite struct FigureBadInputTests {
    @Test func twoGraphsInOneBlockAndUnknownAttributesAreErrors() throws {
        let page =
            "# A\n\n```dot alt=\"x\"\ndigraph { a } digraph { b }\n```\n\n```table captoin=\"t\"\n| A | B |\n|---|---|\n| 1 | 2 |\n```\n"
        let (root, lines, failed) = try BadInputBook.build(["SUMMARY.md": "# T\n\n- [A](a.md)\n", "a.md": page])
        #expect(failed)
        #expect(
            lines.contains(
                "\(root)/content/a.md:3:1: error: diagram block holds more than one graph\n    put each graph in a ```dot block of its own"
            ))
        #expect(lines.contains { $0.hasPrefix("\(root)/content/a.md:7:1: error: unknown table attribute 'captoin'") })
    }
}
