import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit

/// Swift Testing's event stream read back as test results (`TestEventLog`): a test is named after
/// its own suite, found by its ID, whatever order the stream described them in. Swift Testing
/// (6.3) writes a suite's record before, between or after its tests' records from run to run, and
/// the page must be the same bytes on every build.
@Suite struct TestEventLogTests {
    /// Records as swift-testing 6.3.1 wrote them for `struct Alpha { @Test("a one") func one();
    /// struct Inner { @Test func three() } }`, `@Suite("Beta suite") struct Beta { @Test func
    /// four() }` and a free `@Test func free()`, in the order the tests ran.
    static let suites = [
        #"{"kind":"test","payload":{"id":"tests.Alpha","kind":"suite","name":"Alpha"},"version":0}"#,
        #"{"kind":"test","payload":{"id":"tests.Alpha\/Inner","kind":"suite","name":"Inner"},"version":0}"#,
        #"{"kind":"test","payload":{"displayName":"Beta suite","id":"tests.Beta","kind":"suite","name":"Beta"},"version":0}"#,
    ]
    static let tests = [
        #"{"kind":"test","payload":{"displayName":"a one","id":"tests.Alpha\/one()\/sample.swift:4:6","kind":"function","name":"one()"},"version":0}"#,
        #"{"kind":"test","payload":{"id":"tests.Alpha\/Inner\/three()\/sample.swift:7:10","kind":"function","name":"three()"},"version":0}"#,
        #"{"kind":"test","payload":{"id":"tests.Beta\/four()\/sample.swift:12:6","kind":"function","name":"four()"},"version":0}"#,
        #"{"kind":"test","payload":{"id":"tests.free()\/sample.swift:16:2","kind":"function","name":"free()"},"version":0}"#,
    ]
    static let started = [
        "tests.Alpha\\/one()\\/sample.swift:4:6", "tests.Alpha\\/Inner\\/three()\\/sample.swift:7:10",
        "tests.Beta\\/four()\\/sample.swift:12:6", "tests.free()\\/sample.swift:16:2",
    ].map { #"{"kind":"event","payload":{"kind":"testStarted","testID":""# + $0 + #""},"version":0}"# }

    static let sample = SampleExtractor.extract(
        from: MarkdownParser.parse("```swift test\nimport Testing\n```\n"), path: "page.md"
    ).samples[0]

    func names(_ records: [String]) -> [String] {
        TestEventLog.results((records + Self.started).joined(separator: "\n"), sample: Self.sample).map(\.name)
    }

    @Test func aTestIsNamedAfterItsInnermostSuiteWhereverTheSuitesRecordStands() {
        let expected = ["Alpha/a one", "Inner/three()", "Beta suite/four()", "free()"]
        let orders = [
            Self.suites + Self.tests, Self.tests + Self.suites, Self.tests.reversed() + Self.suites.reversed(),
            [
                Self.tests[0], Self.suites[1], Self.tests[1], Self.suites[0], Self.tests[2], Self.tests[3],
                Self.suites[2],
            ],
        ]
        for records in orders {
            #expect(names(records) == expected, "\(records)")
        }
    }
}
