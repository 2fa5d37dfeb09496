import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A Swift fence with a word that is no sample attribute (` ```swift,bogus `) in a book without
/// lecture's settings: mdBook 0.5.4 makes the word a class of the code; lecture renders the same
/// class, and `lecture check` and `lecture build` say the same warning at the fence
/// (`SampleExtractor.unknownAttribute`), where check said an error and build nothing.
@Suite struct MdBookUnknownAttributeTests {
    static let files = [
        "book.toml": "[book]\ntitle = \"T\"\n",
        "src/SUMMARY.md": "- [A](a.md)\n",
        "src/a.md": "# A\n\n```swift,bogus\nprint(1)\n```\n",
    ]

    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    static func codeClasses(_ root: String) throws -> [String] {
        let html = String(decoding: try FileSystem.read(root + "/book/a.html"), as: UTF8.self)
        return html.components(separatedBy: "<code class=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func checkAndBuildSayTheSameOfAnUnknownWordAndTheClassIsMdBooks() throws {
        let both = try MdBookOracle.build(Self.files)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(try Self.codeClasses(both.mdBook.root) == ["language-swift bogus"])
        #expect(try Self.codeClasses(both.lecture.root) == Self.codeClasses(both.mdBook.root))
        let book = try TestSupport.makeTree(Self.files)
        defer { try? FileManager.default.removeItem(atPath: book) }
        let built = run(["build", book, "--cache-dir", TestSupport.cacheDirectory])
        let checked = run(["check", book, "--cache-dir", TestSupport.cacheDirectory])
        let said = { (lines: [String]) in lines.filter { $0.contains("unknown sample attribute") } }
        let headlines = { (lines: [String]) in said(lines).map { String($0.prefix { $0 != "\n" }) } }
        let expected = "\(book)/src/a.md:3:1: warning: unknown sample attribute 'bogus'"
        #expect(headlines(built.lines) == [expected], "\(built.lines)")
        #expect(said(checked.lines) == said(built.lines), "\(checked.lines)")
        #expect(built.status == 0 && checked.status == 0, "\(built.lines)\n\(checked.lines)")
        // With verification asked for, the word is an error in both (the author meant an attribute).
        var verifying = Self.files
        verifying["book.toml"] = "[book]\ntitle = \"T\"\n[preprocessor.lecture.samples]\nverify = true\n"
        let strict = try TestSupport.makeTree(verifying)
        defer { try? FileManager.default.removeItem(atPath: strict) }
        let strictBuild = run(["build", strict, "--cache-dir", TestSupport.cacheDirectory])
        let strictCheck = run(["check", strict, "--cache-dir", TestSupport.cacheDirectory])
        let error = "\(strict)/src/a.md:3:1: error: unknown sample attribute 'bogus'"
        #expect(headlines(strictBuild.lines) == [error] && strictBuild.status != 0, "\(strictBuild.lines)")
        #expect(headlines(strictCheck.lines) == [error] && strictCheck.status != 0, "\(strictCheck.lines)")
    }
}
