import Foundation
import Testing

@testable import LectureSupport

/// `ProcessEnvironment` reads `environ` itself, cheaper than Foundation's `ProcessInfo`; it must
/// give what Foundation gives, variable for variable.
@Suite struct ProcessEnvironmentTests {
    /// The whole dictionary is Foundation's.
    @Test func currentIsFoundationsEnvironment() {
        let ours = ProcessEnvironment.current()
        #expect(!ours.isEmpty)
        #expect(ours == ProcessInfo.processInfo.environment)
    }

    /// One variable, set or not (no `setenv` here: other suites read the environment at the
    /// same time).
    @Test func valueIsTheVariablesOrNil() throws {
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(ProcessEnvironment.value("PATH") == path)
        #expect(ProcessEnvironment.current()["PATH"] == path)
        let unset = "LECTURE_PROCESS_ENVIRONMENT_TEST_UNSET"
        #expect(ProcessEnvironment.value(unset) == nil)
        #expect(ProcessEnvironment.current()[unset] == nil)
    }

    /// Code review 40 #11: the tool reads its environment one way. No source file but
    /// `ProcessEnvironment.swift` reads Foundation's dictionary or getenv(3), so the measured cut
    /// in the cost of a build does not quietly return, nor a second reading of `environ` differ.
    @Test func everyReadOfTheEnvironmentGoesThroughIt() throws {
        let root = TestSupport.repositoryRoot + "/Sources"
        var readers: [String] = []
        let files = try #require(FileManager.default.enumerator(atPath: root))
        while let path = files.nextObject() as? String {
            guard path.hasSuffix(".swift"), !path.hasPrefix("StandIns/"), !path.hasSuffix("/ProcessEnvironment.swift"),
                let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8)
            else { continue }
            if text.contains("processInfo.environment") || text.contains("getenv(") { readers.append(path) }
        }
        #expect(readers.sorted() == [], "read the environment through ProcessEnvironment")
    }
}
