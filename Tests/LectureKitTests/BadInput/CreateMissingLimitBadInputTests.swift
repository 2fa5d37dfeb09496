import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Summary links to pages create-missing (on by default, as in mdBook) cannot create: a name of
/// 300 bytes got two errors at one line, one quoting Foundation (`The file name is invalid.
/// (NSCocoaErrorDomain 514)`); a link 2,100 folders deep got the same and left 2,031 nested
/// folders in `src/`; `~/secret.md` was told to drop a leading dot it does not have (attack 16,
/// k17). Now each is one error in lecture's words at its line, the limit named (`PathLimits`,
/// checked before anything is made), nothing created; `~` is told it is not expanded.
struct CreateMissingLimitBadInputTests {
    static let longName = String(repeating: "x", count: 300) + ".md"
    static let deepPath = String(repeating: "d/", count: 2100) + "d.md"

    @Test func pagesTheSystemRefusesAreOneErrorEachAndNothingIsCreated() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try FileSystem.writeAtomically(
            "# Summary\n\n- [Intro](intro.md)\n- [Long](\(Self.longName))\n- [Deep](\(Self.deepPath))\n- [Tilde](~/secret.md)\n- [Fine](made/fine.md)\n",
            to: book + "/src/SUMMARY.md")
        let before = run.digest(excluding: ["work"])
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.termination == .exited(1), "\(result.stderrText.prefix(2000))")
        let text = result.stdoutText + result.stderrText
        let errors = text.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        #expect(!text.contains("Cocoa") && !text.contains("The file name is invalid"), "\(text.prefix(3000))")
        #expect(text.utf8.count < 4000, "no path of 4,000 bytes is printed whole: \(text.utf8.count) bytes")
        for (line, limit) in [(4, "(NAME_MAX)"), (5, "(PATH_MAX)")] {
            let here = errors.filter { $0.contains("SUMMARY.md:\(line):") }
            #expect(here.count == 1, "line \(line): \(here)")
            #expect(
                here.first?.contains("cannot be created: ") == true && here.first?.contains(limit) == true, "\(here)")
        }
        let tilde = try #require(errors.firstIndex { $0.contains("SUMMARY.md:6:") }, "\(errors)")
        let lines = text.split(separator: "\n").map(String.init)
        // Its notes: the indented lines under it.
        let tildeNotes = lines.drop { !$0.contains("SUMMARY.md:6:") }.dropFirst().prefix { $0.hasPrefix(" ") }
        #expect(tildeNotes.contains { $0.contains("expands no '~'") }, "\(errors[tilde]) \(Array(tildeNotes))")
        #expect(!tildeNotes.contains { $0.contains("leading dot") }, "\(Array(tildeNotes))")
        // Nothing made for the refused links; the page that can be made is, with its folder.
        #expect(!FileSystem.exists(book + "/src/d") && !FileSystem.exists(book + "/src/~"))
        #expect(FileSystem.files(under: book + "/src") == ["SUMMARY.md", "intro.md", "made/fine.md", "next.md"])
        #expect(run.digest(excluding: ["work"]) == before, "nothing outside the book was written")
    }

    /// The kind: every file lecture writes or folder it makes asks `PathLimits` first, and a
    /// Foundation file error reaches a person as its `errno`'s meaning, never Foundation's text.
    @Test func writesCheckTheLimitsFirstAndFoundationErrorsAreToldByErrno() throws {
        let run = try ContainedRun()
        let folder = run.scratch + "/work"
        for path in [folder + "/a/b/" + Self.longName, folder + "/a/" + Self.deepPath] {
            #expect(throws: LectureError.self) { try FileSystem.writeAtomically("x", to: path) }
            #expect(throws: LectureError.self) { try FileSystem.makeDirectories(path) }
        }
        #expect(!FileSystem.exists(folder + "/a"), "no folder made on the way")
        for (code, words) in [
            (CocoaError.Code.fileWriteInvalidFileName, "File name too long"),
            (.fileWriteNoPermission, "Permission denied"), (.fileNoSuchFile, "No such file or directory"),
            (.fileWriteOutOfSpace, "No space left on device"), (.fileWriteVolumeReadOnly, "Read-only file system"),
        ] {
            let reason = SystemErrorText.reason(of: CocoaError(code))
            #expect(reason.hasPrefix(words) && !reason.contains("Cocoa"), "\(code): \(reason)")
        }
        let unknown = SystemErrorText.reason(of: CocoaError(.fileWriteUnknown))
        #expect(!unknown.contains("Cocoa") && !unknown.contains("The file"), "\(unknown)")
        // Foundation's own failure, met for real: its text is not what is said.
        do {
            try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + Self.longName), options: .atomic)
            Issue.record("a 300-byte name was written")
        } catch {
            #expect(SystemErrorText.reason(of: error).hasPrefix("File name too long"), "\(error)")
        }
    }
}
