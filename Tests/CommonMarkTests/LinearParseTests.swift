import Testing

@testable import CommonMark

#if canImport(Glibc)
    import Glibc
#endif

/// Every pass over a page is linear (attack 12): a page of a pathological shape, from cmark's
/// and pulldown-cmark's issue trackers, is parsed at 100 KB and at 200 KB, and the work (this
/// thread's processor time, the least of three runs, so a busy machine does not count) at
/// twice the size stays under three times the work: quadratic, it is four times.
@Suite struct LinearParseTests {
    /// A shape: its name, the page of about `bytes` it makes, and whether smart punctuation is on.
    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var smart: Bool
        var page: @Sendable (Int) -> String
        var testDescription: String { name }

        /// `unit` repeated to about `bytes`.
        static func repeated(_ name: String, _ unit: String, smart: Bool = true) -> Shape {
            Shape(name: name, smart: smart) { "# T\n\n" + String(repeating: unit, count: $0 / unit.utf8.count) + "\n" }
        }

        /// `first` repeated, then `second` repeated, to about `bytes` in all.
        static func halves(_ name: String, _ first: String, _ second: String) -> Shape {
            Shape(name: name, smart: true) {
                let count = $0 / (first.utf8.count + second.utf8.count)
                return "# T\n\n" + String(repeating: first, count: count) + String(repeating: second, count: count)
                    + "\n"
            }
        }
    }

    static let shapes: [Shape] = [
        // Emphasis delimiters cmark leaves as text, matched again by the CJK rules (cmark #389 family).
        .repeated("*a_ ", "*a_ "), .repeated("_a* ", "_a* "), .repeated("a**b_ ", "a**b_ "),
        .repeated("**가_ ", "**가_ "), .repeated("*t _t*_ ", "*t _t*_ "),
        // Smart quotes around other delimiters (cmark #521), quadratic inside cmark.
        .halves("'x then '\"x", "'x ", "'\"x"), .halves("\"x then \"_x", "\"x ", "\"_x"),
        .repeated("'*x", "'*x "),
        // Brackets, link reference definitions, backticks, `<`, nesting.
        .repeated("[", "["), .repeated("![[]()", "![[]()"), .repeated("[a](", "[a]("),
        .repeated("definitions", "[a]: b\n"), .repeated("references", "[a] [b][] "),
        .repeated("backticks", "` ``a"), .repeated("<", "<"), .repeated("a<b>", "a<b>"),
        .repeated("<!--", "<!-- a"), .repeated("<?", "<?a"), .repeated("<![CDATA[", "<![CDATA["),
        .repeated("nested lists", "- "), .repeated("nested quotes", "> "), .repeated("&#", "&#9"),
    ]

    /// This thread's processor time, in seconds.
    static func processorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func work(_ shape: Shape, bytes: Int) -> Double {
        let page = shape.page(bytes)
        var least = Double.infinity
        for _ in 0..<3 {
            let start = processorSeconds()
            _ = MarkdownParser.parseDocument(page, smartPunctuation: shape.smart)
            least = min(least, processorSeconds() - start)
        }
        return least
    }

    @Test(arguments: shapes)
    func aPathologicalPageIsParsedInLinearTime(_ shape: Shape) {
        let small = Self.work(shape, bytes: 100_000)
        let large = Self.work(shape, bytes: 200_000)
        // 20 ms of slack for pages parsed in a few milliseconds.
        #expect(large < 3 * small + 0.02, "100 KB: \(small) s, 200 KB: \(large) s")
    }

    /// The bound on smart quotes leaves ordinary pages alone: apostrophes and quotes of prose,
    /// many in one paragraph, and many paragraphs of them.
    @Test func theQuoteEstimateLeavesOrdinaryPagesAlone() {
        func costly(_ text: String) -> Int? {
            var text = text
            return text.withUTF8 { ParseCost.estimate($0, quotes: true).costlyQuotes }
        }
        let prose = "It's \"quoted\", *isn't* it? The _author's_ 'words'. "
        #expect(costly(String(repeating: prose, count: 1_000)) == nil)
        #expect(costly(String(repeating: prose + "\n\n", count: 100_000)) == nil)
        #expect(costly(String(repeating: "\\'x \\\"", count: 100_000)) == nil)
        #expect(
            costly("a\n\nb\n" + String(repeating: "'x ", count: 30_000) + String(repeating: "'\"x", count: 30_000)) == 3
        )
    }

    /// One scan measures both bounds (`ParseCost`): quotes count only in the part parsed, before
    /// the brackets' cut, and each bound is found whatever the other finds.
    @Test func oneScanFindsBothBoundsAndQuotesOnlyBeforeTheCut() {
        func estimate(_ text: String, quotes: Bool = true) -> ParseCost.Estimate {
            var text = text
            return text.withUTF8 { ParseCost.estimate($0, quotes: quotes) }
        }
        let quotes = String(repeating: "'x ", count: 30_000) + String(repeating: "'\"x", count: 30_000)
        let brackets = String(repeating: "![[]()", count: 20_000)
        let both = estimate("a\n\n" + quotes + "\n\n" + brackets)
        #expect(both.costlyQuotes == 3)
        #expect(both.cut?.line == 5)
        let after = estimate("a\n\n" + brackets + "\n\n" + quotes)
        #expect(after.cut?.line == 3)
        #expect(after.costlyQuotes == nil, "the quotes lie past the cut, in no part cmark parses")
        let sameLine = estimate(quotes + brackets)
        #expect(sameLine.cut?.line == 1)
        #expect(sameLine.costlyQuotes == nil, "the cut line is left out whole")
        #expect(estimate("a\n\n" + quotes, quotes: false).costlyQuotes == nil, "quotes measured only when asked")
    }
}
