import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

/// Hover cards from the real in-process SourceKit: what they say, where they stand, when they
/// are left out, and how they are written into the page.
@Suite(.serialized) struct HoverCardTests {
    func verify(
        _ markdown: String, noCache: Bool = true, timeout: Double? = nil, rules: SampleRules = SampleRules()
    ) throws -> [SampleResult] {
        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.noCache = noCache
        if let timeout { stage.verifier.options.hoverTimeout = timeout }
        let found = SampleExtractor.extract(
            from: MarkdownParser.parse(markdown), path: "page.md", rules: rules, page: "page.md")
        #expect(found.diagnostics.isEmpty)
        return stage.verifier.verify(found.samples)
    }

    static let boxSample = """
        ```swift
        // snippet.hide
        struct Box<T> { var value: T }
        // snippet.show
        let greeting = Box(value: "hi")
        let lengths = ["a", "bc"].map { $0.count }
        print(greeting.value, lengths)
        ```

        ```output
        hi [1, 2]
        ```

        """

    @Test func inferredTypesAndDeclarationsAreTheCompilers() throws {
        let result = try verify(Self.boxSample)[0]
        #expect(result.outcome == .passed, "\(result.diagnostics)")
        let greeting = result.hoverCards.first { $0.line == 3 && $0.column == 4 }
        #expect(greeting?.text == "let greeting: Box<String>", "\(result.hoverCards)")
        #expect(greeting?.inferred == true)
        let closure = result.hoverCards.first { $0.isClosure }
        #expect(closure?.text == "(String) -> Int")
        #expect(closure.map { ($0.line, $0.column) }! == (4, 30))
        #expect(result.hoverCards.contains { $0.text.hasPrefix("func print(") })
    }

    /// Swift 6 isolates a top-level variable to the main actor, and SourceKit prints that as
    /// `@MainActor`; the card leaves out the attribute the code does not write, at the declaration
    /// and at a use, and keeps the one it does.
    @Test func cardsShowOnlyTheMainActorTheCodeWrites() throws {
        let markdown = """
            ```swift
            let numbers = [3, 1, 2]
            @MainActor final class Counter { var count = 0 }
            @MainActor func tick(_ counter: Counter) { counter.count += 1 }
            let counter = Counter()
            tick(counter)
            print(numbers.sorted(), counter.count)
            ```

            ```output
            [1, 2, 3] 1
            ```

            """
        let result = try verify(markdown)[0]
        #expect(result.outcome == .passed, "\(result.diagnostics)")
        func card(_ line: Int, _ column: Int) -> String? {
            result.hoverCards.first { $0.line == line && $0.column == column }?.text
        }
        #expect(card(0, 4) == "let numbers: [Int]", "\(result.hoverCards)")
        #expect(card(5, 6) == "let numbers: [Int]", "a use: \(result.hoverCards)")
        #expect(card(3, 4) == "let counter: Counter", "\(result.hoverCards)")
        #expect(card(1, 23) == "@MainActor final class Counter", "\(result.hoverCards)")
        #expect(card(2, 16) == "@MainActor func tick(_ counter: Counter)", "\(result.hoverCards)")
        #expect(card(1, 37)?.hasPrefix("@MainActor") == true, "a member of a @MainActor class: \(result.hoverCards)")
        #expect(!result.hoverCards.contains { $0.text.contains("@MainActor let") }, "\(result.hoverCards)")
    }

    /// A continued page's program prints a part marker before each part but the first, and a
    /// group's does not: each part's cards stand on that part's own names either way (the cards
    /// are placed by the offsets the program was written with, `SampleProgram`).
    @Test(arguments: [true, false]) func everyPartOfAContinuedPageOrAGroupGetsItsOwnCards(continued: Bool) throws {
        let fences = ["struct Point {\n    var x = 0\n}\n", "let p = Point()\nprint(p.x)\n", "print(p.x + 1)\n"]
        let markdown = fences.map { "```swift\(continued ? "" : " group=tour")\n\($0)```\n\nThen:\n\n" }.joined()
        var rules = SampleRules()
        if continued { rules.continuation = .everyPage }
        let result = try verify(markdown, rules: rules)[0]
        #expect(result.outcome == .passed, "\(result.diagnostics)")
        #expect(result.sample.marksParts == continued)
        func card(_ part: Int, _ line: Int, _ column: Int) -> String? {
            result.hoverCards.first { $0.part == part && $0.line == line && $0.column == column }?.text
        }
        #expect(card(0, 1, 8) == "var x: Int", "\(result.hoverCards)")
        #expect(card(1, 0, 4) == "let p: Point", "\(result.hoverCards)")
        #expect(card(1, 1, 6) == "let p: Point", "\(result.hoverCards)")
        #expect(card(2, 0, 6) == "let p: Point", "\(result.hoverCards)")
        #expect(card(2, 0, 8) == "var x: Int", "\(result.hoverCards)")
        #expect(card(2, 0, 0)?.hasPrefix("func print(") == true, "\(result.hoverCards)")
    }

    @Test func standInTypesShowTheirGenericArguments() throws {
        let markdown =
            "```swift\nimport Signals\nlet relay = Relay(value: \"\")\nprint(relay.value.isEmpty)\n```\n\n```output\ntrue\n```\n"
        let result = try verify(markdown)[0]
        #expect(
            result.hoverCards.contains { $0.line == 1 && $0.text.hasSuffix("let relay: Relay<String>") },
            "\(result.hoverCards)")
    }

    @Test func aFailingSampleGetsNoCards() throws {
        let result = try verify("```swift\nlet a = 1\nprint(a + 1)\n```\n\n```output\n3\n```\n")[0]
        #expect(result.outcome == .failed)
        #expect(result.hoverCards.isEmpty)
    }

    @Test func cardsAreCachedWithTheResult() throws {
        let nonce = UUID().uuidString
        let markdown = Self.boxSample.replacingOccurrences(of: "// snippet.show", with: "// snippet.show\n// \(nonce)")
        let cold = try verify(markdown, noCache: false)[0]
        let warm = try verify(markdown, noCache: false)[0]
        #expect(warm.fromCache)
        #expect(!cold.hoverCards.isEmpty)
        #expect(warm.hoverCards == cold.hoverCards)
    }

    @Test func whatSourceKitDoesNotAnswerInTimeIsSkippedWithAWarning() throws {
        let nonce = UUID().uuidString
        let markdown = Self.boxSample.replacingOccurrences(of: "// snippet.show", with: "// snippet.show\n// \(nonce)")
        let result = try verify(markdown, noCache: false, timeout: 0)[0]
        #expect(result.outcome == .passed)
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.diagnostics.first?.summary.hasPrefix("SourceKit did not answer within 0 s") == true)
        // The verdict is cached, the cut-short cards are not: the next run asks SourceKit again,
        // and compiles nothing.
        let again = try verify(markdown, noCache: false)[0]
        #expect(again.fromCache && !again.compiled)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        #expect(again.hoverCards.contains { $0.text.hasSuffix("let greeting: Box<String>") })
    }

    /// A time-out is never cached (SourceKit runs out of time under load, and one slow build
    /// must not leave the page without its cards for every build after it): the verdict is
    /// cached alone, so the next build with the same limit compiles nothing, finds no cards in the
    /// cache, asks SourceKit again and says again what it lost; once SourceKit answers in time,
    /// the whole answer is cached.
    @Test func aTimedOutAnswerIsNeverCachedAndTheNextBuildAsksAgain() throws {
        let nonce = UUID().uuidString
        let markdown = Self.boxSample.replacingOccurrences(of: "// snippet.show", with: "// snippet.show\n// \(nonce)")
        let cold = try verify(markdown, noCache: false, timeout: 0)[0]
        #expect(cold.outcome == .passed && cold.compiled)
        #expect(cold.diagnostics.map(\.identifier) == [.hoverCards], "\(cold.diagnostics)")

        var stage = try SampleVerificationTests.stage.get()
        stage.verifier.options.hoverTimeout = 0
        let sample = try #require(
            SampleExtractor.extract(from: MarkdownParser.parse(markdown), path: "page.md").samples.first)
        let key = SampleVerifier.hoverCardsKey(stage.verifier.cacheKey(sample))
        #expect(stage.verifier.cache.read(kind: SampleVerifier.hoverCardsKind, key: key) == nil)
        let cached = try #require(stage.verifier.cachedVerdict(sample), "the verdict was not cached")
        #expect(!cached.cardsCached, "a build with the same limit would show the cut-short cards without asking")
        #expect(cached.result.diagnostics.isEmpty, "\(cached.result.diagnostics)")

        let warm = try verify(markdown, noCache: false, timeout: 0)[0]
        #expect(warm.fromCache && !warm.compiled)
        #expect(warm.diagnostics.map(\.identifier) == [.hoverCards], "the lost cards are said on every build")
        #expect(stage.verifier.cache.read(kind: SampleVerifier.hoverCardsKind, key: key) == nil)

        let answered = try verify(markdown, noCache: false, timeout: 600)[0]
        #expect(answered.fromCache && !answered.compiled)
        #expect(answered.diagnostics.isEmpty, "\(answered.diagnostics)")
        #expect(answered.hoverCards.contains { $0.text.hasSuffix("let greeting: Box<String>") })
        #expect(stage.verifier.cache.read(kind: SampleVerifier.hoverCardsKind, key: key) != nil)
    }

    /// `SWIFTC` naming a wrapper script outside the toolchain (as `make bench` counts compiles):
    /// SourceKit is found through the compiler's own `-print-target-info`, and the cards are there.
    @Test func aWrapperScriptOutsideTheToolchainStillGetsCards() throws {
        var stage = try SampleVerificationTests.stage.get()
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let wrapper = folder + "/swiftc"
        try TestSupport.writeScript("exec swiftc \"$@\"", to: wrapper)
        let direct = try SourceKitLibrary.path(for: stage.verifier.toolchain.swiftc, run: RunContext()).get()
        #expect(try SourceKitLibrary.path(for: wrapper, run: RunContext()).get() == direct)
        stage.verifier.toolchain.swiftc = wrapper
        stage.verifier.options.noCache = true
        stage.verifier.toolchain.identity = Toolchain.identity(of: wrapper, resolvedTo: wrapper)
        let samples = SampleExtractor.extract(from: MarkdownParser.parse(Self.boxSample), path: "page.md").samples
        let result = stage.verifier.verify(samples)[0]
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.hoverCards.contains { $0.text.hasSuffix("let greeting: Box<String>") }, "\(result.hoverCards)")
    }

    /// A `swiftc` in `folder`, outside the toolchain, that fails while `marker` exists (made here).
    static func failingWrapper(in folder: String) throws -> (wrapper: String, marker: String) {
        let (wrapper, marker) = (folder + "/swiftc", folder + "/fail")
        try TestSupport.writeScript("[ -e '\(marker)' ] && exit 1\nexec swiftc \"$@\"", to: wrapper)
        try FileSystem.writeAtomically("", to: marker)
        return (wrapper, marker)
    }

    /// Code review 40 #3: a first `-print-target-info` that failed (here a wrapper that fails
    /// while a marker file exists; in `lecture serve`, a query an edit cancelled) was remembered
    /// as "no toolchain" for the life of the process. Only an answer is remembered now: once
    /// the wrapper answers, its toolchain is found.
    @Test func aFailedToolchainQueryIsAskedAgain() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let (wrapper, marker) = try Self.failingWrapper(in: folder)
        #expect(SourceKitLibrary.reportedToolchain(of: wrapper, run: RunContext()) == nil)
        try FileManager.default.removeItem(atPath: marker)
        let usr = try #require(SourceKitLibrary.reportedToolchain(of: wrapper, run: RunContext()))
        #expect(FileSystem.isDirectory(usr + "/lib/swift"), "\(usr)")
        try FileSystem.writeAtomically("", to: marker)
        #expect(SourceKitLibrary.reportedToolchain(of: wrapper, run: RunContext()) == usr, "an answer is remembered")
    }

    /// The same for the library's own look-up: `path(for:)` had a memo of its own (`found`)
    /// that remembered the failed query's "no library" for the life of the process; there is
    /// one memo now, which remembers answers only.
    @Test func aFailedLibraryLookUpIsAskedAgain() throws {
        let stage = try SampleVerificationTests.stage.get()
        let folder = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(folder) }
        let (wrapper, marker) = try Self.failingWrapper(in: folder)
        guard case .failure = SourceKitLibrary.path(for: wrapper, run: RunContext()) else {
            Issue.record("a wrapper that fails has no library")
            return
        }
        try FileManager.default.removeItem(atPath: marker)
        let direct = try SourceKitLibrary.path(for: stage.verifier.toolchain.swiftc, run: RunContext()).get()
        #expect(try SourceKitLibrary.path(for: wrapper, run: RunContext()).get() == direct)
    }

    @Test func cardsAreWrittenFocusableAndDescribedButNotOnHiddenLines() throws {
        let result = try verify(Self.boxSample)[0]
        let html = SampleRendering.figure(result.sample, part: 0, swiftVersion: "Swift 6.3", result: result.shown)
        // The hidden line is there for the hidden-lines button, with no card of its own.
        let hidden = try #require(html.range(of: "<span class=\"boring\">"))
        let hiddenLine = html[hidden.upperBound...].prefix { $0 != "\n" }
        #expect(hiddenLine.contains("Box") && !hiddenLine.contains("class=\"hover\""), "\(hiddenLine)")
        #expect(
            html.contains(
                "<span class=\"hl-keyword\">let</span> <span class=\"hover\" tabindex=\"0\" aria-describedby=\"lecture-card-1-"
            )
        )
        #expect(
            html.contains("let greeting: Box&lt;String&gt;</span><span class=\"hover-kind\"> · inferred type</span>"))
        #expect(html.contains("<p class=\"hover-strip\" aria-hidden=\"true\">"))
        // `greeting` twice: one tab stop and one card, both occurrences described by it.
        let focusable = html.components(separatedBy: "tabindex=\"0\" aria-describedby").count - 1
        let described = html.components(separatedBy: "aria-describedby=").count - 1
        let cards = html.components(separatedBy: "role=\"tooltip\"").count - 1
        #expect(focusable < described)
        #expect(cards == focusable)
        for id in html.components(separatedBy: "aria-describedby=\"").dropFirst().map({ $0.prefix { $0 != "\"" } }) {
            #expect(html.contains("role=\"tooltip\" id=\"\(id)\""))
        }
    }
}
