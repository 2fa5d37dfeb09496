import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `[preprocessor.lecture.samples] libraries` (attack 11, kinds 49, 79, 80): a library named like
/// a module of the toolchain, listed twice, sharing its name with another, or named no Swift
/// identifier is an error at its element's line before anything compiles; a source that is a
/// symbolic link is an error at the link (it was left out unsaid, then "cannot find 'greet' in
/// scope"); a library's own compile error is at its file and line, named as the book names it.
@Suite struct SampleLibraryRuleBadInputTests {
    /// The book's settings and problems with `libraries` listing `elements`; each folder holds a source.
    func load(_ elements: [String], folders: [String]) throws -> (root: String, diagnostics: [Diagnostic]) {
        var tree = [
            "book.toml": "[book]\ntitle = \"T\"\n[lecture.samples]\nlibraries = [\n"
                + elements.map { "  \"\($0)\",\n" }.joined() + "]\n"
        ]
        for folder in folders { tree[folder + "/F.swift"] = "public func f() {}\n" }
        let root = try TestSupport.makeTree(tree)
        return (root, BookSettingsLoader.load(path: root + "/book.toml").diagnostics)
    }

    @Test(arguments: ["Foundation", "Swift", "Dispatch", "Glibc", "XCTest", "Testing", "Observation", "_Concurrency"])
    func aLibraryNamedLikeAToolchainModuleIsAnErrorAtItsLine(_ module: String) throws {
        let (root, diagnostics) = try load(["libs/\(module)"], folders: ["libs/\(module)"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.location?.line == 5)
        #expect(
            diagnostics.first?.summary
                == "sample library 'libs/\(module)' is named '\(module)', a module of the Swift toolchain, which it would hide from every sample"
        )
    }

    @Test func aLibraryListedTwiceOrNamedLikeAnotherIsAnErrorAtTheLaterLine() throws {
        let (root, diagnostics) = try load(
            ["libs/Greet", "libs/Greet", "./libs/Greet", "other/Greet"], folders: ["libs/Greet", "other/Greet"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(diagnostics.map { $0.location?.line } == [6, 7, 8], "\(diagnostics)")
        #expect(diagnostics.prefix(2).allSatisfy { $0.summary.hasSuffix("is listed twice") }, "\(diagnostics)")
        #expect(
            diagnostics.last?.summary
                == "sample library 'other/Greet' has the name of 'libs/Greet', listed before: both would be the module 'Greet'"
        )
    }

    @Test(arguments: ["my-lib", "1st", "a.b", "sp ace"]) func aLibraryNamedNoIdentifierIsAnErrorAtItsLine(
        _ name: String
    )
        throws
    {
        let (root, diagnostics) = try load(["libs/\(name)"], folders: ["libs/\(name)"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.location?.line == 5)
        #expect(diagnostics.first?.summary.hasSuffix("which is no Swift module name") == true, "\(diagnostics)")
    }

    /// A source linked to a file in the book or outside it, and a linked folder: each an error at the link.
    @Test func aLinkedSourceOfALibraryIsAnErrorAtTheLink() throws {
        let (root, _) = try load([], folders: ["libs/Greet", "shared"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(symlink("../../shared/F.swift", root + "/libs/Greet/Linked.swift") == 0)
        #expect(symlink("../../shared", root + "/libs/Greet/Folder") == 0)
        try TestSupport.write(
            Array("[book]\ntitle = \"T\"\n[lecture.samples]\nlibraries = [\"libs/Greet\"]\n".utf8),
            to: root + "/book.toml")
        let diagnostics = BookSettingsLoader.load(path: root + "/book.toml").diagnostics
        #expect(
            diagnostics.map {
                String($0.path.suffix(from: $0.path.range(of: "/libs/")?.lowerBound ?? $0.path.startIndex))
            }
            .sorted() == ["/libs/Greet/Folder", "/libs/Greet/Linked.swift"],
            "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.severity == .error && $0.summary.contains("is a symbolic link to '") })
    }

    /// A library that does not compile: swiftc's error at the library's file and line, relative
    /// to the working directory, not one error with an absolute path in its notes.
    @Test func aLibrarysCompileErrorIsAtItsFileAndLine() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\nlibraries = [\"libs/Top\"]\n")
        try TestSupport.write(Array("print(1)\n".utf8), to: book + "/libs/Top/main.swift")
        try TestSupport.write(
            Array("# Intro\n\n```swift\nimport Top\nprint(1)\n```\n\n```output\n1\n```\n".utf8),
            to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(2), "\(result.stderrText)")
        #expect(
            result.stderrText.contains("libs/Top/main.swift:1:1: error: expressions are not allowed at the top level"),
            "\(result.stderrText)")
        #expect(result.stderrText.contains("the sample library Top does not compile"), "\(result.stderrText)")
        #expect(!result.stderrText.contains(run.scratch), "\(result.stderrText)")
    }

    /// A library's file is named as the pages are, from the book's folder as the person named it
    /// (newuser-10 #10): relative to the working directory for a book named relatively, from
    /// inside it or from above it, and absolute for a book named by its absolute path (before,
    /// relative whenever the library lay below the working directory, absolute otherwise).
    @Test func aLibrarysFileIsNamedAsTheBookWas() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\nlibraries = [\"../Top\"]\n")
        // The library beside the book, and a page whose sample imports it, so it is compiled.
        for (file, text) in [
            (run.scratch + "/work/Top/main.swift", "print(1)\n"),
            (book + "/src/intro.md", "# Intro\n\n```swift\nimport Top\nprint(1)\n```\n\n```output\n1\n```\n"),
        ] {
            try TestSupport.write(Array(text.utf8), to: file)
        }
        let error = "Top/main.swift:1:1: error: expressions are not allowed at the top level"
        for (arguments, folder, named) in [
            (["build", book], "work", String(book.dropLast("/book".count)) + "/"), (["build", "book"], "work", ""),
            (["build", "work/book"], ".", "work/"), (["build", ".."], "work/book/src", "../../"),
        ] {
            let result = try run.lecture(arguments, in: folder)
            #expect(result.termination == .exited(2), "\(result.stderrText)")
            #expect(
                result.stderrText.hasPrefix(named + error) || result.stderrText.contains("\n" + named + error),
                "\(arguments) in \(folder): \(result.stderrText)")
        }
    }

    /// A source swapped for a link out of the book after it was read and hashed, just before the
    /// compiler runs (here by a compiler wrapper, at the library's compile): the library is
    /// compiled from the bytes read and hashed, never from the file outside.
    @Test func aSourceSwappedForALinkBeforeTheCompileFeedsNothingFromOutside() throws {
        let run = try ContainedRun()
        let book = try run.makeBook("[lecture.samples]\nverify = true\nlibraries = [\"libs/Greet\"]\n")
        try TestSupport.write(Array("public let greeting = \"hello\"\n".utf8), to: book + "/libs/Greet/Greet.swift")
        try TestSupport.write(
            Array("public let greeting = \"stolen from home\"\n".utf8), to: run.scratch + "/home/evil.swift")
        try TestSupport.write(
            Array("# Intro\n\n```swift\nimport Greet\nprint(greeting)\n```\n\n```output\nhello\n```\n".utf8),
            to: book + "/src/intro.md")
        let source = book + "/libs/Greet/Greet.swift"
        try TestSupport.writeScript(
            """
            case " $* " in *" -emit-library "*" -module-name Greet "*)
                if [ ! -e '\(run.scratch)/swapped' ]; then
                    touch '\(run.scratch)/swapped'; rm '\(source)'; ln -s '\(run.scratch)/home/evil.swift' '\(source)'
                fi;;
            esac
            exec swiftc "$@"
            """, to: run.scratch + "/swiftc")
        let result = try run.lecture(
            ["check", "--no-cache"], in: "work/book", environment: ["SWIFTC": run.scratch + "/swiftc"])
        #expect(FileSystem.exists(run.scratch + "/swapped"), "the wrapper never swapped the source")
        #expect(result.termination == .exited(0), "\(result.stdoutText)\(result.stderrText)")
        #expect(!(result.stdoutText + result.stderrText).contains("stolen from home"), "\(result.stderrText)")
    }
}
