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

    /// The report: a test case per result, then a failed one per `extraFailures` entry (content
    /// errors outside samples, which `lecture check` counts as failures too).
    public static func xml(_ results: [SampleResult], extraFailures: [Diagnostic] = []) -> String {
        let failures = results.filter { $0.outcome == .failed }.count + extraFailures.count
        let skipped = results.filter { $0.outcome == .skipped }.count
        let time = results.map(\.duration).reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites>\n<testsuite name=\"lecture check\" tests=\"\(results.count + extraFailures.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\">\n"
        for result in results {
            let sample = result.sample
            xml += "<testcase classname=\"\(escape(sample.path))\" name=\"\(escape("line \(sample.location.line)"))\" time=\"\(String(format: "%.3f", result.duration))\">"
            switch result.outcome {
            case .passed: break
            case .skipped: xml += "<skipped message=\"ignore\"/>"
            case .failed:
                let errors = result.diagnostics.filter { $0.severity == .error }
                xml += "<failure message=\"\(escape(errors.first?.summary ?? "failed"))\">"
                xml += escape(errors.map(\.description).joined(separator: "\n"))
                xml += "</failure>"
            }
            xml += "</testcase>\n"
        }
        for diagnostic in extraFailures {
            xml += "<testcase classname=\"\(escape(diagnostic.path))\" name=\"\(escape("line \(diagnostic.location?.line ?? 0)"))\">"
            xml += "<failure message=\"\(escape(diagnostic.summary))\">\(escape(diagnostic.description))</failure></testcase>\n"
        }
        return xml + "</testsuite>\n</testsuites>\n"
    }
}
