/// One test of a `test` sample as it ran: its name, whether it passed, and each failed
/// expectation with the Markdown line it stands on.
public struct TestCaseResult: Hashable, Sendable, Codable {
    /// A failed expectation (`#expect`, `#require`, `XCTAssert…`) or another recorded issue.
    public struct Failure: Hashable, Sendable, Codable {
        /// What the testing library said, as `Expectation failed: (c.n → 1) == 2`.
        public var message: String
        /// Where it stands in the Markdown file (1-based line; column in UTF-8 bytes), when the
        /// issue names a place in the sample.
        public var line: Int?
        public var column: Int?
    }

    /// The test's name as the page shows it: Swift Testing's display name (`@Test("…")`) or
    /// `Suite/function()`; XCTest's `Class.testMethod`.
    public var name: String
    /// Whether it passed (no issue recorded).
    public var passed: Bool
    /// Why it failed, in the order recorded.
    public var failures: [Failure] = []
}
