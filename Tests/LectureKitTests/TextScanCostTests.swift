import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every pattern run over text a sample or a book controls finishes in time linear in it: a
/// hostile input of about 100 KB each, within a bound that a quadratic or cubic run cannot meet
/// (attack 20, F1: `HashOrderRuns`' output pattern took 270 s over 126 KB of a sample's output).
@Suite struct TextScanCostTests {
    func seconds(_ work: () -> Void) -> Double {
        let start = ContinuousClock.now
        work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The reviewer's 60 lines of `[`, 350 `: ` and 350 `, x` (126 KB): before, 270 s.
    @Test func aDictionaryLookalikeOutputIsScannedOnce() {
        let line = "[" + String(repeating: ": ", count: 350) + String(repeating: ", x", count: 350)
        let output = String(repeating: line + "\n", count: 60)
        var found = true
        let spent = seconds { found = HashOrderRuns.holdsDictionaryDescription(output) }
        #expect(!found)
        #expect(spent < 1, "\(spent) s over \(output.utf8.count) bytes")
    }

    /// The scan says what the regular expression it replaced said, on every short line of the
    /// characters that matter.
    @Test func theScanAgreesWithTheExpressionItReplaced() throws {
        let expression = try NSRegularExpression(pattern: #"\[[^\[\]\n]*: [^\n]*, [^\n]*: "#)
        let alphabet: [Character] = ["[", "]", ":", ",", " ", "\n", "x"]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for length in 0...14 {
            for _ in 0..<(length < 4 ? 50 : 600) {
                let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                let expected = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(HashOrderRuns.holdsDictionaryDescription(text) == expected, "\(text.debugDescription)")
                checked += 1
            }
        }
        for text in ["[\"a\": 1, \"b\": 2]", "x [k: v, k: v", "[k: v]\n, k: v", "[a]: b, c: d", "[[k: v, w: z"] {
            let expected = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(HashOrderRuns.holdsDictionaryDescription(text) == expected, "\(text.debugDescription)")
        }
        #expect(checked > 5_000)
    }

    /// The code pattern over a book's sample code: each hostile shape, 100 KB.
    @Test(arguments: [
        "[" + String(repeating: "a", count: 100_000),
        String(repeating: "[a", count: 50_000),
        "[\"" + String(repeating: "a", count: 100_000),
        String(repeating: "[ \"\" ", count: 20_000),
        String(repeating: "[ ", count: 50_000) + ":",
        String(repeating: "a.", count: 50_000),
        String(repeating: "Se", count: 50_000),
    ])
    func theCodePatternIsLinear(code: String) {
        let spent = seconds { _ = HashOrderRuns.mayDependOnHashOrder(code: code, output: "") }
        #expect(spent < 2, "\(spent) s over \(code.utf8.count) bytes")
    }

    /// The locale patterns over a line of a sample's output, 100 KB of each shape.
    @Test(arguments: [
        String(repeating: "a", count: 100_000), String(repeating: "1", count: 100_000),
        String(repeating: "a1 ", count: 33_000), String(repeating: "1,", count: 50_000),
        String(repeating: "1:", count: 50_000), String(repeating: "1/", count: 50_000),
        String(repeating: "ABC", count: 33_000), String(repeating: "e\u{301}", count: 50_000),
        String(repeating: "Sept", count: 25_000), String(repeating: "1.", count: 50_000),
    ])
    func theLocalePatternsAreLinear(line: String) {
        let spent = seconds { _ = SampleEnvironment.looksRegional(line) }
        #expect(spent < 8, "\(spent) s over \(line.utf8.count) bytes")
    }

    /// The diagram's root tag, over an SVG of `<svg` without a `>` (100 KB): before, each `<svg`
    /// was tried to the end of the text.
    @Test func theRootTagIsFoundInOnePass() {
        let svg = String(repeating: "<svg ", count: 20_000)
        var layout: DiagramLayout?
        let spent = seconds { layout = DiagramLayout(svg: svg) }
        #expect(layout?.naturalWidth == DiagramLayout(svg: "").naturalWidth)
        #expect(spent < 1, "\(spent) s over \(svg.utf8.count) bytes")
        #expect(DiagramLayout.rootTag("<?xml?>\n<svg width=\"10pt\">\n<g>") == "<svg width=\"10pt\">")
    }

    /// The ids Graphviz writes for a run's second graph, over 100 KB of near misses.
    @Test func theSecondGraphsIdsAreLinear() {
        let svg = "<svg>" + String(repeating: " id=\"page1,", count: 9_000)
        let spent = seconds { _ = DiagramRenderer.inlineable(svg, idPrefix: "d") }
        #expect(spent < 2, "\(spent) s over \(svg.utf8.count) bytes")
    }
}
