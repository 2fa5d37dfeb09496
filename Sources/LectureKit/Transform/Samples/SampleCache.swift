import CommonMark
import Foundation
import LectureSupport

/// The verdict cache: a sample's key, the verdict cached under it, and a verdict written to it.
extension SampleVerifier {
    /// The verdicts' version: the cached value's format (`v5`) and the digest of the sources that
    /// judge a sample (`SourceDigests.samples`, made at build time), so any change of the
    /// verifier's code retires the old entries without a version bumped by hand.
    static let cacheVersion = "lecture-sample-v5 " + SourceDigests.samples

    /// The cache key of a sample: it changes exactly when the result could.
    func cacheKey(_ sample: Sample) -> String { verdictInputs(sample).key }

    /// The cached verdict of `sample` and whether it is whole: `false` when it is to get hover
    /// cards (`wantsHoverCards(_:)`) and none are cached under `hoverCardsKey(_:)` (only a whole
    /// answer is, `withHoverCards`). `nil` when no verdict is cached, or `--no-cache`; `ignore`
    /// samples are skipped here.
    func cachedVerdict(_ sample: Sample) -> (result: SampleResult, cardsCached: Bool)? {
        let start = ContinuousClock.now
        if sample.mode == .ignore { return (.skipped(sample), true) }
        let key = cacheKey(sample)
        guard !options.noCache, let bytes = cache.read(kind: .samples, key: key),
            let cached = try? JSONDecoder().decode(CachedVerdict.self, from: Data(bytes))
        else { return nil }
        if cached.failed == true {
            // A failure's messages name its lines and the page: only the same place answers.
            guard cached.path == sample.path, cached.firstLines == sample.parts.map(\.firstLine),
                cached.outputLines == sample.outputRanges.map(\.start.line)
            else { return nil }
            var result = SampleResult.unverified(sample)
            result.actualOutput = cached.actualOutput.map(Sample.runOutput)
            result.diagnostics = cached.warnings
            result.tests = cached.tests ?? []
            result.undeclaredNames = cached.undeclaredNames ?? []
            result.fromCache = true
            result.duration = (ContinuousClock.now - start).seconds
            return (result, true)
        }
        let cards = wantsHoverCards(sample) ? cache.read(kind: Self.hoverCardsKind, key: Self.hoverCardsKey(key)) : []
        var result = SampleResult.unverified(sample)
        result.outcome = .passed
        result.actualOutput = Sample.runOutput(cached.output)
        // Warnings are part of the result: a warm run shows them as a cold one did.
        result.diagnostics = cached.warnings.map { warning in
            var warning = warning
            warning.path = sample.path
            if let line = warning.location?.line { warning.location?.line = cached.relocate(line, in: sample) }
            return warning
        }
        result.tests = cached.tests?.map { cached.relocate($0, in: sample) } ?? []
        result.undeclaredNames = cached.undeclaredNames ?? []
        result.packedHoverCards = String(decoding: cards ?? [], as: UTF8.self)
        result.fromCache = true
        result.duration = (ContinuousClock.now - start).seconds
        return (result, cards != nil)
    }

    /// A verified sample's result completed: the pass cached, then its hover cards (`cards`
    /// when already looked up; none with `lookingUpCards` false; cached apart,
    /// `withHoverCards(_:_:)`), and its duration since `start`.
    func finish(
        _ result: SampleResult, started start: ContinuousClock.Instant, cards: HoverCardAnswer? = nil,
        lookingUpCards: Bool = true
    ) -> SampleResult {
        var result = result
        let sample = result.sample
        if result.outcome == .passed {
            // The verdict alone, cards or none: the cards' warnings are theirs, not the verdict's.
            var entry = CachedVerdict(
                output: Sample.storedOutput(result.actualOutput ?? ""),
                warnings: result.diagnostics.filter { $0.severity != .error && $0.identifier != .hoverCards },
                firstLines: sample.parts.map(\.firstLine), tests: result.tests.isEmpty ? nil : result.tests)
            entry.undeclaredNames = result.undeclaredNames.isEmpty ? nil : result.undeclaredNames
            if let data = try? JSONEncoder().encode(entry) {
                cache.write(kind: .samples, key: cacheKey(sample), Array(data))
            }
            if lookingUpCards, wantsHoverCards(sample) {
                result = withHoverCards(result, cards ?? hoverCards(for: sample))
            }
        } else if result.outcome == .failed, Self.failureIsCacheable(result) {
            // A failure is kept too, under the same key, so an unchanged failing book rebuilds
            // warm; with its place, since its messages name its lines (`cachedVerdict`).
            var entry = CachedVerdict(
                output: "", warnings: result.diagnostics.filter { $0.identifier != .hoverCards },
                firstLines: sample.parts.map(\.firstLine), tests: result.tests.isEmpty ? nil : result.tests)
            entry.failed = true
            entry.path = sample.path
            entry.outputLines = sample.outputRanges.map(\.start.line)
            entry.actualOutput = result.actualOutput.map(Sample.storedOutput)
            entry.undeclaredNames = result.undeclaredNames.isEmpty ? nil : result.undeclaredNames
            if let data = try? JSONEncoder().encode(entry) {
                cache.write(kind: .samples, key: cacheKey(sample), Array(data))
            }
        }
        result.duration = (ContinuousClock.now - start).seconds
        return result
    }
}

/// What the cache keeps of a verdict. Of a passing sample: its output and its compiler warnings,
/// with the lines its parts started on, so warnings move with the sample when lines above it
/// change. Of a failing one (`failed`): every diagnostic, answering only where it was verified.
struct CachedVerdict: Codable {
    var output: String
    var warnings: [Diagnostic]
    var firstLines: [Int]
    /// A `test` sample's tests (`nil` for other samples).
    var tests: [TestCaseResult]?
    /// `true` for a failure (`warnings` then holds its errors too).
    var failed: Bool?
    /// A failure's page, and the lines of its output blocks.
    var path: String?
    var outputLines: [Int]?
    /// What a failing sample printed, for `--bless`.
    var actualOutput: String?
    /// A `compile_fail` sample's `SampleResult.undeclaredNames` (`nil` when none).
    var undeclaredNames: [String]?

    /// Where a cached warning's line is now: same offset within the same part (the key ignores
    /// line numbers, so the sample may have moved since it was cached).
    func relocate(_ line: Int, in sample: Sample) -> Int {
        guard let index = firstLines.lastIndex(where: { $0 <= line }), index < sample.parts.count else { return line }
        return line - firstLines[index] + sample.parts[index].firstLine
    }

    /// `test` with its failures' lines moved as `relocate(_:in:)` moves a line.
    func relocate(_ test: TestCaseResult, in sample: Sample) -> TestCaseResult {
        var test = test
        for index in test.failures.indices {
            if let line = test.failures[index].line { test.failures[index].line = relocate(line, in: sample) }
        }
        return test
    }
}
