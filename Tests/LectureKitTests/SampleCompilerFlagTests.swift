import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// `flags="…"`: a sample compiled as a new Xcode 26 app target compiles it (default main-actor
/// isolation, SE-0466), with only the flags `SampleCompilerFlags` allows; with the real swiftc.
@Suite(.serialized) struct SampleCompilerFlagTests {
    static func extract(_ markdown: String) -> (samples: [Sample], diagnostics: [Diagnostic]) {
        SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "p.md")
    }

    /// Code that compiles only when undecorated declarations are on the main actor: `S.g()`
    /// calls a main-actor function synchronously.
    static let needsMainActor = """
        @MainActor func tick() { print("tick") }
        struct S { func g() { tick() } }
        S().g()
        """

    @Test func aSampleThatNeedsDefaultMainActorIsolationPassesWithTheFlagAndFailsWithout() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let nonce = UUID().uuidString
        // Three uncached samples, so the merged path runs: the flagged one must not be merged into
        // a program compiled with the book's flags only, or it would fail like the third.
        let found = Self.extract(
            """
            ```swift
            print("plain \(nonce)")
            ```

            ```output
            plain \(nonce)
            ```

            ```swift flags="-default-isolation MainActor"
            \(Self.needsMainActor)
            ```

            ```output
            tick
            ```

            ```swift
            \(Self.needsMainActor)
            ```

            ```output
            tick
            ```

            """)
        #expect(found.diagnostics.isEmpty, "\(found.diagnostics.map(\.headline))")
        #expect(found.samples.map(\.compilerFlags) == [[], ["-default-isolation", "MainActor"], []])
        #expect(!MergedSamples.accepts(found.samples[1]))
        #expect(MergedSamples.accepts(found.samples[2]))
        let results = stage.verifier.verify(found.samples)
        #expect(results.map(\.outcome) == [.passed, .passed, .failed])
        let error = try #require(results[2].diagnostics.first { $0.severity == .error })
        #expect(error.location?.line == 21, "\(error.headline)")
        #expect(error.summary.contains("call to main actor-isolated global function 'tick()'"), "\(error.summary)")
        // Same code, other flags: another verdict, so another cache key.
        #expect(stage.verifier.cacheKey(found.samples[1]) != stage.verifier.cacheKey(found.samples[2]))
        #expect(stage.verifier.compilerArguments(for: found.samples[1]).contains("-default-isolation"))
        // The page names the flags beside the compiler in the verdict.
        let html = SampleRendering.figure(found.samples[1], part: 0, swiftVersion: "Swift 6.3")
        #expect(html.contains("(Swift 6.3 -default-isolation MainActor)"), "\(html)")
    }

    @Test func aTestSampleIsCompiledWithItsFlagsToo() throws {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = true
        let found = Self.extract(
            """
            ```swift test flags="-default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault"
            import Testing

            final class Counter {
                var count = 0
                func step() async { count += 1 }
            }

            @Test func runsOnTheMainActor() async {
                let counter = Counter()
                await counter.step()
                MainActor.assertIsolated()
                #expect(counter.count == 1)
                #expect(#isolation === MainActor.shared)
            }
            ```

            """)
        #expect(found.diagnostics.isEmpty, "\(found.diagnostics.map(\.headline))")
        let results = stage.verifier.verify(found.samples)
        #expect(results.map(\.outcome) == [.passed], "\(results.flatMap(\.diagnostics).map(\.headline))")
        #expect(results.first?.tests.count == 1)
    }

    @Test func aFlagNotAllowedIsAnErrorAtItsLineNamingTheAllowedOnes() {
        let found = Self.extract(
            """
            text

            ```swift flags="-Xcc -I/etc"
            print(1)
            ```

            ```swift flags="-default-isolation Main"
            print(2)
            ```

            ```swift flags="-enable-upcoming-feature"
            print(3)
            ```

            ```swift flags=""
            print(4)
            ```

            ```swift flags="-default-isolation MainActor -default-isolation nonisolated"
            print(5)
            ```

            ```swift flags=-default-isolation
            print(6)
            ```

            """)
        #expect(found.samples.isEmpty, "a sample whose info string is wrong is not verified")
        #expect(
            found.diagnostics.map(\.headline) == [
                "p.md:3:1: error: compiler flag '-Xcc' is not allowed in a sample's 'flags='",
                "p.md:3:1: error: compiler flag '-I/etc' is not allowed in a sample's 'flags='",
                "p.md:7:1: error: '-default-isolation Main' is not allowed in a sample's 'flags='",
                "p.md:11:1: error: compiler flag '-enable-upcoming-feature' needs a value: NonisolatedNonsendingByDefault or InferIsolatedConformances or InferSendableFromCaptures or GlobalActorIsolatedTypesUsability or DisableOutwardActorInference or ExistentialAny or MemberImportVisibility or ApproachableConcurrency",
                "p.md:15:1: error: 'flags=' needs compiler flags, as in flags=\"-default-isolation MainActor\"",
                "p.md:19:1: error: '-default-isolation' is given twice",
                "p.md:23:1: error: compiler flag '-default-isolation' needs a value: MainActor or nonisolated",
            ])
        #expect(found.diagnostics.allSatisfy { $0.notes == [SampleCompilerFlags.allowedNote] })
        #expect(SampleCompilerFlags.allowedNote.hasPrefix("allowed flags: -default-isolation MainActor|nonisolated; "))
    }

    @Test func aFenceWithFlagsStandsApartFromItsPagesContinuedProgram() {
        var rules = SampleRules()
        rules.continuation = .pages(["p.md"])
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse(
                "```swift\nlet a = 1\n```\n\n```swift flags=\"-default-isolation MainActor\"\nprint(2)\n```\n\n```output\n2\n```\n\n```swift\nprint(a)\n```\n\n```output\n1\n```\n"
            ), path: "p.md", rules: rules, page: "p.md")
        #expect(found.diagnostics.isEmpty)
        #expect(found.samples.map(\.continued) == [true, false])
        #expect(found.samples.map(\.parts.count) == [2, 1])
        #expect(found.samples.map(\.compilerFlags) == [[], ["-default-isolation", "MainActor"]])
    }

    @Test func flagsAttributesAddUpAndAGroupHasOneSetOfFlags() {
        let found = Self.extract(
            """
            ```swift flags="-default-isolation MainActor" flags="-enable-upcoming-feature InferIsolatedConformances"
            print(1)
            ```

            ```swift group=g flags="-default-isolation MainActor"
            let a = 1
            ```

            ```swift group=g
            print(a)
            ```

            """)
        #expect(
            found.samples.first?.compilerFlags == [
                "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances",
            ])
        #expect(
            found.diagnostics.map(\.headline) == [
                "p.md:9:1: error: block in group 'g' has attributes different from the group's first block"
            ])
    }
}
