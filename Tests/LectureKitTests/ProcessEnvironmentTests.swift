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
}
