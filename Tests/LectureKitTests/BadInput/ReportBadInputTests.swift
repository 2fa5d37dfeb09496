import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Bad text in reports: the JUnit report stays well-formed XML.
/// (Inputs a tester used to crash, hang or fool the tool, grouped by the component that meets them.)
@Suite struct ReportBadInputTests {
    @Test func junitReportStaysWellFormedXML() {
        #expect(JUnitReport.escape("red \u{1B}[31m & <b>") == "red \\u{1b}[31m &amp; &lt;b&gt;")
    }
}
