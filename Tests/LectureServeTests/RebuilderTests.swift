import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// `Rebuilder`: an edit that arrives while a rebuild runs cancels it, and one next build covers
/// both edits, and the build that replaced a cancelled one finishes. The builds here are
/// stand-ins that run until their token is cancelled (checking it as a build's loops do), until a
/// number of saves came, or, for the next one, end at once; the tests await the builds' events
/// (an `AsyncStream`), never a sleep (a sleep only paces an editor's saves).
@Suite struct RebuilderTests {
    /// What the rebuilder tells: a build began, or `finished` was called with these paths.
    enum Event: Equatable, Sendable {
        case began(Int)
        case finished([String])
    }

    /// Counts a stand-in build that begins, and returns its number (the first is 1).
    static func begin(_ builds: Locked<Int>) -> Int {
        builds.withLock { count in
            count += 1
            return count
        }
    }

    @Test func aNewerEditCancelsTheRunningRebuildAndOneBuildCoversBoth() async throws {
        let (events, tell) = AsyncStream.makeStream(of: Event.self)
        let token = Cancellation()
        let builds = Locked(0)
        let rebuilder = Rebuilder(
            cancellation: token,
            build: {
                let number = Self.begin(builds)
                tell.yield(.began(number))
                guard number == 1 else { return .failed(errors: "", count: 0) }
                // The first build is long: it ends when its token is cancelled, or after an hour
                // (then `finished(["a.md"])` comes before the second build begins). The bound is
                // far: on a loaded machine the test's task may wait minutes for a pool thread
                // before it sends the second request.
                let deadline = ContinuousClock.now + .seconds(3600)
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

    /// Saves that come faster than a build takes (an editor's autosave) still show finished
    /// builds: the build that replaced a cancelled one is let finish, and the next covers the
    /// edits made meanwhile. The stand-in build is long by construction: it ends only after three
    /// more saves (or when cancelled), so a rebuilder that cancels on every save never finishes one.
    @Test func savesFasterThanABuildStillFinishBuilds() async throws {
        let (events, tell) = AsyncStream.makeStream(of: Event.self)
        let token = Cancellation()
        let builds = Locked(0)
        let saves = Locked(0)
        let finishedOne = Locked(false)
        let rebuilder = Rebuilder(
            cancellation: token,
            build: {
                let number = Self.begin(builds)
                let begun = saves.withLock { $0 }
                tell.yield(.began(number))
                while !token.isCancelled, saves.withLock({ $0 }) < begun + 3 { usleep(1_000) }
                return token.isCancelled ? .stopped : .failed(errors: "", count: 0)
            },
            finished: { _, paths in
                finishedOne.withLock { $0 = true }
                tell.yield(.finished(paths))
            })
        rebuilder.start()
        defer { rebuilder.stop() }
        // The editor saves every 20 ms until a build has finished, for at most 5 minutes. It
        // waits with `usleep`, keeping its thread: a task that sleeps must wait for a pool thread
        // to go on, which a loaded test run (other tests holding both threads) can withhold for
        // longer than any bound, and then no save comes.
        let deadline = ContinuousClock.now + .seconds(300)
        var save = 0
        while !finishedOne.withLock({ $0 }), ContinuousClock.now < deadline {
            rebuilder.request(["e\(save).md"])
            saves.withLock { $0 += 1 }
            save += 1
            usleep(20_000)
        }
        let stillSaving = finishedOne.withLock { $0 }
        #expect(stillSaving, "a build finished while the saves kept coming (\(save) saves)")
        if !stillSaving { tell.finish() }
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .began(1))
        #expect(await iterator.next() == .began(2))
        guard case .finished(let paths)? = await iterator.next() else {
            Issue.record("the second build did not finish")
            return
        }
        #expect(paths.starts(with: ["e0.md", "e1.md"]), "it covers the cancelled build's save: \(paths)")
        #expect(await iterator.next() == .began(3), "the next build covers the later saves")
    }

    @Test func stopCancelsTheRunningRebuildAndNothingIsFinished() async throws {
        let (events, tell) = AsyncStream.makeStream(of: Event.self)
        let token = Cancellation()
        let rebuilder = Rebuilder(
            cancellation: token,
            build: {
                tell.yield(.began(1))
                let deadline = ContinuousClock.now + .seconds(3600)
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
