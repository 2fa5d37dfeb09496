/// One test of a `test` sample as it ran: its name, whether it passed, and each failed
/// expectation with the Markdown line it stands on.
struct TestCaseResult: Hashable, Sendable, Codable {
    /// A failed expectation (`#expect`, `#require`, `XCTAssert…`) or another recorded issue.
    struct Failure: Hashable, Sendable, Codable {
        /// What the testing library said, as `Expectation failed: (c.n → 1) == 2`.
        package var message: String
        /// Where it stands in the Markdown file (1-based line; column in UTF-8 bytes), when the
        /// issue names a place in the sample.
        var line: Int?
        package var column: Int?
    }

    /// The test's name as the page shows it: Swift Testing's display name (`@Test("…")`) or
    /// `Suite/function()`; XCTest's `Class.testMethod`.
    var name: String
    /// Whether it passed (no issue recorded).
    var passed: Bool
    /// Why it failed, in the order recorded.
    var failures: [Failure] = []
}
