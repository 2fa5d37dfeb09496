import Foundation
import TestFolders
import Testing

@testable import LectureSupport

/// `CanonicalFolders` (the content loader's pages made canonical, each folder resolved once)
/// gives what `CanonicalPath.of` gives for every kind of path a summary can name: a file, a
/// link to a file inside or outside, a file in a linked folder, a dangling link, a missing
/// page, a folder, `.` and `..`, a relative path, and a folder that became a link after the
/// memo resolved it in an earlier load.
@Suite struct CanonicalPathMemoTests {
    @Test func givesWhatCanonicalPathGivesForEveryKindOfPath() throws {
        let root = try TestFolders.make("canonical-memo")
        let book = root + "/book"
        let outside = root + "/outside"
        for folder in [book + "/src/sub", outside] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in [book + "/src/page.md", book + "/src/sub/deep.md", outside + "/secret.md"] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        }
        let links = [
            ("/src/inside.md", "page.md"), ("/src/out.md", outside + "/secret.md"), ("/src/linked", outside),
            ("/src/dangling.md", "nowhere.md"), ("/src/up", ".."),
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: book + link, withDestinationPath: target)
        }
        let paths = [
            "/src/page.md", "/src/sub/deep.md", "/src/inside.md", "/src/out.md", "/src/linked/secret.md",
            "/src/dangling.md", "/src/missing.md", "/src/sub/missing/deeper.md", "/src", "/src/sub", "/src/.",
            "/src/..", "/src/sub/../page.md", "/src/up/src/page.md", "/src/linked/../book/src/page.md",
        ].map { book + $0 }
        let memo = CanonicalFolders()
        for path in paths + paths {
            #expect(memo.of(path) == CanonicalPath.of(path), "\(path)")
        }
        // Relative to the working directory, as `CanonicalPath.of` reads it.
        let relative = String(repeating: "../", count: 64) + String(book.dropFirst()) + "/src/page.md"
        #expect(memo.of(relative) == CanonicalPath.of(relative))
        #expect(memo.of("/") == CanonicalPath.of("/"))
        // The next load resolves anew: a folder swapped for a link to outside is seen.
        try FileManager.default.moveItem(atPath: book + "/src/sub", toPath: book + "/src/old-sub")
        try FileManager.default.createSymbolicLink(atPath: book + "/src/sub", withDestinationPath: outside)
        #expect(FileManager.default.createFile(atPath: outside + "/deep.md", contents: Data("y".utf8)))
        #expect(CanonicalFolders().of(book + "/src/sub/deep.md") == CanonicalPath.of(outside + "/deep.md"))
    }
}
