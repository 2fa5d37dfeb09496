import CommonMark
import Foundation
import LectureSupport
internal import SwiftAnalysis

/// Hover cards for a verified sample, from the toolchain's in-process SourceKit
/// (`DeclarationCards`), placed back into the sample's blocks. Only passing samples get cards,
/// so a card never describes code that does not compile; what SourceKit does not answer within
/// `Options.hoverTimeout` is left out with a warning.
extension SampleVerifier {
    /// Part of the cards' cache key (`hoverCardsKey(_:)`), not of the verdict's: the cards' format
    /// and the digest of the sources that make them (`SourceDigests.samples`); a change retires the
    /// cards, and the next build looks them up again.
    static let hoverVersion = "hover-cards-v4 " + SourceDigests.samples

    /// A sample's cards, and the warning when some could not be had (SourceKit ran out of time, or
    /// there is none): an answer with a warning is partial, and never cached (`withHoverCards`).
    typealias HoverCardAnswer = (cards: [HoverCard], warning: Diagnostic?)

    /// The cache kind a passing sample's whole set of cards is kept under (`hoverCardsKey(_:)`):
    /// bytes as `HoverCard.packed(_:)` writes them, beside the pass's JSON (in it, the JSON
    /// string's escapes made decoding them a large part of a warm build).
    static let hoverCardsKind = Cache.Kind.hoverCards

    /// The key of a sample's cards: its verdict's key (`cacheKey(_:)`, `verdictKey`) with
    /// `hoverVersion`, so that a verdict cached without cards (`lecture check`) still answers a
    /// build, which then looks up the cards alone.
    static func hoverCardsKey(_ verdictKey: String) -> String {
        var hash = SHA256()
        hash.update(hoverVersion)
        hash.update(verdictKey)
        return hash.hexDigest()
    }

    /// Whether `sample`, once passed, is to get cards: cards are on (`Options.swiftAnalysis`; off for
    /// `lecture check`, which renders no page) and it is not `compile_fail`.
    func wantsHoverCards(_ sample: Sample) -> Bool {
        options.swiftAnalysis && sample.mode != .compileFail && sample.mode != .ignore
    }

    /// `result` (a pass) with `answer`'s cards and warning; the cards are cached only when the
    /// answer is whole. A partial one (SourceKit ran out of time, under load, or could not be
    /// loaded) is shown with its warning on this build alone and never cached, so the next build
    /// asks SourceKit again and a page is not left without its cards by one slow build.
    func withHoverCards(_ result: SampleResult, _ answer: HoverCardAnswer) -> SampleResult {
        var result = result
        result.hoverCards = answer.cards
        if let warning = answer.warning {
            result.diagnostics.append(warning)
        } else {
            cache.write(
                kind: Self.hoverCardsKind, key: Self.hoverCardsKey(cacheKey(result.sample)),
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
                "the page is built without the missing cards and nothing of this answer is cached: the next build asks SourceKit again; on a loaded machine raise the limit with LECTURE_HOVER_TIMEOUT=SECONDS"
            ])
    }

    /// The sample's cards, and a warning when some could not be had (SourceKit ran out of time,
    /// or there is no SourceKit in the compiler's toolchain, `SourceKitLibrary`).
    func hoverCards(for sample: Sample) -> HoverCardAnswer {
        let start = Date()
        defer { run.hoverCardTime.add(seconds: Date().timeIntervalSince(start)) }
        let sourceKit: SourceKit
        do {
            sourceKit = try SourceKit.load(library: SourceKitLibrary.path(for: toolchain.swiftc, run: run).get())
        } catch {
            return (
                [],
                .warning(
                    .hoverCards, sample.path, sample.location, "no hover cards: \(SystemErrorText.reason(of: error))")
            )
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
        return (cards, answer.complete ? nil : timedOutWarning(sample, kept: cards.count))
    }

    /// Cards at program offsets (`sample.program`, `SampleProgram`) as cards at a part's line and
    /// column.
    static func place(_ cards: [DeclarationCard], in sample: Sample) -> [HoverCard] {
        // Where each part's code starts and ends in the program, in UTF-8 bytes.
        let layout = sample.layout
        let starts = zip(sample.parts, layout.offsets).map { part, range in
            var lineStarts = [0]
            for (index, byte) in part.code.utf8.enumerated() where byte == UInt8(ascii: "\n") {
                lineStarts.append(index + 1)
            }
            return (start: range.lowerBound, end: range.upperBound, lineStarts: lineStarts)
        }
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
