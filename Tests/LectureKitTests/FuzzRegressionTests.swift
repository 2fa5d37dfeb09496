import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `make fuzz`'s target run as a test: every input kept in `Tests/Fuzz` (seeds for each shape, and
/// each input that once crashed, hung or leaked, in `Tests/Fuzz/regressions`) goes through it
/// again, and the target is shown to reach the render stage, so the fuzzer exercises it.
@Suite(.serialized) struct FuzzRegressionTests {
    static let folder = TestSupport.repositoryRoot + "/Tests/Fuzz"

    @Test func aPageOfAFixtureBookIsLoadedParsedTransformedAndRendered() throws {
        let target = try FuzzTarget()
        defer { target.close() }
        let page = try FileSystem.read(TestSupport.fixture("swiftbook") + "/src/tour.md")
        // Two pages rendered: the input and the book's other page.
        #expect(target.run(page) == 2)
        #expect(target.run(Array("\u{1}# 책\n\n- [하나](fuzz.md)\n".utf8)) == 1)
        #expect(target.run(Array("\u{2}| a | b |\n|---|---|\n| ✔ | x |\n".utf8)) == 2)
        #expect(target.run(Array("\u{3}digraph { a -> b }\n".utf8)) == 2)
    }

    @Test(.timeLimit(.minutes(1))) func everyKeptInputRunsThroughTheTarget() throws {
        let target = try FuzzTarget()
        defer { target.close() }
        let files = FileSystem.files(under: Self.folder).filter { !$0.hasSuffix(".supp") }
        #expect(files.count >= 4)
        for file in files {
            target.run(try FileSystem.read(Self.folder + "/" + file))
        }
    }
}

/// Sizes in Graphviz's SVG that no drawing has, which the layout once turned into a trap
/// (`Int(_:)` of an infinite or too large width): digits without end, a vanishing label.
@Suite struct DiagramLayoutBoundsTests {
    @Test(arguments: [
        "<svg width=\"\(String(repeating: "9", count: 400))pt\" viewBox=\"0 0 10 10\"><text font-size=\"14\">a</text></svg>",
        "<svg width=\"99999999999999999999999pt\" viewBox=\"0 0 99999999999999999999999 1\"></svg>",
        "<svg width=\"10pt\" viewBox=\"0 0 500 10\"><text font-size=\"0.00000000000000000001\">a</text></svg>",
        "<svg width=\"...pt\" viewBox=\". . . .\"><text font-size=\".\">a</text></svg>",
    ])
    func anAbsurdSizeIsBoundedAndNeverTraps(svg: String) {
        let layout = DiagramLayout(svg: svg)
        #expect((0...DiagramLayout.maximumWidth).contains(layout.naturalWidth))
        #expect((0...DiagramLayout.maximumWidth).contains(layout.fitWidth))
        #expect(layout.html(class: "diagram-only").contains("--natural: "))
    }
}
