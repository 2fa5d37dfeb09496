import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// The processes a cold check starts per sample, with the real swiftc: the merged path's
/// frontend jobs run `swift-frontend` without the driver (and fall back to the driver when the
/// driver's answer names none), with the verdicts and diagnostics they had through it.
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
        // Both samples' jobs and the dispatcher's (unless cached) went through the driver.
        let jobs = (TestSupport.read(folder + "/log") ?? "").split(separator: "\n").filter { $0.hasPrefix("-frontend") }
        #expect(jobs.count >= 2, "\(jobs)")
    }
}
