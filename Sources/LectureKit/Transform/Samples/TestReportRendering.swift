import CommonMark

/// The test report under a `test` sample: each test's name with ✔ or ✘ and, for a failure, the
/// expectation's code, what the testing library said, and its Markdown line.
enum TestReportRendering {
    /// The `<figcaption>` for `sample`'s last block; `tests` in the order they ran.
    static func figcaption(_ sample: Sample, tests: [TestCaseResult], swiftVersion: String) -> String {
        let failed = tests.filter { !$0.passed }.count
        let verdict = sample.shouldFail ? "실패하는 테스트를 보여 주는 예 · 검증됨" : "테스트 결과 · 검증됨"
        var html =
            "<figcaption class=\"sample-tests\"><span class=\"badge\">\(verdict) (\(HTML.escape(swiftVersion)))</span>"
        guard !tests.isEmpty else { return html + "</figcaption>" }
        html += "<p class=\"test-summary\">테스트 \(tests.count)개 중 \(tests.count - failed)개 통과"
        html += failed > 0 ? ", \(failed)개 실패</p>" : "</p>"
        html += "<ul class=\"test-report\">"
        for test in tests {
            let mark = test.passed ? "✔" : "✘"
            let word = test.passed ? "통과" : "실패"
            html +=
                "<li class=\"\(test.passed ? "test-passed" : "test-failed")\"><span class=\"test-mark\" aria-hidden=\"true\">\(mark)</span>"
            html +=
                "<span class=\"visually-hidden\">\(word): </span><span class=\"test-name\">\(HTML.escape(test.name))</span>"
            for failure in test.failures {
                html += "<span class=\"test-failure\">"
                if let line = failure.line, let code = sourceLine(line, in: sample) {
                    html += "<code>\(HTML.escape(code))</code> "
                }
                html += HTML.escape(failure.message)
                if let line = failure.line {
                    html += " <span class=\"test-line\">\(HTML.escape(sample.path)):\(line)</span>"
                }
                html += "</span>"
            }
            html += "</li>"
        }
        return html + "</ul></figcaption>"
    }

    /// The code on Markdown line `line` of `sample`, trimmed; `nil` when no part holds it.
    static func sourceLine(_ line: Int, in sample: Sample) -> String? {
        guard let part = sample.parts.last(where: { $0.firstLine <= line }) else { return nil }
        let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false)
        let index = line - part.firstLine
        guard index < lines.count - 1 else { return nil }
        let code = lines[index].trimmingCharacters(in: " \t")
        return code.isEmpty ? nil : String(code)
    }
}
