import CommonMark
import Foundation

/// Sample results as JUnit XML, the format CI systems read (Jenkins' and GitLab's schema):
/// one `<testcase>` per sample, `classname` the page, `name` the sample's line.
public enum JUnitReport {
    /// Escaped for XML 1.0, which cannot hold most control characters at all (a sample's
    /// coloured stderr): they become `\u{…}` text.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return HTML.escape(out)
    }

    /// The report: a test case per result (per test for a `test` sample that ran, named
    /// `Suite/test() (line N)`), then a failed one per `extraFailures` entry (content errors
    /// outside samples, which `lecture check` counts as failures too).
    public static func xml(_ results: [SampleResult], extraFailures: [Diagnostic] = []) -> String {
        var cases: [String] = []
        var failures = extraFailures.count
        var skipped = 0
        for result in results {
            let sample = result.sample
            let classname = escape(sample.path)
            var testFailed = false
            for test in result.tests {
                var line = "<testcase classname=\"\(classname)\" name=\"\(escape("\(test.name) (line \(sample.location.line))"))\">"
                let messages = test.failures.map { ($0.line.map { "\(sample.path):\($0): " } ?? "") + $0.message }.joined(separator: "\n")
                if !test.passed && sample.shouldFail {
                    // A `should_fail` sample's failed tests are the failures it exists to show.
                    line += "<system-out>\(escape("expected failure:\n" + messages))</system-out>"
                } else if !test.passed {
                    testFailed = true
                    failures += 1
                    line += "<failure message=\"\(escape(test.failures.first?.message ?? "failed"))\">\(escape(messages))</failure>"
                }
                cases.append(line + "</testcase>")
            }
            if !result.tests.isEmpty && (result.outcome == .passed || testFailed) { continue }
            var line = "<testcase classname=\"\(classname)\" name=\"\(escape("line \(sample.location.line)"))\" time=\"\(String(format: "%.3f", result.duration))\">"
            switch result.outcome {
            case .passed: break
            case .skipped:
                skipped += 1
                line += "<skipped message=\"ignore\"/>"
            case .failed:
                failures += 1
                let errors = result.diagnostics.filter { $0.severity == .error }
                line += "<failure message=\"\(escape(errors.first?.summary ?? "failed"))\">"
                line += escape(errors.map(\.description).joined(separator: "\n"))
                line += "</failure>"
            }
            cases.append(line + "</testcase>")
        }
        for diagnostic in extraFailures {
            cases.append("<testcase classname=\"\(escape(diagnostic.path))\" name=\"\(escape("line \(diagnostic.location?.line ?? 0)"))\">"
                + "<failure message=\"\(escape(diagnostic.summary))\">\(escape(diagnostic.description))</failure></testcase>")
        }
        let time = results.map(\.duration).reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites>\n<testsuite name=\"lecture check\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\">\n"
        return xml + cases.map { $0 + "\n" }.joined() + "</testsuite>\n</testsuites>\n"
    }
}
