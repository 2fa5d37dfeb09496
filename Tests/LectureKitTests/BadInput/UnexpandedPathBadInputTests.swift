import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `build-dir = "~/site"`, `-d "~/x"` (quoted, as a Makefile or a CI file passes it),
/// `LECTURE_CACHE_DIR="~/cache"` (attack 13, kind 6): a folder `~` (or `$HOME`) was made inside
/// the book without a word, and the build ended "Wrote 2 pages to ~/x/", which reads as the home
/// folder. The path is still taken as written (never expanded: a build writing into the home
/// folder is the incident `CanonicalPath` was made against), but every path a person writes that a
/// shell would have expanded is a warning where it was written, naming the path it leads to, and
/// the closing line prints `./~/x/`.
struct UnexpandedPathBadInputTests {
    @Test func whatAShellWouldExpandIsFound() {
        #expect(UnexpandedPath.shellWord(in: "~/site") == "~")
        #expect(UnexpandedPath.shellWord(in: "~") == "~")
        #expect(UnexpandedPath.shellWord(in: "~ada/site") == "~ada")
        #expect(UnexpandedPath.shellWord(in: "$HOME/site") == "$HOME")
        #expect(UnexpandedPath.shellWord(in: "out/${USER}/site") == "${USER}")
        #expect(UnexpandedPath.shellWord(in: "/srv/$USER_2x") == "$USER_2x")
        // Not a shell's: a `~` past the first component, a `$` before no name.
        for plain in ["site", "./~/site", "a~b", "out/~", "price$", "a$1", "$", "${}", "x${1}", "back~"] {
            #expect(UnexpandedPath.shellWord(in: plain) == nil, "\(plain)")
        }
        #expect(UnexpandedPath.shown("~/x/") == "./~/x/")
        #expect(UnexpandedPath.shown("$HOME/y/") == "./$HOME/y/")
        #expect(UnexpandedPath.shown("b/~/site/") == "b/~/site/")
    }

    /// Every book.toml key whose value is a path a person writes, each at its line (`input-404`'s
    /// is the Load step's, beside its missing page: `BookTOMLErrorGoesOnBadInputTests`).
    static let keys: [(table: String, line: String, key: String, base: String)] = [
        ("[build]", "build-dir = \"~/site\"", "build.build-dir", "b/~/site"),
        ("[book]", "src = \"$PAGES\"", "book.src", "b/$PAGES"),
        ("[build]", "extra-watch-dirs = [\"~/more\"]", "build.extra-watch-dirs", "b/~/more"),
        ("[output.html]", "additional-css = [\"~/my.css\"]", "output.html.additional-css", "b/~/my.css"),
        ("[output.html]", "additional-js = [\"${HOME}/my.js\"]", "output.html.additional-js", "b/${HOME}/my.js"),
        ("[preprocessor.lecture]", "templates = \"~/theme\"", "preprocessor.lecture.templates", "b/~/theme"),
        ("[preprocessor.lecture]", "include-from = [\"$HOME/x\"]", "preprocessor.lecture.include-from", "b/$HOME/x"),
        (
            "[preprocessor.lecture.samples]", "libraries = [\"~/Lib\"]", "preprocessor.lecture.samples.libraries",
            "b/~/Lib"
        ),
        (
            "[preprocessor.lecture.samples]", "continue = [\"~/a.md\"]", "preprocessor.lecture.samples.continue",
            "b/src/~/a.md"
        ),
    ]

    @Test(arguments: keys.indices) func aBookTOMLPathIsAWarningAtItsLine(_ index: Int) throws {
        let (table, line, key, base) = Self.keys[index]
        let text =
            table == "[book]" ? "[book]\ntitle = \"T\"\n\(line)\n" : "[book]\ntitle = \"T\"\n\n\(table)\n\(line)\n"
        let parsed = BookSettingsLoader.parse(text, path: "b/book.toml")
        let warning = try #require(
            parsed.diagnostics.first { $0.identifier == .unexpandedPath }, "\(parsed.diagnostics)")
        #expect(warning.severity == .warning)
        #expect(warning.path == "b/book.toml" && warning.location?.line == (table == "[book]" ? 3 : 5), "\(warning)")
        #expect(warning.summary.hasPrefix("'\(key)' "), "\(warning.summary)")
        #expect(warning.summary.hasSuffix("'\(CanonicalPath.of(base))'"), "\(warning.summary)")
        #expect(parsed.diagnostics.count { $0.identifier == .unexpandedPath } == 1)
        // Written out, or as './~/…' meaning a folder named '~', it is quiet.
        let quiet = BookSettingsLoader.parse(
            text.replacingOccurrences(of: "\"~/", with: "\"./~/").replacingOccurrences(of: "$", with: ""),
            path: "b/book.toml")
        #expect(!quiet.diagnostics.contains { $0.identifier == .unexpandedPath }, "\(quiet.diagnostics)")
    }

    /// A redirect's old page is a URL path, not a file a shell names: no warning.
    @Test func aRedirectKeyIsNoPath() {
        let parsed = BookSettingsLoader.parse(
            "[output.html.redirect]\n\"/~/old.html\" = \"new.html\"\n", path: "book.toml")
        #expect(!parsed.diagnostics.contains { $0.identifier == .unexpandedPath }, "\(parsed.diagnostics)")
    }

    /// The options and the variable, run contained: the folder made where the warning says,
    /// nothing in the home folder, and the closing line `./~/x/`.
    @Test func theOptionsAndTheCacheVariableAreWarnedAndShownUnambiguously() throws {
        let run = try ContainedRun()
        try run.makeBook("[build]\nbuild-dir = \"~/site\"\n")
        let before = run.digest(excluding: ["work"])
        let book = run.scratch + "/work/book"
        func build(_ arguments: [String], environment: [String: String] = [:]) throws -> [String] {
            let result = try run.command(TestSupport.executable, arguments, in: "work/book", environment: environment)
            #expect(result.termination == .exited(0), "\(result.stderrText)")
            return (result.stdoutText + result.stderrText).split(separator: "\n").map(String.init)
        }
        let cache = ["--cache-dir", run.scratch + "/cache"]
        let setting = try build(["build"] + cache)
        #expect(
            setting.contains {
                $0.hasPrefix("book.toml:4:1: warning: 'build.build-dir' '~/site' is taken as written")
                    && $0.hasSuffix("so the path is '\(book)/~/site'")
            }, "\(setting)")
        #expect(setting.contains { $0.hasPrefix("Wrote 2 pages to ./~/site/ in ") }, "\(setting)")
        #expect(FileSystem.exists(book + "/~/site/index.html"))
        for (option, value) in [("-d", "~/x"), ("--output", "$HOME/y")] {
            let lines = try build(["build", option, value] + cache)
            #expect(
                lines.contains {
                    $0
                        == "warning: --output '\(value)' is taken as written: '\(value.prefix { $0 != "/" })' is not expanded, so the path is '\(book)/\(value)'"
                }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("Wrote 2 pages to ./\(value)/ in ") }, "\(lines)")
        }
        let variable = try build(["build", "-d", "out"], environment: ["LECTURE_CACHE_DIR": "~/cache"])
        #expect(
            variable.contains { $0.hasPrefix("warning: LECTURE_CACHE_DIR '~/cache' is taken as written") },
            "\(variable)")
        let option = try build(["build", "-d", "out", "--cache-dir", "${HOME}/c"])
        #expect(option.contains { $0.hasPrefix("warning: --cache-dir '${HOME}/c' is taken as written") }, "\(option)")
        #expect(FileSystem.isDirectory(book + "/~/cache") && FileSystem.isDirectory(book + "/${HOME}/c"))
        // A folder the book reads, named on the command line and missing: the warning says why.
        let missing = try run.command(
            TestSupport.executable, ["build", "--content", "~/src"] + cache, in: "work/book")
        #expect(missing.termination == .exited(2))
        #expect(missing.stderrText.contains("warning: --content '~/src' is taken as written"), "\(missing.stderrText)")
        #expect(missing.stderrText.contains("./~/src: error: content folder does not exist"), "\(missing.stderrText)")
        #expect(run.digest(excluding: ["work"]) == before, "nothing outside the book was written")
    }
}
