internal import SwiftAnalysis

/// The entry point compiled beside a `test` sample, which is compiled as a library
/// (`-parse-as-library`): it runs the tests and writes one JSON line per event to
/// `TestProgram.eventsFile` in the working folder.
///
/// - Swift Testing: `__swiftPMEntryPoint(passing:)`, the function SwiftPM's generated test
///   runner calls, with its event stream (the JSON ABI, schema version 0) written to the file.
/// - XCTest: `XCTMain(_:arguments:observers:)` with each class's test methods listed from the
///   syntax tree (as SwiftPM's Linux test discovery does) and an `XCTestObservation` observer
///   writing `{"event": "planned" | "started" | "issue" | "ended", "test", "message", "file",
///   "line", "passed"}` lines, and `{"event": "runEnded"}` when the bundle finished
///   (`TestEventLog.Run.reachedEnd`).
enum TestProgram {
    /// The events file the runner writes, in the run's working folder.
    static let eventsFile = "lecture-test-events.jsonl"
    /// Part of a test sample's cache key: the runner's version and the digest of the sources that
    /// write it and read its events (`SourceDigests.samples`, `TestEventLog` among them).
    static let version = "test-runner-v4 " + SourceDigests.samples

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

    /// The runner of `test` samples compiled as the files of one module (`TestModuleGroups`),
    /// `members` in order with their tests, all of one testing library: the runner of one of
    /// them, which reads the sample it runs from the folder its program was started from
    /// (`N/tests`, as the dispatcher does) rather than having it written in, and for each
    /// member but the first the C symbol `lecture_sample_leader_N` that tells the dispatcher
    /// which entry point (`lecture_sample_main_FIRST`) starts it.
    static func groupRunner(for members: [(index: Int, tests: DiscoveredTests)]) -> String {
        let aliases = members.dropFirst().map {
            "@_cdecl(\"\(SampleDispatcher.leaderSymbol($0.index))\") public func lectureSampleLeader\($0.index)() -> Int32 { \(members[0].index) }\n"
        }.joined()
        let sample = """
            let sample = CommandLine.arguments[0].split(separator: "/").dropLast().last.map(String.init) ?? ""
            """
        if members.allSatisfy({ !$0.tests.xcTestClasses.isEmpty }) {
            let cases = members.map { member in
                "        case \"\(member.index)\": cases = [\(member.tests.xcTestClasses.map { "testCase(\($0.name).\(listName($0.name)))" }.joined(separator: ", "))]\n"
            }.joined()
            return xcTestPrelude + members.map { xcTestEntries($0.tests.xcTestClasses) }.joined() + aliases + """

                @main struct LectureTestMain {
                    static func main() {
                        \(sample)
                        let cases: [XCTestCaseEntry]
                        switch sample {
                \(cases)        default: cases = []
                        }
                        let status: Int32 = XCTMain(cases, arguments: [CommandLine.arguments[0]],
                                                    observers: [LectureTestObserver(path: "\(eventsFile)")])
                        exit(status)
                    }
                }

                """
        }
        return """
            import Testing
            #if canImport(Glibc)
            import Glibc
            #endif

            \(aliases)
            @main struct LectureTestMain {
                static func main() async {
                    \(sample)
                    var arguments = __CommandLineArguments_v0()
                    arguments.eventStreamOutputPath = "\(eventsFile)"
                    arguments.eventStreamSchemaVersion = "0"
                    arguments.parallel = false
                    arguments.filter = ["sample_" + sample + ".swift:"]
                    let status: CInt = await __swiftPMEntryPoint(passing: arguments)
                    exit(status)
                }
            }

            """
    }

    static func xcTestRunner(_ classes: [DiscoveredTests.XCTestClass]) -> String {
        let cases = classes.map { "testCase(\($0.name).\(listName($0.name)))" }.joined(separator: ", ")
        return xcTestPrelude + xcTestEntries(classes) + """
            @main struct LectureTestMain {
                static func main() {
                    let status: Int32 = XCTMain([\(cases)], arguments: [CommandLine.arguments[0]],
                                                observers: [LectureTestObserver(path: "\(eventsFile)")])
                    exit(status)
                }
            }

            """
    }

    /// The XCTest runner's imports and its observer, which writes the events file.
    private static var xcTestPrelude: String {
        """
        import XCTest
        import Foundation

        final class LectureTestObserver: NSObject, XCTestObservation {
            let handle: FileHandle
            var planned = false
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
            func testSuiteWillStart(_ testSuite: XCTestSuite) {
                guard !planned else { return }
                planned = true
                func plan(_ test: XCTest) {
                    if let suite = test as? XCTestSuite { suite.tests.forEach(plan) } else { write(["event": "planned", "test": test.name]) }
                }
                plan(testSuite)
            }
            func testCaseWillStart(_ testCase: XCTestCase) {
                write(["event": "started", "test": testCase.name])
            }
            func testCaseDidFinish(_ testCase: XCTestCase) {
                write(["event": "ended", "test": testCase.name, "passed": testCase.testRun?.hasSucceeded ?? false])
            }
            func testBundleDidFinish(_ testBundle: Bundle) {
                write(["event": "runEnded"])
            }
        }


        """
    }

    /// The name of `name`'s list of tests: one of its own, since a subclass's static property
    /// of the same name would have to override its superclass's, with another type.
    private static func listName(_ name: String) -> String { "lectureTestsOf\(name)" }

    /// Each class's test methods as `lectureTestsOf…`, the list `testCase(_:)` takes.
    private static func xcTestEntries(_ classes: [DiscoveredTests.XCTestClass]) -> String {
        var source = ""
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
                    static var \(listName(name)): [(String, (\(name)) -> () throws -> Void)] {
                        [\(entries.joined(separator: ", "))]
                    }
                }


                """
        }
        return source
    }
}
