import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bless where the Markdown around a sample is unusual: fences inside the output, containers, lone CR endings, unclosed fences.

@Suite struct BlessEdgeTests {
    func sample(_ markdown: String) -> Sample {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md").samples[0]
    }

    @Test func outputWithAnIndentedFenceGetsALongerFence() {
        let original = "```swift\nx\n```\n"
        let blessed = Bless.apply(original, outputs: [(sample: sample(original), output: "before\n  ```\nafter\n")])
        #expect(blessed == "```swift\nx\n```\n\n````output\nbefore\n  ```\nafter\n````\n")
    }

    @Test func sampleInAQuoteInAListContinuesTheContainer() {
        let original = "- > ```swift\n  > x\n  > ```\n"
        let blessed = Bless.apply(original, outputs: [(sample: sample(original), output: "1\n")])
        #expect(blessed == "- > ```swift\n  > x\n  > ```\n  >\n  > ```output\n  > 1\n  > ```\n")
        #expect(
            SampleExtractor.extract(from: MarkdownParser.parse(blessed), path: "p.md").samples[0].expectedOutput
                == "1\n")
    }

    @Test func loneCRFilesAreBlessedWithTheirOwnEndings() {
        let original = "# A\r\r```swift\rx\r```\r\r```output\rold\r```\r"
        let normalized = original.replacingOccurrences(of: "\r", with: "\n")
        let blessed = Bless.apply(original, outputs: [(sample: sample(normalized), output: "new\n")])
        #expect(blessed == "# A\r\r```swift\rx\r```\r\r```output\rnew\r```\r")
    }

    @Test func unclosedSampleFenceIsRefused() {
        let original = "```swift\nx\n"
        let (text, refused) = Bless.rewrite(original, outputs: [(sample: sample(original), output: "1\n")])
        #expect(text == original)
        #expect(refused.map(\.1) == ["the sample's code block has no closing fence"])
    }
}
