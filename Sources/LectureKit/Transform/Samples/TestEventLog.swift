import Foundation

/// Reads the events file a test program wrote (see `TestProgram`) back as test results, in the
/// order the tests started.
///
/// Swift Testing's lines follow its JSON event stream, schema version 0 (swift-testing's
/// `Documentation/ABI/JSON.md`): `{"kind": "test", "payload": {"id", "kind", "name",
/// "displayName"}}` records describe tests and suites, `{"kind": "event", "payload": {"kind":
/// "testStarted" | "issueRecorded" | …, "testID", "messages", "issue": {"sourceLocation"}}}` records
/// what happened. XCTest's lines are the observer's own `{"event", "test", …}`.
enum TestEventLog {
    /// The tests in `text` (JSON lines); issues located in the page (`Sample.programPath`) or on
    /// an author's line of a generated file (a thrown error is placed at its `@Test`) get their
    /// Markdown line; what they say names the page, never a path of the machine (`ProgramPaths`).
    static func results(_ text: String, sample: Sample) -> [TestCaseResult] {
        var order: [String] = []
        var byID: [String: TestCaseResult] = [:]
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
            if let event = record.event, let test = record.test {
                // XCTest, through the observer.
                switch event {
                case "issue": fail(test, record.message ?? "failed", file: record.file, line: record.line, column: nil)
                case "ended":
                    start(test)
                    if record.passed == false { byID[test]!.passed = false }
                default: break
                }
                continue
            }
            guard let payload = record.payload else { continue }
            if record.kind == "test", let id = payload.id {
                let shown = payload.displayName ?? payload.name ?? id
                if payload.kind == "suite" { suites[id] = shown } else { shownNames[id] = shown }
                continue
            }
            guard record.kind == "event", let id = payload.testID, shownNames[id] != nil else { continue }
            switch payload.kind {
            case "testStarted": start(id)
            case "issueRecorded" where payload.issue?.isKnown != true:
                let message =
                    payload.messages?.first(where: { $0.symbol == "fail" })?.text ?? payload.messages?.first?.text
                    ?? "issue recorded"
                let location = payload.issue?.sourceLocation
                fail(id, message, file: location?._filePath, line: location?.line, column: location?.column)
            default: break
            }
        }
        return order.map { id in
            var test = byID[id]!
            if let shown = shownNames[id] {
                test.name = ProgramPaths.shown(
                    Self.name(of: id, shown: shown, suites: suites), of: sample, as: sample.programPath)
            }
            return test
        }
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
