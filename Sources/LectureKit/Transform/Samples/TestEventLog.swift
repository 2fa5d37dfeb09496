import Foundation

/// Reads the events file a test program wrote (see `TestProgram`) back as test results, in the
/// order the tests started.
///
/// Swift Testing's lines follow its JSON event stream, schema version 0 (swift-testing's
/// `Documentation/ABI/JSON.md`): `{"kind": "test", "payload": {"id", "kind", "name",
/// "displayName"}}` records describe tests and suites, `{"kind": "event", "payload": {"kind":
/// "testStarted" | "issueRecorded" | …, "testID", "messages", "issue": {"sourceLocation"}}}` records
/// what happened. XCTest's lines are the observer's own `{"event", "test", …}`.
///
/// A run is verified only when it reached its end (attack 22 F3): code under test that ends the
/// process (`exit(0)`, `_exit`) leaves a test started and never ended, and the tests after it never
/// started, with a status of 0. The log says so: the runner's own end record (Swift Testing's
/// `runEnded`, the observer's `runEnded` at `testBundleDidFinish`), each test's end (`testEnded`,
/// `ended`), and the tests the run planned (Swift Testing's `test` records of kind `function`, the
/// observer's `planned`).
enum TestEventLog {
    /// What a log says: each test's result, and whether the runner reached its end.
    struct Run {
        /// The tests, in the order they started; a test that started and never ended, or that
        /// was planned and never started in a run that did not reach its end, failed, saying so.
        var tests: [TestCaseResult]
        /// The runner wrote its end record: every test it planned ran to its end.
        var reachedEnd: Bool
    }

    /// What a test that started and never ended failed with.
    static let unfinished = "did not finish: the process ended while it ran"
    /// What a planned test that never started, in a run that did not reach its end, failed with.
    static let neverRan = "never ran: the process ended before it"

    /// The tests in `text` (`read(_:sample:)`'s).
    static func results(_ text: String, sample: Sample) -> [TestCaseResult] {
        read(text, sample: sample).tests
    }

    /// The tests in `text` (JSON lines), and whether the run reached its end; issues located in
    /// the page (`Sample.programPath`) or on an author's line of a generated file (a thrown error
    /// is placed at its `@Test`) get their Markdown line; what they say names the page, never a
    /// path of the machine (`ProgramPaths`).
    static func read(_ text: String, sample: Sample) -> Run {
        var order: [String] = []
        var byID: [String: TestCaseResult] = [:]
        var planned: [String] = []
        var ended: Set<String> = []
        var reachedEnd = false
        // A test's own name, and each suite's, by ID; the suite a name is prefixed with is found
        // once the whole stream is read (`name(of:)`).
        var shownNames: [String: String] = [:]
        var suites: [String: String] = [:]
        let decoder = JSONDecoder()
        func start(_ id: String) {
            if byID[id] == nil {
                order.append(id)
                byID[id] = TestCaseResult(name: id, passed: true)
            }
        }
        func fail(_ id: String, _ message: String, file: String?, line: Int?, column: Int?) {
            start(id)
            byID[id]!.passed = false
            var failure = TestCaseResult.Failure(
                message: ProgramPaths.shown(message, of: sample, as: sample.programPath))
            let markdownLine =
                file == sample.programPath
                ? line : file.flatMap { ProgramPaths.isGenerated($0) ? line.flatMap(sample.markdownLine) : nil }
            if let line = markdownLine {
                failure.line = line
                let part = sample.parts.last(where: { $0.firstLine <= line }) ?? sample.parts[0]
                failure.column = (column ?? 1) + part.column - 1
            }
            byID[id]!.failures.append(failure)
        }
        for line in text.split(separator: "\n") {
            guard let record = try? decoder.decode(Record.self, from: Data(line.utf8)) else { continue }
            if record.event == "runEnded" {
                reachedEnd = true
                continue
            }
            if let event = record.event, let test = record.test {
                // XCTest, through the observer.
                switch event {
                case "planned": planned.append(test)
                case "started": start(test)
                case "issue": fail(test, record.message ?? "failed", file: record.file, line: record.line, column: nil)
                case "ended":
                    start(test)
                    ended.insert(test)
                    if record.passed == false { byID[test]!.passed = false }
                default: break
                }
                continue
            }
            guard let payload = record.payload else { continue }
            if record.kind == "test", let id = payload.id {
                let shown = payload.displayName ?? payload.name ?? id
                if payload.kind == "suite" {
                    suites[id] = shown
                } else {
                    shownNames[id] = shown
                    planned.append(id)
                }
                continue
            }
            if record.kind == "event", payload.kind == "runEnded" {
                reachedEnd = true
                continue
            }
            guard record.kind == "event", let id = payload.testID, shownNames[id] != nil else { continue }
            switch payload.kind {
            case "testStarted": start(id)
            case "testEnded", "testSkipped": ended.insert(id)
            case "issueRecorded" where payload.issue?.isKnown != true:
                let message =
                    payload.messages?.first(where: { $0.symbol == "fail" })?.text ?? payload.messages?.first?.text
                    ?? "issue recorded"
                let location = payload.issue?.sourceLocation
                fail(id, message, file: location?._filePath, line: location?.line, column: location?.column)
            default: break
            }
        }
        for id in order where !ended.contains(id) {
            byID[id]!.passed = false
            byID[id]!.failures.append(TestCaseResult.Failure(message: unfinished))
        }
        if !reachedEnd {
            for id in planned where byID[id] == nil && !ended.contains(id) {
                order.append(id)
                byID[id] = TestCaseResult(
                    name: id, passed: false, failures: [TestCaseResult.Failure(message: neverRan)])
            }
        }
        let tests = order.map { id in
            var test = byID[id]!
            if let shown = shownNames[id] {
                test.name = ProgramPaths.shown(
                    Self.name(of: id, shown: shown, suites: suites), of: sample, as: sample.programPath)
            }
            return test
        }
        return Run(tests: tests, reachedEnd: reachedEnd)
    }

    /// A Swift Testing test's name as the report shows it: `shown` after the name of the
    /// innermost suite whose ID starts its own (`Module.Suite/Inner/name()/file.swift:line:column`
    /// under `Module.Suite/Inner`), whatever order the stream described them in (Swift Testing
    /// writes the records of one suite's members in an order that varies from run to run).
    static func name(of id: String, shown: String, suites: [String: String]) -> String {
        let suite = suites.filter { id.hasPrefix($0.key + "/") }.max { $0.key.count < $1.key.count }
        return suite.map { "\($0.value)/\(shown)" } ?? shown
    }

    /// One line of either format; every field optional.
    private struct Record: Decodable {
        // Swift Testing
        var kind: String?
        var payload: Payload?
        // The XCTest observer
        var event: String?
        var test: String?
        var message: String?
        var file: String?
        var line: Int?
        var passed: Bool?
    }

    private struct Payload: Decodable {
        var id: String?
        var kind: String?
        var name: String?
        var displayName: String?
        var testID: String?
        var messages: [Message]?
        var issue: Issue?
    }

    private struct Message: Decodable {
        var symbol: String?
        var text: String?
    }

    private struct Issue: Decodable {
        var isKnown: Bool?
        var sourceLocation: Location?
    }

    private struct Location: Decodable {
        var _filePath: String?
        var line: Int?
        var column: Int?
    }
}
