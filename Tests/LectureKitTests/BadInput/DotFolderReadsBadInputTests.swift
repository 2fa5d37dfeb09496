import Foundation
import TestFolders
import Testing

@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Attack 17, F2 (k39): `reads=` of a file in a dot-folder of the pages (`.hidden/creds.txt`),
/// as written or through a plain-named link, was copied into the sample's run, printed, and
/// blessed into the page. It is refused at the fence as `reads=.env` is (`BookFileRule`: no
/// dot-named component, links resolved), and `check --bless` writes nothing.
struct DotFolderReadsBadInputTests {
    static func page(reading file: String) -> String {
        "# Intro\n\n```swift reads=\(file)\nimport Foundation\nprint(try String(contentsOfFile: \"\(file)\", encoding: .utf8), terminator: \"\")\n```\n"
    }

    @Test(arguments: [
        (".hidden/creds.txt", "'reads=.hidden/creds.txt' lies in a dot-folder ('.hidden'), which a book may not read"),
        ("creds.txt", "'reads=creds.txt' lies in a dot-folder ('.hidden'), which a book may not read"),
        (".env", "'reads=.env' is a dot-file ('.env'), which a book may not read"),
    ])
    func aReadsOfAFileInADotFolderIsRefusedAndNotBlessed(_ file: String, _ says: String) throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        try FileSystem.writeAtomically("db-password=correcthorse\n", to: book + "/src/.hidden/creds.txt")
        try FileSystem.writeAtomically("db-password=correcthorse\n", to: book + "/src/.env")
        #expect(symlink(".hidden/creds.txt", book + "/src/creds.txt") == 0)
        try FileSystem.writeAtomically(Self.page(reading: file), to: book + "/src/intro.md")
        let before = run.digest(excluding: ["home/.cache", "cache"])
        let result = try run.lecture(["check", "--bless"], in: "work/book")
        let text = result.stdoutText + result.stderrText
        #expect(result.termination == .exited(1), "\(text)")
        #expect(text.contains("src/intro.md:3:1: error: \(says)"), "\(text)")
        #expect(!text.contains("correcthorse"), "\(text)")
        #expect(run.digest(excluding: ["home/.cache", "cache"]) == before, "nothing blessed into the page")
    }
}
