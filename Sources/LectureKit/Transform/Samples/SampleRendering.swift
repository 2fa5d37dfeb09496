import CommonMark
import LectureSupport

/// Turns a page's sample code blocks into figures: the visible code, and under the last part of
/// a run sample its verified output, marked with the Swift version that produced it; under a
/// `test` sample its test report; in the code, hover cards (both from `results`, by the
/// sample's first fence).
enum SampleRendering {
    static func apply(
        to blocks: [Block], samples: [Sample], swiftVersion: String, results: [SourceLocation: SampleResult] = [:],
        cache: Cache? = nil
    ) -> [Block] {
        var partsByFence: [SourceLocation: (sample: Sample, index: Int)] = [:]
        var outputs: Set<SourceLocation> = []
        for sample in samples {
            for (index, part) in sample.parts.enumerated() { partsByFence[part.fence] = (sample, index) }
            if let range = sample.outputRange { outputs.insert(range.start) }
        }
        return blocks.rewritingLeafBlocks { block in
            guard case .codeBlock = block.kind else { return [block] }
            if outputs.contains(block.range.start) { return [] }
            guard let (sample, index) = partsByFence[block.range.start] else { return [block] }
            return [
                Block(
                    .html(
                        figure(
                            sample, part: index, swiftVersion: swiftVersion, result: results[sample.location],
                            cache: cache)), range: block.range)
            ]
        }
    }

    /// One block's figure; `cache` keeps its highlighting (`SwiftCodeHTML.tokens(in:cache:)`).
    static func figure(
        _ sample: Sample, part index: Int, swiftVersion: String, result: SampleResult? = nil, cache: Cache? = nil
    ) -> String {
        let part = sample.parts[index]
        let isLast = index == sample.parts.count - 1
        var classes = "sample"
        var badge: String?
        switch sample.mode {
        case .ignore:
            classes += " sample-ignore"
            badge = "Apple 플랫폼 전용 코드 · 실행하지 않음"
        case .noRun:
            classes += " sample-no-run"
            badge = "컴파일만 확인 (\(swiftVersion))"
        case .compileFail:
            classes += " sample-compile-fail"
            badge = "컴파일 오류가 나는 예 (\(swiftVersion)로 확인)"
        case .run:
            break
        case .test:
            classes += " sample-test"
        }
        var html = "<figure class=\"\(classes)\">"
        let cards = HoverCardRendering.cards(result?.hoverCards ?? [], part: index, of: sample)
        let code =
            SwiftAnalysisSwitch.isOn
            ? "<pre><code class=\"\(SwiftCodeHTML.codeClass)\">"
                + SwiftCodeHTML.highlighted(
                    part.visibleCode, cards: cards, idPrefix: "card-\(part.fence.line)-", cache: cache)
                + "</code></pre>"
            : "<pre><code class=\"language-swift\">\(HTML.escape(part.visibleCode))</code></pre>"
        html += cards.isEmpty ? code : HoverCardRendering.frame(code)
        if sample.mode == .test, isLast {
            html += TestReportRendering.figcaption(sample, tests: result?.tests ?? [], swiftVersion: swiftVersion)
        } else if let badge, isLast {
            html += "<figcaption class=\"sample-note\"><span class=\"badge\">\(HTML.escape(badge))</span></figcaption>"
        } else if sample.mode == .run, isLast {
            let verdict = sample.shouldFail ? "실패로 끝남 · 검증됨" : "실행 결과 · 검증됨"
            html +=
                "<figcaption class=\"sample-output\"><span class=\"badge\">\(verdict) (\(HTML.escape(swiftVersion)))</span>"
            if let output = sample.expectedOutput {
                html += "<pre class=\"output\"><code>\(HTML.escape(output))</code></pre>"
            }
            html += "</figcaption>"
        }
        html += "</figure>\n"
        return html
    }
}
