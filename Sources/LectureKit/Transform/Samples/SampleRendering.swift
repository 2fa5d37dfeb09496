import CommonMark
import LectureSupport

/// Turns a page's sample code blocks into figures: the visible code, and under the last part of
/// a run sample its verified output, marked with the Swift version that produced it; under a
/// `test` sample its test report; in the code, hover cards (both from `results`, by the
/// sample's first fence).
enum SampleRendering {
    /// `blocks` with each sample's fenced blocks made figures (`Figure.sample`, HTML only in
    /// `Render`) and its output blocks removed (the figure shows the output).
    static func apply(
        to blocks: [Block], samples: [Sample], swiftVersion: String, results: [SourceLocation: SampleResult.Shown] = [:]
    ) -> [Block] {
        var partsByFence: [SourceLocation: (sample: Sample, index: Int)] = [:]
        var outputs: Set<SourceLocation> = []
        for sample in samples {
            for (index, part) in sample.parts.enumerated() { partsByFence[part.fence] = (sample, index) }
            for range in sample.outputRanges { outputs.insert(range.start) }
        }
        return blocks.rewritingLeafBlocks { block in
            guard case .codeBlock = block.kind else { return [block] }
            if outputs.contains(block.range.start) { return [] }
            guard let (sample, index) = partsByFence[block.range.start] else { return [block] }
            let shown = SampleFigure(
                sample: sample, part: index, result: results[sample.location], swiftVersion: swiftVersion)
            return [Figure.sample(shown).block(at: block.range)]
        }
    }

    /// Bumped when the HTML of highlighted code or of hover cards changes, to retire cached blocks.
    static let codeCacheVersion = "swift-code-html-v1"

    /// Block `index`'s visible code highlighted, with its hover cards (`cards`, packed, of the
    /// whole sample) in their frame. Kept in `cache` under the block's code (hidden lines
    /// included), its index, the cards and their id prefix, so a warm build reads each block's
    /// HTML in one piece: no unpacking of cards, no highlighting, no placing.
    static func highlightedCode(
        _ sample: Sample, part index: Int, cards: String, cache: Cache?, words: InterfaceWords = .english
    ) -> String {
        let part = sample.parts[index]
        let idPrefix = "card-\(part.fence.line)-"
        // The cards' words are part of the HTML (only they: a digest of all words would make a
        // changed badge word retire every block).
        let cardWords = ["hover-hint", "hover-closure", "hover-inferred"].map { words[$0] }.joined(separator: "\n")
        let key = SHA256.hex(codeCacheVersion, part.code, String(index), cards, idPrefix, cardWords)
        if let cache, let bytes = cache.read(kind: "swift-html", key: key) {
            return String(decoding: bytes, as: UTF8.self)
        }
        let placed = HoverCardRendering.cards(HoverCard.unpacked(cards) ?? [], part: index, of: sample)
        let code =
            "<pre><code class=\"\(SwiftCodeHTML.codeClass)\">"
            + SwiftCodeHTML.highlighted(part.visibleCode, cards: placed, idPrefix: idPrefix, cache: cache, words: words)
            + "</code></pre>"
        let html = placed.isEmpty ? code : HoverCardRendering.frame(code, words: words)
        cache?.write(kind: "swift-html", key: key, Array(html.utf8))
        return html
    }

    /// One block's figure; `cache` keeps its code's HTML (`highlightedCode`); its badges are
    /// the interface's `words`.
    static func figure(
        _ sample: Sample, part index: Int, swiftVersion: String, result: SampleResult.Shown? = nil, cache: Cache? = nil,
        words: InterfaceWords = .english
    ) -> String {
        let part = sample.parts[index]
        let isLast = index == sample.parts.count - 1
        // The compiler the verdict names, with the sample's own flags (`flags="…"`) when it has them.
        let compiler = ([swiftVersion] + sample.compilerFlags).joined(separator: " ")
        var classes = "sample"
        var badge: String?
        switch sample.mode {
        case .ignore:
            classes += " sample-ignore"
            badge = sample.skipReason.map { words.format("sample-skipped", ["reason": $0]) } ?? words["sample-ignored"]
        case .noRun:
            classes += " sample-no-run"
            badge = words.format("sample-no-run", ["compiler": compiler])
        case .compileFail:
            classes += " sample-compile-fail"
            badge = words.format("sample-compile-fail", ["compiler": compiler])
        case .run:
            break
        case .test:
            classes += " sample-test"
        }
        var html = "<figure class=\"\(classes)\">"
        html +=
            SwiftAnalysisSwitch.isOn
            ? highlightedCode(sample, part: index, cards: result?.packedHoverCards ?? "", cache: cache, words: words)
            : "<pre><code class=\"language-swift\">\(HTML.escape(part.visibleCode))</code></pre>"
        // What the part is to print: its own output block in a continued program, else the sample's.
        let output = sample.continued ? part.expectedOutput : isLast ? sample.expectedOutput : nil
        if sample.mode == .test, isLast {
            html += TestReportRendering.figcaption(
                sample, tests: result?.tests ?? [], swiftVersion: compiler, words: words)
        } else if let badge, isLast {
            html += "<figcaption class=\"sample-note\"><span class=\"badge\">\(HTML.escape(badge))</span>"
            // The error a `compile_fail` sample is verified to give (`expect-error`).
            if sample.mode == .compileFail, !sample.expectedErrors.isEmpty {
                let lines = sample.expectedErrors.map { "error: " + HTML.escape($0) }.joined(separator: "\n")
                html += "<pre class=\"output sample-expected-error\"><code>\(lines)</code></pre>"
            }
            // An output block under a sample not run here is shown as written, unverified.
            if let output { html += "<pre class=\"output\"><code>\(HTML.escape(output))</code></pre>" }
            html += "</figcaption>"
        } else if sample.mode == .run, output != nil || isLast {
            let key = sample.shouldFail ? "sample-fails" : output == nil ? "sample-ran" : "sample-output"
            let verdict = words.format(key, ["compiler": compiler])
            html += "<figcaption class=\"sample-output\"><span class=\"badge\">\(HTML.escape(verdict))</span>"
            if let output {
                html += "<pre class=\"output\"><code>\(HTML.escape(output))</code></pre>"
            }
            html += "</figcaption>"
        }
        html += "</figure>\n"
        return html
    }
}
