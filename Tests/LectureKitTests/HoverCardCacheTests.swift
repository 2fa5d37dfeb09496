import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Hover cards are a build's, not a check's: `lecture check` looks up none (no SourceKit), and
/// the verdicts it caches answer `lecture build`, which then looks up only the cards, compiling
/// nothing; the other way round a build's verdicts answer a check. Runs the built `lecture` as a
/// user would, with `SWIFTC` a wrapper that logs every compile (as `make bench` counts them).
@Suite(.serialized) struct HoverCardCacheTests {
    /// The wrapper compiler and the one cache every test of the suite shares, so that the
    /// stand-ins are built once; each test's book has samples of its own (a nonce).
    struct Compiler {
        let folder: String
        var swiftc: String { folder + "/swiftc" }
        var cache: String { folder + "/cache" }
    }

    static let compiler = Result { () throws -> Compiler in
        let folder = try TestSupport.temporaryDirectory()
        // `--version` and `-print-target-info` ask about the compiler; anything else compiles.
        try TestSupport.writeScript(
            """
            case "$1" in --version|-print-target-info) ;; *) [ -n "$COMPILE_LOG" ] && echo "$*" >> "$COMPILE_LOG" ;; esac
            exec swiftc "$@"
            """, to: folder + "/swiftc")
        return Compiler(folder: folder)
    }

    /// A book of two pages of two samples each (merged on a cold run), with identifiers to card.
    struct Book {
        let root: String
        var content: String { root + "/content" }
        var output: String { root + "/site" }
        var log: String { root + "/compiles" }

        init() throws {
            let nonce = UUID().uuidString
            func page(_ name: String) -> String {
                """
                # \(name)

                ```swift
                // \(nonce)
                let greeting = "안녕 \(name)"
                print(greeting)
                ```

                ```output
                안녕 \(name)
                ```

                ```swift
                // \(nonce) \(name)
                let numbers = [1, 2, 3]
                print(numbers.map { $0 * 2 })
                ```

                ```output
                [2, 4, 6]
                ```

                """
            }
            root = try TestSupport.makeTree([
                "content/SUMMARY.md": "# 책\n\n- [가](a.md)\n- [나](b.md)\n",
                "content/a.md": page("가"), "content/b.md": page("나"),
            ])
        }

        /// The pages' hover cards: how many focusable identifiers each built page has.
        func cards(_ page: String) -> Int {
            (TestSupport.read(output + "/" + page)?.components(separatedBy: "class=\"hover\" tabindex=\"0\"").count ?? 1)
                - 1
        }
    }

    /// Runs `lecture` with the wrapper as `SWIFTC`, its compiles logged into the book's log
    /// (emptied first); the result and the compiles it ran.
    func lecture(_ arguments: [String], _ book: Book, environment: [String: String] = [:]) throws -> (
        result: Subprocess.Result, compiles: [String]
    ) {
        let compiler = try Self.compiler.get()
        try? FileManager.default.removeItem(atPath: book.log)
        var variables = ["SWIFTC": compiler.swiftc, "COMPILE_LOG": book.log]
        for (key, value) in environment { variables[key] = value }
        let result = try Subprocess.run(
            TestSupport.executable, arguments + ["--cache-dir", compiler.cache], environment: variables, timeout: 600,
            cancellation: .process)
        let compiles = (TestSupport.read(book.log) ?? "").split(separator: "\n").map(String.init)
        return (result, compiles)
    }

    func check(_ book: Book, _ extra: [String] = []) throws -> (result: Subprocess.Result, compiles: [String]) {
        try lecture(["check", "--content", book.content] + extra, book)
    }

    func build(_ book: Book, _ extra: [String] = [], environment: [String: String] = [:]) throws -> (
        result: Subprocess.Result, compiles: [String]
    ) {
        try lecture(
            ["build", "--content", book.content, "--output", book.output] + extra, book, environment: environment)
    }

    /// The cache's hover-card entries.
    func cardEntries() throws -> Set<String> {
        let cache = try Self.compiler.get().cache
        return Set(FaultInjectionTests.entries(cache, kind: SampleVerifier.hoverCardsKind))
    }

    @Test func aCheckLooksUpNoCardsAndItsVerdictsAnswerABuildThatLooksUpOnlyTheCards() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        let before = try cardEntries()
        let cold = try check(book)
        #expect(cold.result.succeeded, "\(cold.result.stdoutText)\(cold.result.stderrText)")
        #expect(!cold.compiles.isEmpty)
        #expect(try cardEntries() == before, "a check wrote hover cards")

        let warm = try build(book)
        #expect(warm.result.succeeded, "\(warm.result.stdoutText)\(warm.result.stderrText)")
        #expect(warm.compiles.isEmpty, "the build compiled again: \(warm.compiles)")
        #expect(book.cards("a.html") >= 2 && book.cards("b.html") >= 2)
        let added = try cardEntries().subtracting(before)
        #expect(added.count == 4, "\(added)")

        // Whole now: a third run adds nothing and compiles nothing.
        let again = try build(book)
        #expect(again.compiles.isEmpty && again.result.succeeded)
        #expect(try cardEntries().subtracting(before) == added)
    }

    @Test func aBuildsVerdictsAnswerACheck() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        let cold = try build(book)
        #expect(cold.result.succeeded, "\(cold.result.stderrText)")
        #expect(!cold.compiles.isEmpty)
        #expect(book.cards("a.html") >= 2)
        let warm = try check(book)
        #expect(warm.result.succeeded && warm.result.stdoutText.contains("4 passed, 0 failed"), "\(warm.result)")
        #expect(warm.compiles.isEmpty, "the check compiled again: \(warm.compiles)")
    }

    @Test func aDeletedCardsEntryComesBackOnTheNextBuildWithoutACompile() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        let before = try cardEntries()
        #expect(try build(book).result.succeeded)
        let added = try cardEntries().subtracting(before)
        #expect(added.count == 4)
        let lost = try #require(added.sorted().first)
        let text = try #require(TestSupport.read(lost))
        try FileManager.default.removeItem(atPath: lost)

        let again = try build(book)
        #expect(again.result.succeeded, "\(again.result.stderrText)")
        #expect(again.compiles.isEmpty, "\(again.compiles)")
        #expect(TestSupport.read(lost) == text, "the entry is back, the same cards")
        #expect(book.cards("a.html") >= 2 && book.cards("b.html") >= 2)
    }

    /// `check FILE.md…`, `--shard` and `--no-cache` look up no cards either; the verdicts they
    /// cache still answer a build.
    @Test func everyKindOfCheckLooksUpNoCards() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        let before = try cardEntries()
        let file = try check(book, [book.content + "/a.md"])
        #expect(file.result.stdoutText.contains("2 passed, 0 failed"), "\(file.result)")
        let shard = try check(book, ["--shard", "2/2"])
        #expect(shard.result.succeeded, "\(shard.result)")
        let noCache = try check(book, ["--no-cache"])
        #expect(noCache.result.succeeded && !noCache.compiles.isEmpty, "\(noCache.result)")
        #expect(try cardEntries() == before, "a check wrote hover cards")
        let built = try build(book)
        #expect(built.compiles.isEmpty, "\(built.compiles)")
        #expect(book.cards("b.html") >= 2)
    }

    /// `build --no-cache` compiles again and still has its cards.
    @Test func aBuildWithoutTheCacheCompilesAndHasItsCards() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        #expect(try check(book).result.succeeded)
        let built = try build(book, ["--no-cache"])
        #expect(built.result.succeeded, "\(built.result.stderrText)")
        #expect(!built.compiles.isEmpty)
        #expect(book.cards("a.html") >= 2)
    }

    /// A build with `LECTURE_SWIFT_ANALYSIS=off` caches verdicts only; one with it on then looks
    /// up the cards, compiling nothing.
    @Test func aBuildWithoutSwiftAnalysisAnswersOneWithIt() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        let before = try cardEntries()
        let off = try build(book, environment: ["LECTURE_SWIFT_ANALYSIS": "off"])
        #expect(off.result.succeeded && !off.compiles.isEmpty, "\(off.result.stderrText)")
        #expect(book.cards("a.html") == 0)
        #expect(try cardEntries() == before)
        let on = try build(book)
        #expect(on.result.succeeded && on.compiles.isEmpty, "\(on.compiles)")
        #expect(book.cards("a.html") >= 2)
    }

    /// A sample verified alone (here the only one, so nothing to merge): its cards are looked
    /// up beside the job pool, after its pass, and are on the page and in the cache.
    @Test func aSampleVerifiedAloneGetsItsCards() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        let page = try #require(TestSupport.read(book.content + "/a.md"))
        try FileSystem.writeAtomically(
            String(page[..<page.range(of: "```swift", options: .backwards)!.lowerBound]), to: book.content + "/a.md")
        try FileSystem.writeAtomically("# 책\n\n- [가](a.md)\n", to: book.content + "/SUMMARY.md")
        let before = try cardEntries()
        let cold = try build(book)
        #expect(cold.result.succeeded && !cold.compiles.isEmpty, "\(cold.result.stderrText)")
        #expect(book.cards("a.html") >= 1)
        #expect(try cardEntries().subtracting(before).count == 1)
    }

    /// `lecture serve`'s rebuild of a page whose samples a check verified: cards, no compile.
    @Test func aServeRebuildLooksUpTheCardsOfCheckedSamples() throws {
        let book = try Book()
        defer { FileSystem.removeTemporaryDirectory(book.root) }
        let page = try #require(TestSupport.read(book.content + "/b.md"))
        let edited = page.replacingOccurrences(of: "let numbers = [1, 2, 3]", with: "let numbers = [1, 2, 3, 4]")
            .replacingOccurrences(of: "[2, 4, 6]", with: "[2, 4, 6, 8]")
        // The edit's samples checked ahead, then the page put back as it was for serve to start on.
        try FileSystem.writeAtomically(edited, to: book.content + "/b.md")
        #expect(try check(book).result.succeeded)
        try FileSystem.writeAtomically(page, to: book.content + "/b.md")

        let compiler = try Self.compiler.get()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.executable)
        process.arguments = [
            "serve", "--content", book.content, "--output", book.output, "--cache-dir", compiler.cache, "--port", "0",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFTC"] = compiler.swiftc
        environment["COMPILE_LOG"] = book.log
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                _ = ProcessEnd.wait(for: process)
            }
        }
        func waitFor(_ text: String) -> Bool {
            let deadline = Date(timeIntervalSinceNow: 300)
            while Date() < deadline {
                if TestSupport.read(book.output + "/b.html")?.contains(text) == true { return true }
                usleep(100_000)
            }
            return false
        }
        #expect(waitFor("[2, 4, 6]"))
        try? FileManager.default.removeItem(atPath: book.log)
        try FileSystem.writeAtomically(edited, to: book.content + "/b.md")
        #expect(waitFor("[2, 4, 6, 8]"))
        let compiles = (TestSupport.read(book.log) ?? "").split(separator: "\n")
        #expect(compiles.isEmpty, "the rebuild compiled: \(compiles)")
        #expect(book.cards("b.html") >= 2)
    }
}
