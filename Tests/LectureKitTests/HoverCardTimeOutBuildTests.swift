import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A build whose hover-card look-ups run out of time (as under load: here a time limit of a
/// microsecond, `LECTURE_HOVER_TIMEOUT`) says so at the sample and caches nothing of the cut-short
/// answer, so the next build asks SourceKit again instead of keeping the page without its cards;
/// a build whose look-up answers in time caches the cards. Each build runs contained
/// (`ContainedRun`), with the cache in the scratch tree.
@Suite(.serialized) struct HoverCardTimeOutBuildTests {
    static let page = """
        # Intro

        ```swift
        let greeting = "hi"
        print(greeting.count)
        ```

        ```output
        2
        ```

        """

    /// The cache's hover-card entries of every kind (`hover-cards`, and any kind named after it).
    static func hoverEntries(_ run: ContainedRun) -> [String] {
        let cache = run.scratch + "/cache"
        let kinds = (try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []
        return kinds.filter { $0.hasPrefix("hover-cards") }.flatMap { kind in
            FileSystem.files(under: cache + "/" + kind).map { kind + "/" + $0 }
        }
    }

    @Test func aTimedOutBuildCachesNoCardsAndTheNextAsksSourceKitAgain() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\n")
        try TestSupport.write(Array(Self.page.utf8), to: book + "/src/intro.md")
        for build in 1...2 {
            let result = try run.lecture(["build"], in: "work/book", environment: ["LECTURE_HOVER_TIMEOUT": "0.000001"])
            #expect(result.succeeded, "build \(build): \(result.stderrText)")
            #expect(
                result.stderrText.contains("src/intro.md:3:1: warning: SourceKit did not answer within"),
                "build \(build) did not say the cards were lost: \(result.stderrText)")
            #expect(
                Self.hoverEntries(run).isEmpty, "build \(build) cached a cut-short answer: \(Self.hoverEntries(run))")
        }
        // A limit no loaded machine reaches for one small sample, so that the answer is whole.
        let answered = try run.lecture(["build"], in: "work/book", environment: ["LECTURE_HOVER_TIMEOUT": "600"])
        #expect(answered.succeeded, "\(answered.stderrText)")
        #expect(!answered.stderrText.contains("SourceKit did not answer"), "\(answered.stderrText)")
        let html = TestSupport.read(book + "/book/intro.html") ?? ""
        #expect(html.contains("let greeting: String"), "the page has no card for greeting")
        #expect(Self.hoverEntries(run).count == 1, "\(Self.hoverEntries(run))")
    }
}
