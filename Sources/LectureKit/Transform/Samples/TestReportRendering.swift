import CommonMark

/// The test report under a `test` sample: each test's name with ✔ or ✘ and, for a failure, the
/// expectation's code, what the testing library said, and its Markdown line.
enum TestReportRendering {
    /// The `<figcaption>` for `sample`'s last block; `tests` in the order they ran.
    /// Its words are the interface's (`words`).
    static func figcaption(
        _ sample: Sample, tests: [TestCaseResult], swiftVersion: String, words: InterfaceWords = .english
    ) -> String {
        let failed = tests.filter { !$0.passed }.count
        let verdict = words.format(
            sample.shouldFail ? "tests-fail-verified" : "tests-verified", ["compiler": swiftVersion])
        var html = "<figcaption class=\"sample-tests\"><span class=\"badge\">\(HTML.escape(verdict))</span>"
        guard !tests.isEmpty else { return html + "</figcaption>" }
        let counts = ["total": String(tests.count), "passed": String(tests.count - failed), "failed": String(failed)]
        html += "<p class=\"test-summary\">" + HTML.escape(words.format("tests-summary", counts))
        html += (failed > 0 ? HTML.escape(words.format("tests-failed", counts)) : "") + "</p>"
        html += "<ul class=\"test-report\">"
        for test in tests {
            let mark = test.passed ? "✔" : "✘"
            let word = HTML.escape(words[test.passed ? "test-passed" : "test-failed"])
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
