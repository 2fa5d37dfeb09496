import Foundation
import Testing

@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

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

    /// Where the probe below writes its answers, set only in the child `aNameSetTwiceHasOneValue`
    /// starts.
    static let probeVariable = "LECTURE_ENVIRONMENT_PROBE_OUT"
    static let duplicated = "LECTURE_ENVIRONMENT_DUPLICATED"
    /// Set only in the launcher `aNameSetTwiceHasOneValue` starts: where the probe writes.
    static let launchVariable = "LECTURE_ENVIRONMENT_PROBE_LAUNCH"

    /// Code review 41 #11: a name set twice (`execve` takes any list: `HOME=/a … HOME=/b`) has
    /// one value, the first, through both readers; `current()` kept the last while getenv(3)
    /// gave the first. The test bundle is started through `Subprocess.run` (no descriptor of
    /// ours inherited, a time limit, its exit status asserted: code review 42 #6), as a launcher
    /// that replaces itself (`execve`, same process) with the probe, the name set twice: a
    /// dictionary of variables cannot say a name twice.
    @Test func aNameSetTwiceHasOneValue() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let answers = folder + "/answers"
        let bundle = try #require(CanonicalPath.realPath("/proc/self/exe"))
        let result = try Subprocess.run(
            bundle, ["--testing-library", "swift-testing", "--filter", "duplicatedNameLauncher"],
            environment: ["PATH": "/usr/bin:/bin", Self.launchVariable: answers], inheritingEnvironment: false,
            timeout: 120, cancellation: .process)
        #expect(result.termination == .exited(0), "\(result.termination): \(result.stdoutText)\(result.stderrText)")
        #expect(TestSupport.read(answers) == "current first\nvalue first\n")
    }

    /// The launcher of `aNameSetTwiceHasOneValue`: runs only there, and becomes the probe with
    /// the name set twice (it returns only when `execve` failed).
    @Test(.enabled(if: ProcessEnvironment.value(launchVariable) != nil)) func duplicatedNameLauncher() throws {
        let answers = try #require(ProcessEnvironment.value(Self.launchVariable))
        let bundle = try #require(CanonicalPath.realPath("/proc/self/exe"))
        let arguments = [bundle, "--testing-library", "swift-testing", "--filter", "duplicatedNameProbe"]
        let environment = [
            "\(Self.duplicated)=first", "PATH=/usr/bin:/bin", "\(Self.duplicated)=second",
            "\(Self.probeVariable)=\(answers)",
        ]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        execve(bundle, argv, envp)
        Issue.record("execve: \(String(cString: strerror(errno)))")
    }

    /// The child's half of `aNameSetTwiceHasOneValue`: runs only there.
    @Test(.enabled(if: ProcessEnvironment.value(probeVariable) != nil)) func duplicatedNameProbe() throws {
        let answers = try #require(ProcessEnvironment.value(Self.probeVariable))
        let current = ProcessEnvironment.current()[Self.duplicated] ?? "none"
        let value = ProcessEnvironment.value(Self.duplicated) ?? "none"
        #expect(
            FileManager.default.createFile(atPath: answers, contents: Data("current \(current)\nvalue \(value)\n".utf8))
        )
    }
}
