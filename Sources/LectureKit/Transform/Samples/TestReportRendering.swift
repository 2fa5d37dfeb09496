import CommonMark

/// The test report under a `test` sample: each test's name with ✔ or ✘ and, for a failure, the
/// expectation's code, what the testing library said, and its Markdown line, each piece a
/// partial of the theme.
enum TestReportRendering {
    /// The `<figcaption>` for `sample`'s last block (the theme's `sample-tests` and `test-*`
    /// partials); `tests` in the order they ran. Its words are the interface's (`chrome`).
    static func figcaption(
        _ sample: Sample, tests: [TestCaseResult], swiftVersion: String, chrome: Chrome = .english
    ) -> String {
        let words = chrome.words
        let failed = tests.filter { !$0.passed }.count
        let verdict = words.format(
            sample.shouldFail ? "tests-fail-verified" : "tests-verified", ["compiler": swiftVersion])
        var report = ""
        if !tests.isEmpty {
            let counts = [
                "total": String(tests.count), "passed": String(tests.count - failed), "failed": String(failed),
            ]
            let summary =
                words.counted("tests-summary", count: tests.count, counts)
                + (failed > 0 ? words.format("tests-failed", counts) : "")
            var items = ""
            for test in tests {
                var failures = ""
                for failure in test.failures {
                    let code = failure.line.flatMap { sourceLine($0, in: sample) }.map {
                        chrome.render(.testFailureCode, ["code": .text($0)])
                    }
                    // The line a person edits, named from the book's folder (`Sample.shownPlace(ofLine:)`).
                    let location = failure.line.map { sample.shownPlace(ofLine: $0) }.map {
                        chrome.render(.testFailureLine, ["path": .text($0.path), "line": .text(String($0.line))])
                    }
                    failures += chrome.render(
                        .testFailure,
                        [
                            "code": .html(code ?? ""), "message": .text(failure.message),
                            "location": .html(location ?? ""),
                        ])
                }
                items += chrome.render(
                    test.passed ? .testPassed : .testFailed, ["name": .text(test.name), "failures": .html(failures)])
            }
            report = chrome.render(.testReport, ["summary": .text(summary), "tests": .html(items)])
        }
        return chrome.render(.sampleTests, ["verdict": .text(verdict), "report": .html(report)])
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
