import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// `Rebuilder`: an edit that arrives while a rebuild runs cancels it, and one next build covers
/// both edits. The builds here are stand-ins that run until their token is cancelled (checking it
/// as a build's loops do) or, for the next one, end at once; the test awaits the builds' events
/// (an `AsyncStream`), never a sleep.
@Suite struct RebuilderTests {
    /// What the rebuilder tells: a build began, or `finished` was called with these paths.
    enum Event: Equatable, Sendable {
        case began(Int)
        case finished([String])
    }

    @Test func aNewerEditCancelsTheRunningRebuildAndOneBuildCoversBoth() async throws {
        let (events, tell) = AsyncStream.makeStream(of: Event.self)
        let token = Cancellation()
        let builds = Locked(0)
        let rebuilder = Rebuilder(
            cancellation: token,
            build: {
                let number = builds.withLock { count in
                    count += 1
                    return count
                }
                tell.yield(.began(number))
                guard number == 1 else { return .failed(errors: "", count: 0) }
                // The first build is long: it ends when its token is cancelled, or after 2 minutes
                // (then `finished(["a.md"])` comes before the second build begins).
                let deadline = ContinuousClock.now + .seconds(120)
                while !token.isCancelled, ContinuousClock.now < deadline { usleep(1_000) }
                return token.isCancelled ? .stopped : .failed(errors: "ran to its end", count: 1)
            },
            finished: { _, paths in tell.yield(.finished(paths)) })
        rebuilder.start()
        defer { rebuilder.stop() }
        var iterator = events.makeAsyncIterator()
        rebuilder.request(["a.md"])
        #expect(await iterator.next() == .began(1))
        rebuilder.request(["b.md"])
        #expect(await iterator.next() == .began(2))
        #expect(await iterator.next() == .finished(["a.md", "b.md"]))
        #expect(!token.isCancelled, "the token was renewed for the next build")
    }

    @Test func stopCancelsTheRunningRebuildAndNothingIsFinished() async throws {
        let (events, tell) = AsyncStream.makeStream(of: Event.self)
        let token = Cancellation()
        let rebuilder = Rebuilder(
            cancellation: token,
            build: {
                tell.yield(.began(1))
                let deadline = ContinuousClock.now + .seconds(600)
                while !token.isCancelled, ContinuousClock.now < deadline { usleep(1_000) }
                return token.isCancelled ? .stopped : .failed(errors: "ran to its end", count: 1)
            },
            finished: { _, paths in tell.yield(.finished(paths)) })
        rebuilder.start()
        var iterator = events.makeAsyncIterator()
        rebuilder.request(["a.md"])
        #expect(await iterator.next() == .began(1))
        #expect(rebuilder.stop(), "the stop cut a build short")
        #expect(token.isCancelled, "a stop's cancellation is not renewed")
        tell.finish()
        #expect(await iterator.next() == nil, "no build finished, none began")
    }
}
