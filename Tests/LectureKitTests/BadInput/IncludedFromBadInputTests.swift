import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A problem in a file a page includes names the file by its normalised path (`book/Pkg/C.swift`,
/// not `book/src/../Pkg/C.swift`: editors, terminals and GitHub's annotations match normalised
/// paths) and, in a note, the directive that included it (`included from book/src/a.md:6`), each
/// directive of a chain, as C compilers say "in file included from": the same file may be
/// included by several pages, each with code of its own around it. Every kind of diagnostic is
/// printed with its path normalised (`Diagnostic.headline`, `ShownPath`).
@Suite struct IncludedFromBadInputTests {
    static let toml =
        "[book]\ntitle = \"T\"\n[preprocessor.lecture]\nrenderers = []\n[preprocessor.lecture.samples]\nverify = true\n"
    /// A type with an error on line 4, between anchors.
    static let code = "// ANCHOR: type\nstruct C {\n    var n = 0\n    func f() -> Int { m }\n}\n// ANCHOR_END: type\n"

    /// `lecture ARGUMENTS` run in `folder`, as a person runs it: its exit status and what it printed.
    func run(_ arguments: [String], in folder: String? = nil) throws -> (status: Int32?, text: String) {
        let ran = try Subprocess.run(
            TestSupport.executable, arguments + ["--cache-dir", TestSupport.cacheDirectory], directory: folder,
            timeout: 300, cancellation: .process)
        if case .exited(let status) = ran.termination { return (status, ran.stderrText + ran.stdoutText) }
        return (nil, ran.stderrText + ran.stdoutText)
    }

    /// Two pages include the same file (one through a file of its own, `mid.swift`): each error
    /// is at the file's line, its path without `src/..`, and names its own way in.
    @Test func aCompileErrorInAnIncludedFileNamesTheNormalisedFileAndEachIncludingDirective() throws {
        let root = try TestSupport.makeTree([
            "book.toml": Self.toml, "src/SUMMARY.md": "# S\n\n- [A](a.md)\n- [B](b.md)\n",
            "src/a.md": "# A\n\nText.\n\n```swift\n{{#include ../Pkg/Sources/C/C.swift:type}}\nprint(1)\n```\n",
            "src/b.md": "# B\n\n```swift\n{{#include mid.swift:all}}\nprint(2)\n```\n",
            "src/mid.swift": "// ANCHOR: all\n{{#include ../Pkg/Sources/C/C.swift:type}}\n// ANCHOR_END: all\n",
            "Pkg/Sources/C/C.swift": Self.code,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (status, text) = try run(["build", root])
        #expect(status == 1)
        let shown = ShownPath.normalized(root)
        let file = shown + "/Pkg/Sources/C/C.swift:4:23: error: cannot find 'm' in scope"
        #expect(text.components(separatedBy: file).count == 3, "both errors at the file's line: \(text)")
        #expect(!text.contains("src/../"), "no unnormalised path: \(text)")
        #expect(text.contains("    included from \(shown)/src/a.md:6"), "\(text)")
        #expect(text.contains("    included from \(shown)/src/mid.swift:2, from \(shown)/src/b.md:4"), "\(text)")
    }

    /// Another kind of diagnostic at an included line, a broken link in a shared Markdown file
    /// outside the pages' folder, and the book given as `./BOOK/`: every path printed normalised.
    @Test func aLinkErrorInAnIncludedPageAndABookGivenWithDotSegmentsAreShownNormalised() throws {
        let root = try TestSupport.makeTree([
            "book.toml": Self.toml + "[bogus]\n", "src/SUMMARY.md": "# S\n\n- [A](a.md)\n",
            "src/a.md": "# A\n\n{{#include ../shared/part.md}}\n",
            "shared/part.md": "Some text.\n\nSee [there](missing.md).\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let parent = URL(fileURLWithPath: root).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: root).lastPathComponent
        // The tool names paths as given, relative to the working folder: `./NAME/` is given here.
        let (status, text) = try run(["build", "./\(name)/"], in: parent)
        #expect(status == 1)
        #expect(text.contains("\(name)/shared/part.md:3:5: error: "), "the link, in the shared file: \(text)")
        #expect(text.contains("    included from \(name)/src/a.md:3"), "\(text)")
        #expect(text.contains("\(name)/book.toml:"), "the unknown key's warning: \(text)")
        #expect(!text.contains("./"), "no dot segment: \(text)")
    }

    @Test(arguments: [
        ("book/src/../Pkg/C.swift", "book/Pkg/C.swift"), ("./book/src/./a.md", "book/src/a.md"),
        ("/tmp//book/src/../a.md", "/tmp//book/a.md"),
        ("../book/a.md", "../book/a.md"), ("a/../../b", "../b"), ("/x/../y", "/y"), ("/../y", "/y"),
        ("a/..", "."), ("a.md", "a.md"), ("", ""),
    ])
    func pathsAreNormalisedLexically(_ path: String, _ shown: String) {
        #expect(ShownPath.normalized(path) == shown)
        #expect(
            Diagnostic.error(.bookTOMLSyntax, path, nil, "x").headline
                == (shown.isEmpty ? "error: x" : "\(shown): error: x"))
    }

    /// `link/..` is not `.` when `link` is a symbolic link: it leads out of the link's target.
    @Test func aSymbolicLinksDotDotIsKept() throws {
        let made = try TestSupport.makeTree(["real/inner/f.txt": "x"])
        defer { FileSystem.removeTemporaryDirectory(made) }
        let root = ShownPath.normalized(made)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real/inner")
        #expect(ShownPath.normalized(root + "/link/../inner/f.txt") == root + "/link/../inner/f.txt")
        #expect(ShownPath.normalized(root + "/real/inner/../inner/f.txt") == root + "/real/inner/f.txt")
    }
}
