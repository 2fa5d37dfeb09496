import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Every pattern run over text a sample or a book controls finishes in time linear in it
/// (attack 20, F1: `HashOrderRuns`' output pattern took 270 s over 126 KB of a sample's output).
/// No bound in seconds, which a loaded machine can break (code review 40 #13): each hostile
/// shape is timed beside a linear baseline measured in the same test, the same work over text of
/// the same length that holds nothing the pattern can start on (`z`s), and may take at most
/// `allowance` times as long. Both are linear when the scan is: they differ by a constant, up
/// to about 230 here (ICU skips a character no match can start with faster than it tries one).
/// A scan that backtracks grows with the square of the text or worse: at 50 to 100 KB it takes
/// 10⁴ to 10⁵ times the baseline (the 126 KB above: 270 s against milliseconds).
@Suite struct TextScanCostTests {
    /// How many times the baseline's time the hostile text may take.
    static let allowance = 1_000.0

    /// How many times longer `work` takes over `text` than over as many `z`s after `prefix`:
    /// each the least of three runs, the two taken in turn, so a moment of the machine's other
    /// work slows one run and not the comparison.
    func excess(_ text: String, after prefix: String = "", _ work: (String) -> Void) -> Double {
        let baseline = prefix + String(repeating: "z", count: max(0, text.utf8.count - prefix.utf8.count))
        var (hostile, linear) = (Duration.seconds(1_000), Duration.seconds(1_000))
        let clock = ContinuousClock()
        for _ in 0..<3 {
            hostile = min(hostile, clock.measure { work(text) })
            linear = min(linear, clock.measure { work(baseline) })
        }
        return hostile / max(linear, .microseconds(1))
    }

    /// The reviewer's 60 lines of `[`, 350 `: ` and 350 `, x` (126 KB: 270 s before), and one
    /// line as long.
    @Test func aDictionaryLookalikeOutputIsScannedOnce() {
        let line = "[" + String(repeating: ": ", count: 350) + String(repeating: ", x", count: 350)
        let wide = "[" + String(repeating: ": ", count: 21_000) + String(repeating: ", x", count: 21_000)
        for output in [String(repeating: line + "\n", count: 60), wide] {
            #expect(!HashOrderRuns.holdsDictionaryDescription(output))
            let ratio = excess(output) { _ = HashOrderRuns.holdsDictionaryDescription($0) }
            #expect(ratio < Self.allowance, "\(ratio) times the baseline over \(output.utf8.count) bytes")
        }
    }

    /// What the expression the scan replaced says of `text`.
    static func replacedExpressionMatches(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    nonisolated(unsafe) static let expression = try! NSRegularExpression(pattern: #"\[[^\[\]\n]*: [^\n]*, [^\n]*: "#)
    /// The characters that matter to it.
    static let alphabet: [Character] = ["[", "]", ":", ",", " ", "\n", "x"]

    /// The scan says what the regular expression it replaced said, on every string of up to six
    /// of the characters that matter (137,257 strings), and on every one of seven that starts
    /// with `[` (and its prefixes again, 137,257 more): the shortest match, `[: , : `, is seven
    /// long and starts there, so they hold every shortest match as well as the refusals (with
    /// six alone, the test could only catch a false match: code review 41 #13). Every string of
    /// seven (960,800) would cost seven times as much for strings that cannot match.
    @Test func theScanAgreesWithTheExpressionOnEveryShortString() {
        var disagreements: [String] = []
        var matched = 0
        var text: [Character] = []
        func each(upTo length: Int) {
            let string = String(text)
            let expected = Self.replacedExpressionMatches(string)
            if expected { matched += 1 }
            if HashOrderRuns.holdsDictionaryDescription(string) != expected {
                disagreements.append(string)
            }
            guard text.count < length else { return }
            for character in Self.alphabet {
                text.append(character)
                each(upTo: length)
                text.removeLast()
            }
        }
        each(upTo: 6)
        text = ["["]
        each(upTo: 7)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map(\.debugDescription))")
        // `[` then `: ` then `, ` then `: `, the spaces' neighbours drawn from the alphabet.
        #expect(matched > 0, "no string enumerated is a match, so only false matches could be caught")
    }

    /// The same on 20,000 longer strings (7 to 16 characters) drawn from a fixed seed, so a
    /// disagreement can be reproduced; they hold both answers of the expression.
    @Test func theScanAgreesWithTheExpressionOnSeededLongerStrings() {
        var generator = SplitMix64(seed: 0x5EED_0013)
        var disagreements: [String] = []
        var matched = 0
        for index in 0..<20_000 {
            let length = 7 + index % 10
            let text = String((0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! })
            let expected = Self.replacedExpressionMatches(text)
            if expected { matched += 1 }
            if HashOrderRuns.holdsDictionaryDescription(text) != expected { disagreements.append(text) }
        }
        for text in ["[\"a\": 1, \"b\": 2]", "x [k: v, k: v", "[k: v]\n, k: v", "[a]: b, c: d", "[[k: v, w: z"] {
            if HashOrderRuns.holdsDictionaryDescription(text) != Self.replacedExpressionMatches(text) {
                disagreements.append(text)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10).map(\.debugDescription))")
        #expect(matched > 0 && matched < 20_000, "the strings drawn hold \(matched) matches of 20,000")
    }

    /// `unit` repeated to about `size` bytes, between `prefix` and `suffix`.
    static func shape(_ prefix: String, _ unit: String, _ suffix: String, size: Int) -> String {
        prefix + String(repeating: unit, count: max(1, size / unit.utf8.count)) + suffix
    }

    /// The code pattern over a book's sample code: each hostile shape (`prefix`, `unit`, `suffix`).
    @Test(arguments: [
        ("[", "a", ""), ("", "[a", ""), ("[\"", "a", ""), ("", "[ \"\" ", ""), ("", "[ ", ":"), ("", "a.", ""),
        ("", "Se", ""),
    ])
    func theCodePatternIsLinear(prefix: String, unit: String, suffix: String) {
        let ratio = excess(Self.shape(prefix, unit, suffix, size: 100_000)) {
            _ = HashOrderRuns.mayDependOnHashOrder(code: $0, output: "")
        }
        #expect(ratio < Self.allowance, "\(ratio) times the baseline over 100 KB of \(unit.debugDescription)")
    }

    /// The locale patterns over a line of a sample's output, each shape (a unit repeated).
    @Test(arguments: ["a", "1", "a1 ", "1,", "1:", "1/", "ABC", "e\u{301}", "Sept", "1."])
    func theLocalePatternsAreLinear(unit: String) {
        let ratio = excess(Self.shape("", unit, "", size: 50_000)) { _ = SampleEnvironment.looksRegional($0) }
        #expect(ratio < Self.allowance, "\(ratio) times the baseline over 50 KB of \(unit.debugDescription)")
    }

    /// The diagram's root tag, over an SVG of `<svg` without a `>`: before, each `<svg` was
    /// tried to the end of the text.
    @Test func theRootTagIsFoundInOnePass() {
        let svg = String(repeating: "<svg ", count: 20_000)
        #expect(DiagramLayout(svg: svg).naturalWidth == DiagramLayout(svg: "").naturalWidth)
        let ratio = excess(svg, after: "<svg>") { _ = DiagramLayout(svg: $0) }
        #expect(ratio < Self.allowance, "\(ratio) times the baseline over \(svg.utf8.count) bytes")
        #expect(DiagramLayout.rootTag("<?xml?>\n<svg width=\"10pt\">\n<g>") == "<svg width=\"10pt\">")
    }

    /// The ids Graphviz writes for a run's second graph, over 100 KB of near misses.
    @Test func theSecondGraphsIdsAreLinear() {
        let svg = "<svg>" + String(repeating: " id=\"page1,", count: 9_000)
        let ratio = excess(svg, after: "<svg>") { _ = DiagramRenderer.inlineable($0, idPrefix: "d") }
        #expect(ratio < Self.allowance, "\(ratio) times the baseline over \(svg.utf8.count) bytes")
    }
}
