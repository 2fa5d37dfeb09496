import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `[preprocessor.lecture] allow-warnings` (newuser-10 #7): a warning the book acknowledges by its
/// identifier is not printed, and the closing line counts it; an entry that names no warning, or
/// warnings of several kinds, is a warning at its line; the folder warnings have identifiers of
/// their own, a sample library's apart.
@Suite struct AllowWarningsTests {
    /// A book at `work/book` whose `include-from` names `work/shared`, outside it (no git), with
    /// `allow` as its `allow-warnings` line.
    func book(_ run: ContainedRun, allow: String) throws -> String {
        let book = try run.makeBook(
            "\n[preprocessor.lecture]\nrenderers = []\ninclude-from = [\"../shared\"]\n\(allow)\n")
        try TestSupport.write(Array("shared\n".utf8), to: run.scratch + "/work/shared/note.txt")
        return book
    }

    @Test func anAllowedWarningIsCountedNotPrinted() throws {
        let run = try ContainedRun()
        try run.makeBook(
            "\n[preprocessor.lecture]\nrenderers = []\nallow-warnings = [\"lecture.book-toml.libraries-outside-book\"]\n"
                + "\n[preprocessor.lecture.samples]\nlibraries = [\"../library\"]\n")
        try TestSupport.write(Array("public let answer = 42\n".utf8), to: run.scratch + "/work/library/Library.swift")
        for command in ["build", "check"] {
            let result = try run.lecture([command, "book"], in: "work")
            #expect(result.termination == .exited(0), "\(result.stderrText)")
            let text = result.stdoutText + result.stderrText
            #expect(!text.contains("is outside the book's folder"), "\(command): \(text)")
            #expect(text.contains("; 1 warning allowed by book.toml"), "\(command): \(text)")
        }
    }

    /// A warning to the person building the book (code review 42 #2: here, files read from
    /// outside the book) is printed whatever the book's list says, and the entry is a warning at
    /// its line.
    @Test func aWarningToThePersonBuildingIsNeverAllowed() throws {
        let run = try ContainedRun()
        _ = try book(run, allow: "allow-warnings = [\"lecture.book-toml.folder-outside-book\"]")
        let result = try run.lecture(["build", "book"], in: "work")
        let text = result.stdoutText + result.stderrText
        #expect(
            text.contains(
                "book/book.toml:7:19: warning: 'lecture.book-toml.folder-outside-book' warns the person building the book"
            ), "\(text)")
        #expect(text.contains("is outside the book's folder"), "\(text)")
        #expect(!text.contains("allowed by book.toml"), "\(text)")
        for identifier in AllowedWarnings.protective {
            let place = BookSettingsLoader.Field.Place(file: "book.toml", location: nil, key: "lecture.allow-warnings")
            #expect(AllowedWarnings.problem(identifier.rawValue, place: place) != nil, "\(identifier)")
        }
    }

    @Test func withoutTheListTheWarningIsPrinted() throws {
        let run = try ContainedRun()
        _ = try book(run, allow: "")
        let result = try run.lecture(["build", "book"], in: "work")
        let text = result.stdoutText + result.stderrText
        #expect(text.contains("warning: 'lecture.include-from' folder '../shared' is outside"), "\(text)")
        #expect(!text.contains("allowed by book.toml"), "\(text)")
    }

    /// An unknown identifier (with the nearest) and a shared one are warnings at their lines;
    /// neither allows anything.
    @Test func anUnknownOrSharedIdentifierIsAWarningAtItsLine() throws {
        let run = try ContainedRun()
        _ = try book(
            run,
            allow:
                "allow-warnings = [\n  \"lecture.link.outside-bok\",\n  \"lecture.book-toml.unsupported-key\",\n]"
        )
        let result = try run.lecture(["build", "book"], in: "work")
        let text = result.stdoutText + result.stderrText
        #expect(
            text.contains(
                "book/book.toml:8:3: warning: 'lecture.link.outside-bok' in 'preprocessor.lecture.allow-warnings' is no warning's identifier"
            ), "\(text)")
        #expect(text.contains("did you mean 'lecture.link.outside-book'?"), "\(text)")
        #expect(
            text.contains(
                "book/book.toml:9:3: warning: 'lecture.book-toml.unsupported-key' names warnings of several kinds"),
            "\(text)")
        #expect(text.contains("is outside the book's folder"), "nothing allowed: \(text)")
    }

    /// A sample library outside the book has an identifier of its own, so allowing it allows no
    /// other folder, inside a git work tree that tracks the book too.
    @Test func aLibraryOutsideTheBookHasItsOwnIdentifier() throws {
        let root = try TestSupport.makeTree([
            "docs/book.toml": "[book]\n", "docs/src/SUMMARY.md": "- [A](a.md)\n", "Sources/Lib/Lib.swift": "",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        func problem() -> Diagnostic? {
            ReadableFolder.problem(
                "../Sources/Lib", key: "lecture.samples.libraries", bookDirectory: root + "/docs",
                bookTOML: root + "/docs/book.toml", location: nil)
        }
        #expect(problem()?.identifier == .librariesOutsideBook)
        #expect(
            ReadableFolder.problem(
                "../Sources", key: "lecture.include-from", bookDirectory: root + "/docs",
                bookTOML: root + "/docs/book.toml", location: nil)?.identifier == .folderOutsideBook)
        // In a git work tree that tracks the book, a library beside the book is still outside
        // the book's own folder (code review 42 #5), under the same identifier.
        try GitRepositoryFixture.make(root, tracking: ["docs/book.toml"])
        #expect(problem()?.identifier == .librariesOutsideBook, "\(String(describing: problem()))")
    }
}
