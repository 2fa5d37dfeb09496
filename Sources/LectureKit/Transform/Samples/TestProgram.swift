internal import SwiftAnalysis

/// The entry point compiled beside a `test` sample, which is compiled as a library
/// (`-parse-as-library`): it runs the tests and writes one JSON line per event to
/// `TestProgram.eventsFile` in the working folder.
///
/// - Swift Testing: `__swiftPMEntryPoint(passing:)`, the function SwiftPM's generated test
///   runner calls, with its event stream (the JSON ABI, schema version 0) written to the file.
/// - XCTest: `XCTMain(_:arguments:observers:)` with each class's test methods listed from the
///   syntax tree (as SwiftPM's Linux test discovery does) and an `XCTestObservation` observer
///   writing `{"event": "issue" | "ended", "test", "message", "file", "line", "passed"}` lines.
enum TestProgram {
    /// The events file the runner writes, in the run's working folder.
    static let eventsFile = "lecture-test-events.jsonl"
    /// Part of a test sample's cache key: bumped when the runner changes.
    static let version = "test-runner-v1"

    /// The runner's source for `tests`; `nil` when there is nothing to run. `filter`, for Swift
    /// Testing, is the text every test ID to run contains (`--filter`; see `swiftTestingRunner`).
    static func runner(for tests: DiscoveredTests, filter: String? = nil) -> String? {
        if !tests.xcTestClasses.isEmpty { return xcTestRunner(tests.xcTestClasses) }
        if !tests.swiftTestingFunctions.isEmpty { return swiftTestingRunner(filter: filter) }
        return nil
    }

    /// Swift Testing's runner. It runs every test in the process's image, unless `filter` is given:
    /// then only the tests whose ID (`Module.Suite/name()/file.swift:line:column`) contains it,
    /// swift-testing's `--filter` (a regular expression in some versions, a substring in others:
    /// `filter` must mean the same either way).
    static func swiftTestingRunner(filter: String?) -> String {
        let filtering = filter.map { "\n        arguments.filter = [\"\($0)\"]" } ?? ""
        return """
            import Testing
            #if canImport(Glibc)
            import Glibc
            #endif

            @main struct LectureTestMain {
                static func main() async {
                    var arguments = __CommandLineArguments_v0()
                    arguments.eventStreamOutputPath = "\(eventsFile)"
                    arguments.eventStreamSchemaVersion = "0"
                    arguments.parallel = false\(filtering)
                    let status: CInt = await __swiftPMEntryPoint(passing: arguments)
                    exit(status)
                }
            }

            """
    }

    static func xcTestRunner(_ classes: [DiscoveredTests.XCTestClass]) -> String {
        var source = """
            import XCTest
            import Foundation

            final class LectureTestObserver: NSObject, XCTestObservation {
                let handle: FileHandle
                init(path: String) {
                    _ = FileManager.default.createFile(atPath: path, contents: nil)
                    handle = FileHandle(forWritingAtPath: path)!
                }
                func write(_ object: [String: Any]) {
                    guard var data = try? JSONSerialization.data(withJSONObject: object) else { return }
                    data.append(10)
                    handle.write(data)
                }
                func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
                    write(["event": "issue", "test": testCase.name, "message": description, "file": filePath ?? "", "line": lineNumber])
                }
                func testCaseDidFinish(_ testCase: XCTestCase) {
                    write(["event": "ended", "test": testCase.name, "passed": testCase.testRun?.hasSucceeded ?? false])
                }
            }


            """
        for testClass in classes {
            let name = testClass.name
            let entries = testClass.methods.map { method -> String in
                let call: String
                // XCTest hands each test its own fresh instance, used by that test alone; the
                // `nonisolated(unsafe)` copy tells Swift 6's region checker so, which cannot see
                // it when a main-actor test method is reached from XCTest's nonisolated closure.
                switch (method.isAsync, method.isMainActor) {
                case (false, false): call = method.name
                case (false, true):
                    call =
                        "{ (test: \(name)) in { nonisolated(unsafe) let test = test; try MainActor.assumeIsolated { try test.\(method.name)() } } }"
                case (true, false): call = "asyncTest { (test: \(name)) in { try await test.\(method.name)() } }"
                case (true, true):
                    call =
                        "asyncTest { (test: \(name)) in { nonisolated(unsafe) let test = test; try await test.\(method.name)() } }"
                }
                return "(\"\(method.name)\", \(call))"
            }
            source += """
                extension \(name) {
                    static var lectureTests: [(String, (\(name)) -> () throws -> Void)] {
                        [\(entries.joined(separator: ", "))]
                    }
                }


                """
        }
        let cases = classes.map { "testCase(\($0.name).lectureTests)" }.joined(separator: ", ")
        source += """
            @main struct LectureTestMain {
                static func main() {
                    let status: Int32 = XCTMain([\(cases)], arguments: [CommandLine.arguments[0]],
                                                observers: [LectureTestObserver(path: "\(eventsFile)")])
                    exit(status)
                }
            }

            """
        return source
    }
}
