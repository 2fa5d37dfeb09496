import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// `--bless` around fences in containers (issue 34): a fence indented by a tab inside a list
/// item, in block quotes, in nested lists, with `~~~` and with longer fences. Each page is either
/// blessed so that it reads back with the new output and every sample's code unchanged, or left
/// as it was with the sample refused; never corrupted.
@Suite struct BlessContainerTests {
    static let pages: [String] = [
        "- a\n\n\t```swift\n\tx\n\t```\n",
        "- a\n\n\t```swift\n\tx\n\t```\n\n\t```output\n\told\n\t```\n",
        "1. a\n\n\t```swift\n\tx\n\t```\n",
        "10. a\n\n\t```swift\n\tx\n\t```\n\n\t```output\n\told\n\t```\n",
        "-\t```swift\n\tx\n\t```\n",
        "- a\n  - b\n\n\t```swift\n\tx\n\t```\n",
        "- a\n  - b\n\n  \t```swift\n  \tx\n  \t```\n\n\t  ```output\n\t  old\n\t  ```\n",
        "> ```swift\n> x\n> ```\n",
        ">\t```swift\n>\tx\n>\t```\n",
        ">\t```swift\n>\tx\n>\t```\n>\n>\t```output\n>\told\n>\t```\n",
        "- > ```swift\n  > x\n  > ```\n\n  > ```output\n  > old\n  > ```\n",
        "> - ```swift\n>   x\n>   ```\n",
        "> 1. a\n>\n>\t```swift\n>\tx\n>\t```\n",
        "~~~swift\nx\n~~~\n",
        "~~~swift\nx\n~~~\n\n~~~output\nold\n~~~\n",
        "- a\n\n  ~~~~swift\n  x\n  ~~~~\n\n  ~~~~output\n  old\n  ~~~~\n",
        "````swift\nx\n````\n\n`````output\nold\n`````\n",
        "- a\n\n   ```swift\n   x\n   ```\n",
        "  - a\n\n\t```swift\n\tx\n\t```\n",
        "- a\n\n\t```swift\n\tx\n\t```\n\n    ```output\n    old\n    ```\n",
    ]

    static let outputs = ["1\n", "  indented\n\tTab\n```\n~~~\n", "\n\nblank first\n"]

    static func samples(_ text: String) -> [Sample] {
        SampleExtractor.extract(from: MarkdownParser.parse(text), path: "p.md").samples
    }

    @Test(arguments: pages)
    func blessedPageReadsBackOrIsLeftAlone(_ page: String) throws {
        let before = Self.samples(page)
        try #require(before.count == 1, "\(page.debugDescription)")
        for output in Self.outputs {
            let (text, refused) = Bless.rewrite(page, outputs: [(sample: before[0], output: output)])
            #expect(refused.isEmpty, "\(page.debugDescription) refused: \(refused.map(\.1))")
            if refused.isEmpty {
                let after = Self.samples(text)
                #expect(after.count == 1, "\(page.debugDescription) → \(text.debugDescription)")
                #expect(
                    after.first?.parts.map(\.code) == before[0].parts.map(\.code),
                    "\(page.debugDescription) → \(text.debugDescription)")
                #expect(
                    after.first?.expectedOutput.map(OutputComparison.normalize) == OutputComparison.normalize(output),
                    "\(page.debugDescription) → \(text.debugDescription)")
            } else {
                #expect(text == page)
            }
        }
    }

    /// The read-back is the last guard: a rewrite that would turn another block into the output
    /// block (a sample whose places are not the text's) loses a sample, so it is refused.
    @Test func aRewriteThatWouldNotReadBackIsRefusedAndThePageKept() {
        let checked = "```swift\nx\n```\n\n```output\nold\n```\n"
        let page = "```swift\nx\n```\n\n```swift\ny\n```\n"
        let (text, refused) = Bless.rewrite(page, outputs: [(sample: Self.samples(checked)[0], output: "1\n")])
        #expect(text == page)
        #expect(refused.first?.1.contains("would not read back as printed") == true)
    }
}
