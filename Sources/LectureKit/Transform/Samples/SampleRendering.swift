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
        to blocks: [Block], samples: [Sample], swiftVersion: String,
        results: [SourceLocation: SampleResult.Shown] = [:],
        swiftAnalysis: Bool = true
    ) -> [Block] {
        var partsByFence: [SourceLocation: (sample: Sample, index: Int)] = [:]
        var outputs: Set<SourceLocation> = []
        for sample in samples {
            for (index, part) in sample.parts.enumerated() { partsByFence[part.fence] = (sample, index) }
            for range in sample.outputRanges { outputs.insert(range.start) }
        }
        return blocks.rewritingLeafBlocks { block in
            guard case .codeBlock = block.kind else { return nil }
            if outputs.contains(block.range.start) { return [] }
            guard let (sample, index) = partsByFence[block.range.start] else { return nil }
            let shown = SampleFigure(
                sample: sample, part: index, result: results[sample.location], swiftVersion: swiftVersion,
                swiftAnalysis: swiftAnalysis)
            return [Figure.sample(shown).block(at: block.range)]
        }
    }

    /// The blocks' format and the digest of the sources that write them (`SourceDigests.samples`):
    /// a change of the HTML of highlighted code or of hover cards retires the cached blocks.
    static let codeCacheVersion = "swift-code-html-v3 " + SourceDigests.samples

    /// The partials a block's cached code is made with (`highlightedCode`).
    static let codePartials: [Partials.Name] = [
        .sampleCode, .hoverFrame, .hoverCard, .hoverClosure, .hoverInferred, .hoverTarget, .hoverReference,
    ]

    /// Block `index`'s visible code highlighted, with its hover cards (`cards`, packed, of the
    /// whole sample) in their frame. Kept in `cache` under the block's code (hidden lines
    /// included), its index, the cards and their id prefix, so a warm build reads each block's
    /// HTML in one piece: no unpacking of cards, no highlighting, no placing.
    static func highlightedCode(
        _ sample: Sample, part index: Int, cards: String, cache: Cache?, chrome: Chrome = .english
    ) -> String {
        let part = sample.parts[index]
        let idPrefix = HoverCardRendering.idPrefix(fenceLine: part.fence.line)
        // The partials of the code and its cards, and the words they use, are part of the HTML
        // (only they: a digest of all words would make a changed badge word retire every block).
        let key = SHA256.hex(codeCacheVersion, part.code, String(index), cards, idPrefix, chrome.cacheKey(codePartials))
        if let cache, let bytes = cache.read(kind: .swiftHTML, key: key) {
            return String(decoding: bytes, as: UTF8.self)
        }
        let placed = HoverCardRendering.cards(HoverCard.unpacked(cards) ?? [], part: index, of: sample)
        let (displayed, hidden) = part.displayedCode
        let highlighted = SwiftCodeHTML.highlighted(
            displayed, cards: placed, hidden: hidden, idPrefix: idPrefix, cache: cache, chrome: chrome)
        let code = chrome.render(
            .sampleCode, ["class": .text(SwiftCodeHTML.codeClass), "code": .html(highlighted.code)])
        let html = placed.isEmpty ? code : HoverCardRendering.frame(code, cards: highlighted.cards, chrome: chrome)
        cache?.write(kind: .swiftHTML, key: key, Array(html.utf8))
        return html
    }

    /// One block's figure (the theme's `sample-*` partials); `cache` keeps its code's HTML
    /// (`highlightedCode`); its badges are the interface's words (`chrome`). `swiftAnalysis`: false
    /// for escaped code that highlight.js colours in the browser.
    static func figure(
        _ sample: Sample, part index: Int, swiftVersion: String, result: SampleResult.Shown? = nil, cache: Cache? = nil,
        chrome: Chrome = .english, swiftAnalysis: Bool = true
    ) -> String {
        let words = chrome.words
        let part = sample.parts[index]
        let isLast = index == sample.parts.count - 1
        // The compiler the verdict names, with the sample's own flags (`flags="…"`) when it has them.
        let compiler = ([swiftVersion] + sample.compilerFlags).joined(separator: " ")
        var classes = "sample"
        var badge: String?
        switch sample.mode {
        case .ignore:
            classes += " sample-ignore"
            // A reader is told what the sample needs, not the build log's reason (which names the
            // book's sample libraries, a word of the book's author).
            badge =
                sample.appleOnlyModules.isEmpty
                ? sample.skipReason.map { words.format("sample-skipped", ["reason": $0]) } ?? words["sample-ignored"]
                : words.format("sample-apple-only", ["modules": sample.appleOnlyModules.joined(separator: ", ")])
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
        let code =
            swiftAnalysis
            ? highlightedCode(sample, part: index, cards: result?.packedHoverCards ?? "", cache: cache, chrome: chrome)
            : chrome.render(
                .sampleCode,
                [
                    "class": .text("language-swift"),
                    "code": .html(
                        part.displayedLines.map {
                            $0.hidden
                                ? "<span class=\"boring\">" + HTML.escape($0.text + "\n") + "</span>"
                                : HTML.escape($0.text + "\n")
                        }.joined()),
                ])
        // What the part is to print: its own output block in a continued program, else the sample's.
        // An empty block shows no box: an empty "verified" box reads as a broken page (newuser-7, #5).
        let output = (sample.continued ? part.expectedOutput : isLast ? sample.expectedOutput : nil)
            .flatMap { OutputComparison.blockLines($0).isEmpty ? nil : $0 }
        let outputBlock = output.map { chrome.render(.sampleOutputBlock, ["output": .text($0)]) } ?? ""
        var caption = ""
        if sample.mode == .test, isLast {
            caption = TestReportRendering.figcaption(
                sample, tests: result?.tests ?? [], swiftVersion: compiler, chrome: chrome)
        } else if let badge, isLast {
            // The error a `compile_fail` sample is verified to give (`expect-error`).
            var expectedError = ""
            if sample.mode == .compileFail, !sample.expectedErrors.isEmpty {
                let lines = sample.expectedErrors.map { "error: " + $0 }.joined(separator: "\n")
                expectedError = chrome.render(.sampleExpectedError, ["errors": .text(lines)])
            }
            // An output block under a sample not run here is shown as written, unverified.
            caption = chrome.render(
                .sampleNote,
                ["badge": .text(badge), "expected_error": .html(expectedError), "output": .html(outputBlock)])
        } else if sample.mode == .run, output != nil || isLast {
            let key = sample.shouldFail ? "sample-fails" : output == nil ? "sample-ran" : "sample-output"
            let verdict = words.format(key, ["compiler": compiler])
            caption = chrome.render(.sampleOutput, ["verdict": .text(verdict), "output": .html(outputBlock)])
        }
        return chrome.render(
            .sampleFigure, ["classes": .text(classes), "code": .html(code), "caption": .html(caption)])
            + "\n"
    }
}
