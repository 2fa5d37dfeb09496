import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Code review 42, #1: every contained run whose verdict channel did not end in the shell's
/// `ended STATUS` was "wrote more than 64 MiB or 10000 files", so a sandbox that failed to
/// start (a bind source gone, a namespace refused), or a shell killed from outside, was the
/// sample's fault and told it to write less. Now the shell's first act is `started`: no line at
/// all is a sandbox that did not start, a shell that started and gave no verdict is no verdict
/// either, both `lecture.sample.unverifiable` (never cached), unless something saw the folder
/// full. And a contained run is judged by its sandbox only: the host run folder, which the
/// program cannot write, is not walked after it (#9: a folder lecture cannot walk made a
/// run "full"). Each runs a shell script as the sample's program, in scratch folders.
@Suite(.serialized) struct SandboxFailureTests {
    /// A verifier that runs programs contained, with `libraries` as its sample libraries' folder
    /// (bound into every sandbox: a missing one makes bubblewrap fail before its shell).
    static func verifier(libraries: String) -> SampleVerifier {
        var options = SampleVerifier.Options()
        options.sandbox = .require
        options.timeout = 60
        // As many runs at once as a test starts (`SandboxStressTests`).
        var run = RunContext()
        run.jobs = 32
        return SampleVerifier(
            toolchain: Toolchain(swiftc: "swiftc", versionLine: "", shortVersion: ""),
            libraries: SampleLibraries(directory: libraries, modules: [], digest: ""),
            cache: Cache(directory: "/nonexistent"), options: options, run: run)
    }

    /// Runs the shell script `body` as a sample's program, contained, in a fresh run folder
    /// (`prepare` fills it first); the run and the error its ending gives.
    static func run(
        _ body: String, libraries: String? = nil, prepare: (String) throws -> Void = { _ in }
    ) throws -> (run: Subprocess.Result, error: Diagnostic?) {
        let scratch = try TestSupport.temporaryDirectory()
        try FileSystem.makeDirectories(scratch + "/bin")
        try FileSystem.makeDirectories(scratch + "/libraries")
        try FileSystem.makeDirectories(scratch + "/run")
        try TestSupport.writeScript(body, to: scratch + "/bin/program")
        try prepare(scratch + "/run")
        let verifier = Self.verifier(libraries: libraries ?? scratch + "/libraries")
        let run = try verifier.runBuilt(scratch + "/bin/program", in: scratch + "/run")
        let sample = try #require(
            SampleProcessTests.samples("```swift\nprint(\"하나\")\n```\n\n```output\n하나\n```\n").first)
        let error = RunEnding.failure(
            termination: run.termination, program: .sample, sample: sample, stdout: run.stdoutText,
            stderr: run.stderrText, limits: verifier.runLimits)
        return (run, error)
    }

    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"))
    func aSandboxThatCannotStartIsUnverifiableNotFull() throws {
        let missing = try TestSupport.temporaryDirectory() + "/gone"
        let (run, error) = try Self.run("echo 하나", libraries: missing)
        #expect(run.termination == .sandboxFailed(status: 1, started: false), "\(run.stderrText)")
        let diagnostic = try #require(error)
        // Unverifiable: an error never cached (`SampleVerifier.failureIsCacheable`), not the file limit.
        #expect(diagnostic.identifier == .sampleUnverifiable)
        #expect(diagnostic.summary.contains("the sandbox did not start"), "\(diagnostic.summary)")
        #expect(
            diagnostic.notes.contains { $0.hasPrefix("stderr:") && $0.contains("bwrap:") && $0.contains(missing) },
            "\(diagnostic.notes)")
    }

    /// The shell killed from outside (here by the program, its child, as the machine or an
    /// orphan reaper might): it started and said nothing more.
    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"))
    func aShellKilledBeforeItsVerdictIsUnverifiableNotFull() throws {
        let (run, error) = try Self.run("echo 하나\nkill -KILL $PPID\nsleep 5")
        #expect(run.termination == .sandboxFailed(status: 128 + SIGKILL, started: true), "\(run.stderrText)")
        let diagnostic = try #require(error)
        #expect(diagnostic.identifier == .sampleUnverifiable)
        #expect(diagnostic.summary.contains("ended without its verdict"), "\(diagnostic.summary)")
    }

    /// The same shell killed after the program filled its folder: the measure saw it, full.
    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"))
    func aShellKilledAfterTheFolderFilledIsFull() throws {
        let (run, _) = try Self.run(
            "i=0\nwhile [ $i -lt 12000 ]; do : >f$i; i=$((i+1)); done\nsleep 1\nkill -KILL $PPID\nsleep 5")
        #expect(run.termination == .fileLimitExceeded, "\(run.stderrText)")
    }

    /// A run folder holding a tree nested past PATH_MAX, which the walk of an uncontained run
    /// cannot measure (#9: it made every contained run in it "full" after the program passed)
    /// and the shell's `cp -a` cannot copy: the shell stops before the program (`stopped 125`),
    /// which is no verdict, not the file limit.
    @Test(.enabled(if: SampleSandboxTests.canContain, "needs unshare and bubblewrap"))
    func aFolderTheSandboxCannotFillIsUnverifiableNotFull() throws {
        let name = String(repeating: "d", count: 200)
        var nested = ""
        // The tree is past PATH_MAX, where the test process's clean-up at exit cannot reach:
        // removed here, deepest first, through descriptors.
        defer { if !nested.isEmpty { Self.removeNested(name, depth: 25, in: nested) } }
        let (run, error) = try Self.run("echo 하나") { folder in
            nested = folder
            var fd = open(folder, O_RDONLY | O_DIRECTORY)
            for _ in 0..<25 {
                mkdirat(fd, name, 0o755)
                let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
                close(fd)
                fd = next
            }
            close(fd)
            #expect(RunFolderLimit.usage(of: folder, stoppingPast: (Int.max, Int.max)).entries == Int.max)
        }
        #expect(run.termination == .sandboxFailed(status: 125, started: true), "\(run.stderrText)")
        #expect(run.stdoutText == "")
        #expect(error?.identifier == .sampleUnverifiable)
    }

    /// Removes a chain of `depth` folders each named `name` inside `folder`, deepest first.
    static func removeNested(_ name: String, depth: Int, in folder: String) {
        var descriptors = [open(folder, O_RDONLY | O_DIRECTORY)]
        for _ in 0..<depth {
            let next = openat(descriptors[descriptors.count - 1], name, O_RDONLY | O_DIRECTORY)
            if next < 0 { break }
            descriptors.append(next)
        }
        for level in stride(from: descriptors.count - 1, to: 0, by: -1) {
            close(descriptors[level])
            unlinkat(descriptors[level - 1], name, AT_REMOVEDIR)
        }
        close(descriptors[0])
    }
}
