import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The processes a cold check starts per sample, with the real swiftc: the merged path's
/// frontend jobs run `swift-frontend` without the driver (and fall back to the driver when the
/// driver's answer names none), with the verdicts and diagnostics they had through it; a
/// sample's output line-buffered as under `stdbuf -oL -eL`, without stdbuf; the stand-ins
/// linked only when used, with the verdicts of samples that use them unchanged.
@Suite(.serialized) struct SampleProcessTests {
    /// A verifier whose `swiftc` is a wrapper logging each run's arguments to `log` (one line
    /// each) and answering `-###` with the real driver's jobs, its first line's program
    /// rewritten by `sed` with `frontendRewrite` (empty: left alone).
    static func loggingVerifier(log: String, frontendRewrite: String = "") throws -> SampleVerifier {
        var stage = try MergedSampleTests.stage()
        // As the caller names it: the driver reads its own name (`swiftc`, not `swift-driver`).
        let real = stage.verifier.toolchain.swiftc
        let wrapper = (log as NSString).deletingLastPathComponent + "/swiftc"
        try TestSupport.writeScript(
            """
            printf '%s\\n' "$*" >> '\(log)'
            if [ "$1" = '-###' ]; then
                jobs=$('\(real)' "$@"); status=$?
                printf '%s\\n' "$jobs" | sed '\(frontendRewrite)'
                exit $status
            fi
            exec '\(real)' "$@"
            """, to: wrapper)
        stage.verifier.toolchain.swiftc = wrapper
        stage.verifier.toolchain.identity = Toolchain.identity(of: wrapper, resolvedTo: wrapper)
        return stage.verifier
    }

    static func samples(_ markdown: String) -> [Sample] {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples
    }

    /// A passing sample and one with a type error on its second line.
    static let passingAndBroken = samples(
        MergedSampleTests.sample("print(\"frontend\")", output: "frontend\n")
            + MergedSampleTests.sample("let a = 1\nlet n: Int = \"x\"", output: ""))

    @Test func mergedCompilesRunTheFrontendWithoutTheDriver() throws {
        let folder = try TestSupport.temporaryDirectory()
        let verifier = try Self.loggingVerifier(log: folder + "/log")
        let frontend = try #require(FrontendArguments.find(for: verifier))
        #expect(URL(fileURLWithPath: frontend.executable).lastPathComponent == "swift-frontend")
        #expect(frontend.job.first == "-frontend")

        let results = verifier.verify(Self.passingAndBroken)
        #expect(results.map(\.merged) == [true, true])
        #expect(results.map(\.outcome) == [.passed, .failed])
        // The compiler's error is at the Markdown line of the bad code, as through the driver.
        let error = try #require(results[1].diagnostics.first { $0.severity == .error })
        #expect(error.path == "page.md")
        #expect(error.location?.line == results[1].sample.parts[0].firstLine + 1)
        // The driver ran once, for the link (the `-###` answer is cached): no job went through it.
        let runs = (TestSupport.read(folder + "/log") ?? "").split(separator: "\n")
        #expect(!runs.contains { $0.hasPrefix("-frontend") }, "\(runs)")
        #expect(runs.filter { $0.contains("-o sample") && !$0.hasPrefix("-###") }.count == 1, "\(runs)")
    }

    @Test func withoutAFrontendInTheDriversAnswerTheDriverRunsTheJobs() throws {
        let folder = try TestSupport.temporaryDirectory()
        let verifier = try Self.loggingVerifier(
            log: folder + "/log", frontendRewrite: "s|^[^ ]*/swift-frontend |/nonexistent/swift-frontend |")
        let frontend = try #require(FrontendArguments.find(for: verifier))
        #expect(frontend.executable == verifier.toolchain.swiftc)

        let results = verifier.verify(Self.passingAndBroken)
        #expect(results.map(\.merged) == [true, true])
        #expect(results.map(\.outcome) == [.passed, .failed])
        let error = try #require(results[1].diagnostics.first { $0.severity == .error })
        #expect(error.location?.line == results[1].sample.parts[0].firstLine + 1)
        // Both samples' jobs went through the driver (the dispatcher comes with the stand-ins).
        let jobs = (TestSupport.read(folder + "/log") ?? "").split(separator: "\n").filter { $0.hasPrefix("-frontend") }
        #expect(jobs.count >= 2, "\(jobs)")
    }

    func verify(_ markdown: String, merging: Bool) throws -> [SampleResult] {
        var stage = try MergedSampleTests.stage()
        stage.verifier.options.mergeSamples = merging
        return stage.verifier.verify(Self.samples(markdown))
    }

    /// A program that ends without flushing stdio (`_exit`), as a trap or a kill ends it: what
    /// it printed up to each stream's last newline is kept, the rest lost, as under stdbuf.
    static let endsUnflushed = """
        @preconcurrency import Glibc
        print("line")
        print("partial", terminator: "")
        fputs("error line\\n", stderr)
        fputs("error partial", stderr)
        _exit(0)
        """

    @Test func aSamplesOutputIsLineBufferedExactlyAsUnderStdbuf() throws {
        let verifier = try MergedSampleTests.stage().verifier
        let folder = try TestSupport.temporaryDirectory()
        try FileSystem.writeAtomically(Self.endsUnflushed, to: folder + "/main.swift")
        let sample = try #require(Self.samples(MergedSampleTests.sample(Self.endsUnflushed, output: "line\n")).first)
        let built = try verifier.compile(sample, verifier.compilerArguments(for: sample), in: folder)
        #expect(built.succeeded, "\(built.stderrText)")
        let plain = try Subprocess.run(
            verifier.toolchain.swiftc, verifier.flags + ["main.swift", "-o", "plain"], directory: folder,
            cancellation: .process)
        #expect(plain.succeeded, "\(plain.stderrText)")

        let sandbox = try TestSupport.temporaryDirectory()
        let ours = try verifier.runBuilt(folder + "/sample", in: sandbox)
        let stdbuf = try Subprocess.run(
            "stdbuf", ["-oL", "-eL", folder + "/plain"], directory: sandbox,
            environment: verifier.options.environment.variables(in: sandbox), inheritingEnvironment: false,
            cancellation: .process)
        #expect(ours.termination == .exited(0))
        #expect(ours.stdoutText == "line\n")
        #expect(ours.stderrText == "error line\n")
        #expect(ours.stdout == stdbuf.stdout)
        #expect(ours.stderr == stdbuf.stderr)
        // Without line buffering (a pipe's default), the unflushed line would be lost.
        let unbuffered = try Subprocess.run(folder + "/plain", [], directory: sandbox, cancellation: .process)
        #expect(unbuffered.stdoutText == "")
    }

    @Test func aMergedRunIsLineBuffered() throws {
        let markdown =
            MergedSampleTests.sample(Self.endsUnflushed, output: "line\n")
            + MergedSampleTests.sample("print(\"before\")\nwhile true {}", output: "before\n")
        let merged = try verify(markdown, merging: true)
        #expect(merged.map(\.merged) == [true, true])
        #expect(merged[0].outcome == .passed, "\(merged[0].diagnostics)")
        // Killed at the time limit (SIGKILL, which flushes nothing, as a trap does): the line
        // printed before it is kept.
        #expect(merged[1].diagnostics.map(\.identifier) == [.sampleTimeout])
        #expect(merged[1].actualOutput == "before\n")
        let alone = try verify(markdown, merging: false)
        #expect(alone.map(\.outcome) == merged.map(\.outcome))
        #expect(alone.map(\.actualOutput) == merged.map(\.actualOutput))
    }

    /// Samples using each of the tests' sample libraries (`TestSupport.fixtureLibraries`),
    /// Foundation, Dispatch and Observation, and a `test` sample using a library.
    static let usingLibraries = [
        MergedSampleTests.sample(
            "import Labels\nlet label = Label()\nlabel.text = \"레이블\"\nprint(label.text ?? \"\")", output: "레이블\n"),
        MergedSampleTests.sample(
            """
            import Labels
            import Signals
            import SignalLabels

            let name = Relay<String?>(value: "김")
            let label = Label()
            name.bind(to: label)
            name.accept("이")
            print(label.text ?? "")
            """, output: "이\n"),
        MergedSampleTests.sample(
            "import Signals\nlet relay = Relay(value: 0)\nrelay.subscribe { if $0 > 0 { print($0 * 2) } }\nrelay.accept(21)",
            output: "42\n"),
        MergedSampleTests.sample(
            "import Foundation\nprint(String(format: \"%.2f\", 3.14159), Locale(identifier: \"ko_KR\").identifier)",
            output: "3.14 ko_KR\n"),
        MergedSampleTests.sample(
            "import Dispatch\nlet group = DispatchGroup()\nDispatchQueue.global().async(group: group) { print(\"worker\") }\ngroup.wait()\nprint(\"done\")",
            output: "worker\ndone\n"),
        MergedSampleTests.sample(
            "import Observation\n@Observable final class Counter { var count = 0 }\nlet counter = Counter()\nwithObservationTracking { _ = counter.count } onChange: { print(\"changed\") }\ncounter.count = 1",
            output: "changed\n"),
        "```swift test\nimport Testing\nimport Labels\n@MainActor @Test func labelKeepsItsText() {\n    let label = Label()\n    label.text = \"a\"\n    #expect(label.text == \"a\")\n}\n```\n\n",
    ].joined()

    @Test func samplesUsingTheBooksAndTheToolchainsLibrariesPassMergedAndAlone() throws {
        let merged = try verify(Self.usingLibraries, merging: true)
        let alone = try verify(Self.usingLibraries, merging: false)
        #expect(merged.map(\.outcome) == Array(repeating: .passed, count: 7), "\(merged.map(\.diagnostics))")
        #expect(merged.map(\.merged) == [true, true, true, true, true, true, true])
        #expect(alone.map(\.outcome) == merged.map(\.outcome), "\(alone.map(\.diagnostics))")
        #expect(alone.map(\.actualOutput) == merged.map(\.actualOutput))
    }

    @Test func aProgramUsingNoLibraryLoadsNone() throws {
        let maps = MergedSampleTests.sample(
            """
            import Foundation
            let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
            print(["Labels", "Signals", "SignalLabels"].filter { maps.contains("lib\\($0).so") })
            """, output: "[]\n")
        let markdown = maps + MergedSampleTests.sample("print(8)", output: "8\n")
        let merged = try verify(markdown, merging: true)
        #expect(merged.map(\.merged) == [true, true])
        #expect(merged.map(\.outcome) == [.passed, .passed], "\(merged.map(\.diagnostics))")
        let alone = try verify(markdown, merging: false)
        #expect(alone.map(\.outcome) == [.passed, .passed], "\(alone.map(\.diagnostics))")
    }

    @Test func aScratchFileIsWrittenWholeOrReportedAtItsPath() throws {
        let folder = try TestSupport.temporaryDirectory()
        try ScratchFile.write("print(1)\n", to: folder + "/main.swift")
        try ScratchFile.write("print(2)\n", to: folder + "/main.swift")
        #expect(TestSupport.read(folder + "/main.swift") == "print(2)\n")
        #expect(throws: LectureError.self) { try ScratchFile.write("x", to: folder + "/missing/main.swift") }
        do {
            try ScratchFile.write("x", to: folder + "/missing/main.swift")
        } catch let error as LectureError {
            #expect(error.description.contains(folder + "/missing/main.swift"))
            #expect(error.description.contains("No such file or directory"))
        }
    }
}
