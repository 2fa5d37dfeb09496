import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `build-dir = "out\u0000/../../x"` was cut at the NUL and built into `out/`.
/// Every path a person writes, in book.toml or on the command line, goes through one check
/// (`PathText`): a control character is an error at its line (or a usage error naming the
/// option), with a note. One test per family of keys; the builds run contained.
@Suite(.serialized) struct PathControlCharacterTests {
    /// TOML escapes that make a control character, as written in book.toml.
    static let controls = ["\\u0000", "\\u001b[31m", "\\n", "\\u007f", "\\u0085"]

    func expectRefused(_ toml: String, key: String, line: Int) throws {
        for control in Self.controls {
            let text = "[book]\ntitle = \"T\"\n" + toml.replacingOccurrences(of: "CTRL", with: control)
            let (_, diagnostics) = BookSettingsLoader.parse(text, path: "book.toml")
            let refusals = diagnostics.filter { $0.summary.contains("control character") }
            #expect(refusals.count == 1, "\(text): \(diagnostics)")
            let error = try #require(refusals.first)
            #expect(error.severity == .error)
            #expect(error.location?.line == line, "\(text)")
            // Quoted by `QuotedText`: a redirect's key holds the control character, so it is a literal.
            #expect(
                (error.summary.hasPrefix("'") || error.summary.hasPrefix("\""))
                    && error.summary.dropFirst().hasPrefix(key),
                "\(error.summary)")
            #expect(error.notes.contains(PathText.note))
        }
    }

    @Test func aFolderKeyRefusesAControlCharacter() throws {
        try expectRefused("[build]\nbuild-dir = \"outCTRL/../../x\"\n", key: "build.build-dir", line: 4)
        try expectRefused("src = \"sCTRLrc\"\n", key: "book.src", line: 3)
        try expectRefused("[lecture]\ntemplates = \"themeCTRL\"\n", key: "lecture.templates", line: 4)
        let (_, diagnostics) = BookSettingsLoader.parse("[build]\nbuild-dir = \"out\\u0000x\"\n", path: "book.toml")
        #expect(diagnostics.first?.summary.contains("U+0000 (NUL) at character 4") == true, "\(diagnostics)")
    }

    @Test func aListOfFoldersRefusesAControlCharacter() throws {
        try expectRefused(
            "[lecture]\ninclude-from = [\"../ok\",\n  \"../exCTRL\"]\n", key: "lecture.include-from", line: 5)
        try expectRefused(
            "[lecture.samples]\nlibraries = [\"LibCTRL\"]\n", key: "lecture.samples.libraries", line: 4)
    }

    @Test func aListOfPagesRefusesAControlCharacter() throws {
        try expectRefused(
            "[lecture.samples]\ncontinue = [\"tourCTRL.md\"]\n", key: "lecture.samples.continue", line: 4)
    }

    @Test func aRedirectsOldPathRefusesAControlCharacter() throws {
        try expectRefused(
            "[output.html.redirect]\n\"/oldCTRL.html\" = \"new.html\"\n", key: "output.html.redirect", line: 4)
    }

    /// The attacker's case, built: refused at its line, and nothing in the scratch tree changes.
    @Test func aBuildWithANULInItsOutputPathWritesNothing() throws {
        let run = try ContainedRun()
        try run.makeBook("[build]\nbuild-dir = \"out\\u0000/../../x\"\n")
        let before = run.digest()
        let result = try run.lecture(["build"], in: "work/book")
        #expect(!result.succeeded)
        #expect(
            result.stderrText.contains(
                "book.toml:4:1: error: 'build.build-dir' holds the control character U+0000 (NUL) at character 4"),
            "\(result.stderrText)")
        #expect(run.digest() == before, "the build wrote something")
    }

    /// Every path option and argument of the command line: a usage error (exit 2) naming it.
    @Test func aPathOptionRefusesAControlCharacter() throws {
        let run = try ContainedRun()
        try run.makeBook()
        let before = run.digest()
        let cases: [([String], String)] = [
            (["build", "--output", "site\u{1B}[2J"], "--output holds the control character U+001B"),
            (["build", "--content", "src\n"], "--content holds the control character U+000A"),
            (["build", "--templates", "t\u{7F}"], "--templates holds the control character U+007F"),
            (["check", "--report", "junit:r\u{1}.xml"], "--report junit: holds the control character U+0001"),
            (["build", "book\u{9}"], "<dir> holds the control character U+0009"),
            (["check", ".", "src/intro\u{85}.md"], "argument holds the control character U+0085"),
            (["pdf", "-o", "x\u{1B}.pdf"], "--output holds the control character U+001B"),
        ]
        for (arguments, says) in cases {
            let result = try run.lecture(arguments, in: "work")
            #expect(result.termination == .exited(2), "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.contains(says), "\(arguments): \(result.stderrText)")
        }
        #expect(run.digest() == before, "a refused command wrote something")
    }
}
