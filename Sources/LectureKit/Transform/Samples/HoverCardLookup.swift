import CommonMark
import Foundation
import LectureSupport
internal import SwiftAnalysis

/// Hover cards for a verified sample, from the toolchain's in-process SourceKit
/// (`DeclarationCards`), placed back into the sample's blocks. Only passing samples get cards,
/// so a card never describes code that does not compile; what SourceKit does not answer within
/// `Options.hoverTimeout` is left out with a warning.
extension SampleVerifier {
    /// Part of the cards' cache key (`hoverCardsKey(_:)`), not of the verdict's: bumped when the
    /// cards change, it retires the cards alone, and the next build looks them up again without
    /// compiling anything.
    static let hoverVersion = "hover-cards-v4"

    /// A sample's cards, the warning when some could not be had, and whether that was SourceKit
    /// running out of time (`timedOut`: the cards found are cached as such, `timedOutKind`).
    typealias HoverCardAnswer = (cards: [HoverCard], warning: Diagnostic?, timedOut: Bool)

    /// The cache kind a passing sample's cards are kept under (`hoverCardsKey(_:)`): bytes as
    /// `HoverCard.packed(_:)` writes them, beside the pass's JSON (in it, the JSON string's
    /// escapes made decoding them a large part of a warm build).
    static let hoverCardsKind = Cache.Kind.hoverCards

    /// The cache kind of the cards of a sample SourceKit did not answer for in time: the cards
    /// it gave (packed as in `hoverCardsKind`), under `timedOutCardsKey(_:)`, so that a warm build
    /// replays the answer and its warning instead of waiting out the limit again on every build.
    static let timedOutKind = Cache.Kind.hoverCardsTimedOut

    /// The key of a sample's cards: its verdict's key (`cacheKey(_:)`, `verdictKey`) with
    /// `hoverVersion`, so that a verdict cached without cards (`lecture check`) still answers a
    /// build, which then looks up the cards alone.
    static func hoverCardsKey(_ verdictKey: String) -> String {
        var hash = SHA256()
        hash.update(hoverVersion)
        hash.update(verdictKey)
        return hash.hexDigest()
    }

    /// The key of a sample's cards cut short by the time limit: `hoverCardsKey(_:)` with the limit
    /// (`Options.hoverTimeout`), so that a build with a higher limit (the warning's note) asks
    /// SourceKit again.
    func timedOutCardsKey(_ verdictKey: String) -> String {
        var hash = SHA256()
        hash.update("timed-out \(options.hoverTimeout)")
        hash.update(Self.hoverCardsKey(verdictKey))
        return hash.hexDigest()
    }

    /// Whether `sample`, once passed, is to get cards: cards are on (`Options.hoverCards`; off for
    /// `lecture check`, which renders no page) and it is not `compile_fail`.
    func wantsHoverCards(_ sample: Sample) -> Bool {
        options.hoverCards && sample.mode != .compileFail && sample.mode != .ignore
    }

    /// `result` (a pass) with `answer`'s cards and warning; the cards are cached when the answer is
    /// whole, and when SourceKit ran out of time (`timedOutKind`, keyed with the limit: the next
    /// build shows the same cards and warning without waiting again). What SourceKit could not
    /// give at all (no SourceKit beside the compiler) is asked for again by the next build: that
    /// costs one look for the library per run (`SourceKitLibrary`), and the warning shows on every
    /// build.
    func withHoverCards(_ result: SampleResult, _ answer: HoverCardAnswer) -> SampleResult {
        var result = result
        result.hoverCards = answer.cards
        if let warning = answer.warning { result.diagnostics.append(warning) }
        if answer.warning == nil || answer.timedOut {
            let key = cacheKey(result.sample)
            cache.write(
                kind: answer.timedOut ? Self.timedOutKind : Self.hoverCardsKind,
                key: answer.timedOut ? timedOutCardsKey(key) : Self.hoverCardsKey(key),
                Array(result.packedHoverCards.utf8))
        }
        return result
    }

    /// The warning of a sample whose cards SourceKit did not all give within the limit, `kept`
    /// of them found.
    func timedOutWarning(_ sample: Sample, kept: Int) -> Diagnostic {
        .warning(
            .hoverCards,
            sample.path, sample.location,
            "SourceKit did not answer within \(Self.seconds(options.hoverTimeout)); \(kept) hover cards kept, the rest skipped",
            notes: [
                "the page is built without the missing cards, and later builds with the same limit reuse this answer; raise the limit with LECTURE_HOVER_TIMEOUT=SECONDS, or build with --no-cache, to ask SourceKit again"
            ])
    }

    /// The sample's cards, and a warning when some could not be had (SourceKit ran out of time,
    /// or there is no SourceKit in the compiler's toolchain, `SourceKitLibrary`).
    func hoverCards(for sample: Sample) -> HoverCardAnswer {
        let sourceKit: SourceKit
        do {
            sourceKit = try SourceKit.load(library: SourceKitLibrary.path(for: toolchain.swiftc).get())
        } catch {
            return ([], .warning(.hoverCards, sample.path, sample.location, "no hover cards: \(error)"), false)
        }
        let program = sample.program
        let parseAsLibrary = sample.mode == .test || sample.declaresMain
        let arguments = flags(for: sample) + (parseAsLibrary ? ["-parse-as-library"] : []) + libraries.compilerArguments
        let file =
            NSTemporaryDirectory()
            + "/lecture-hover-\(UUID().uuidString)/\(sample.path.split(separator: "/").last ?? "sample").swift"
        let answer = DeclarationCards.cards(
            program: program, file: file, arguments: arguments, sourceKit: sourceKit, timeout: options.hoverTimeout)
        let cards = Self.place(answer.cards, in: sample)
        return (cards, answer.complete ? nil : timedOutWarning(sample, kept: cards.count), !answer.complete)
    }

    /// Cards at program offsets (`sample.program`, parts behind `#sourceLocation` lines) as
    /// cards at a part's line and column.
    static func place(_ cards: [DeclarationCard], in sample: Sample) -> [HoverCard] {
        // Where each part's code starts and ends in the program, in UTF-8 bytes.
        var starts: [(start: Int, end: Int, lineStarts: [Int])] = []
        var offset = 0
        let program = sample.program
        for part in sample.parts {
            let header = "#sourceLocation(file: \"\(sample.path.swiftStringEscaped)\", line: \(part.firstLine))\n"
            offset += header.utf8.count
            var lineStarts = [0]
            for (index, byte) in part.code.utf8.enumerated() where byte == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
            }
            starts.append((offset, offset + part.code.utf8.count, lineStarts))
            offset += part.code.utf8.count
        }
        assert(program.utf8.count >= offset)
        return cards.compactMap { card in
            guard let index = starts.firstIndex(where: { $0.start <= card.offset && card.offset < $0.end }) else {
                return nil
            }
            let local = card.offset - starts[index].start
            let line = (starts[index].lineStarts.lastIndex { $0 <= local })!
            return HoverCard(
                part: index, line: line, column: local - starts[index].lineStarts[line], length: card.length,
                text: card.text, isClosure: card.kind == .closure, inferred: card.inferred)
        }
    }
}
