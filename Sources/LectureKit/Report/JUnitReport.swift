import CommonMark
import Foundation
import LectureSupport

/// Sample results as JUnit XML, the format CI systems read (Jenkins', GitLab's and Maven
/// Surefire's schema): a `<testsuite>` per page in page order, a `<testcase>` per sample.
///
/// A case is named after where the sample stands and what it is about,
/// `content/mvc.md:40 — Changing the model (group counter)`: the page and line, the nearest heading
/// above it, and its group. `file` and `line` attributes (as pytest writes them) locate it;
/// `time` is the seconds spent verifying it, and a result taken from the cache carries the
/// property `cached=true` (its time is the cache read's). `ignore` samples are `<skipped>`.
/// A `test` sample that ran gives a case per test, `content/mvc.md:40 — Model › Suite/test()`.
enum JUnitReport {
    /// Escaped for XML 1.0, which cannot hold most control characters at all (a sample's
    /// coloured stderr): they become `\u{…}` text.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF
            {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return HTML.escape(out)
    }

    /// Escaped for an XML attribute's value: as `escape`, and a line feed, carriage return and
    /// tab written as character references, which an XML reader gives back as they are (written
    /// raw, it would read each as a space): a page named `new⏎line.md` keeps its name in `file`.
    static func attribute(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in escape(text).unicodeScalars {
            if let reference = characterReferences[scalar] {
                out += reference.unicodeScalars
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// The character references `attribute` writes.
    private static let characterReferences: [Unicode.Scalar: String] = ["\n": "&#10;", "\r": "&#13;", "\t": "&#9;"]

    /// A sample's test case name: `page.md:LINE — heading (group NAME)`, parts left out when absent.
    static func caseName(_ sample: Sample) -> String {
        var name = sample.editedPlace
        if let heading = sample.heading, !heading.isEmpty { name += " — \(heading)" }
        if let group = sample.group { name += " (group \(group))" }
        return name
    }

    /// The report: per page, a test case per result, then a failed one per `extraFailures` entry
    /// of that page (content errors outside samples, which `lecture check` counts as failures too).
    static func xml(_ results: [SampleResult], extraFailures: [Diagnostic] = []) -> String {
        var pages: [String] = []
        var casesByPage: [String: [TestCase]] = [:]
        func add(_ testCase: TestCase, page: String) {
            if casesByPage[page] == nil { pages.append(page) }
            casesByPage[page, default: []].append(testCase)
        }
        for result in results {
            let tests = TestCase.tests(of: result)
            for testCase in tests { add(testCase, page: result.sample.path) }
            // A sample whose failure no test carries (all passed under should_fail, a crash).
            if tests.isEmpty || (result.outcome == .failed && !tests.contains { $0.failure != nil }) {
                add(TestCase(result), page: result.sample.path)
            }
        }
        for diagnostic in extraFailures { add(TestCase(diagnostic), page: diagnostic.path) }

        let all = pages.flatMap { casesByPage[$0]! }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"lecture check\"\(totals(all))>\n"
        for page in pages {
            let cases = casesByPage[page]!
            xml += "<testsuite name=\"\(attribute(page))\"\(totals(cases))>\n"
            // How far the page's samples were checked: a case per sample (a `test` sample's
            // cases count once).
            let samples = results.filter { $0.sample.path == page }
            if !samples.isEmpty {
                xml += "<properties>"
                for check in SampleResult.Check.allCases {
                    let count = samples.filter { $0.check == check }.count
                    xml += "<property name=\"\(checkName(check))\" value=\"\(count)\"/>"
                }
                xml += "</properties>\n"
            }
            for testCase in cases { xml += testCase.xml }
            xml += "</testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// The `check` property's value for `check`.
    static func checkName(_ check: SampleResult.Check) -> String {
        switch check {
        case .compared: "run-and-compared"
        case .ran: "run-only"
        case .compiled: "compiled-only"
        case .failedToCompile: "failed-to-compile"
        case .skipped: "skipped"
        }
    }

    /// ` tests="…" failures="…" errors="0" skipped="…" time="…"` for `cases`.
    private static func totals(_ cases: [TestCase]) -> String {
        let failures = cases.filter { $0.failure != nil }.count
        let skipped = cases.filter { $0.skipped != nil }.count
        let time = cases.map(\.seconds).reduce(0, +)
        return
            " tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\" time=\"\(String(format: "%.3f", time))\""
    }

    /// One `<testcase>`, from a sample's result or from a page's error.
    private struct TestCase {
        var page: String
        var name: String
        /// The file `line` is a line of (`file`, `line`): the page, or the file it included the
        /// sample's fence from (`Sample.editedPlace`), as the case's name says.
        var file: String
        var line: Int?
        var seconds: Double = 0
        var cached = false
        /// How far the sample was checked (`SampleResult.Check`), a property of the case.
        var check: SampleResult.Check?
        var skipped: String?
        var failure: (message: String, text: String)?
        var output: String?

        init(_ result: SampleResult) {
            page = result.sample.path
            name = JUnitReport.caseName(result.sample)
            file = result.sample.origin?.path ?? result.sample.path
            line = result.sample.editedLine
            seconds = result.duration
            cached = result.fromCache
            check = result.check
            switch result.outcome {
            case .passed: break
            case .skipped: skipped = "not compiled: " + (result.skipReason ?? "marked 'ignore'")
            case .failed:
                let errors = result.diagnostics.filter { $0.severity == .error }
                failure = (errors.first?.summary ?? "failed", errors.map(\.description).joined(separator: "\n"))
            }
        }

        /// A case per test of a `test` sample; a failed test of a `should_fail` sample is the
        /// failure it exists to show, so it passes with the failure in `<system-out>`.
        static func tests(of result: SampleResult) -> [TestCase] {
            let sample = result.sample
            return result.tests.map { test in
                var testCase = TestCase(
                    page: sample.path, name: JUnitReport.caseName(sample) + " › " + test.name,
                    file: sample.origin?.path ?? sample.path, line: sample.editedLine)
                testCase.cached = result.fromCache
                testCase.check = .ran
                // Each at the line a person edits, as the terminal says it (`Sample.editedPlace(ofLine:)`).
                let messages = test.failures.map { failure in
                    let place = failure.line.map { sample.editedPlace(ofLine: $0) }
                    return (place.map { "\($0.path):\($0.line): " } ?? "") + failure.message
                }
                .joined(separator: "\n")
                if !test.passed && sample.shouldFail {
                    testCase.output = "expected failure:\n" + messages
                } else if !test.passed {
                    testCase.failure = (test.failures.first?.message ?? "failed", messages)
                }
                return testCase
            }
        }

        private init(page: String, name: String, file: String, line: Int?) {
            self.page = page
            self.name = name
            self.file = file
            self.line = line
        }

        init(_ diagnostic: Diagnostic) {
            page = diagnostic.path
            file = diagnostic.path
            line = diagnostic.location?.line
            name = "\(ShownPath.normalized(page))\(line.map { ":\($0)" } ?? "") — \(diagnostic.summary)"
            failure = (diagnostic.summary, diagnostic.description)
        }

        var xml: String {
            var xml =
                "<testcase classname=\"\(attribute(page))\" name=\"\(attribute(name))\" file=\"\(attribute(file))\""
            if let line { xml += " line=\"\(line)\"" }
            xml += " time=\"\(String(format: "%.3f", seconds))\">"
            var properties = ""
            if cached { properties += "<property name=\"cached\" value=\"true\"/>" }
            if let check { properties += "<property name=\"check\" value=\"\(JUnitReport.checkName(check))\"/>" }
            if !properties.isEmpty { xml += "<properties>\(properties)</properties>" }
            if let skipped { xml += "<skipped message=\"\(attribute(skipped))\"/>" }
            if let failure {
                xml += "<failure message=\"\(attribute(failure.message))\">\(escape(failure.text))</failure>"
            }
            if let output { xml += "<system-out>\(escape(output))</system-out>" }
            return xml + "</testcase>\n"
        }
    }
}
