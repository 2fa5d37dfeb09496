import Foundation
import TestFolders
import Testing

@testable import LectureSupport

/// `CanonicalPath.of` returns realpath(3)'s answer when the whole path exists, without the walk
/// over components it makes for a path whose end is missing: both give what the walk alone gave
/// (`walked`, the function as it was), for every kind of path.
@Suite struct CanonicalPathTests {
    /// The walk alone: realpath(3) of the longest part that exists, then the rest as written.
    static func walked(_ spelled: String) -> String {
        let absolute = spelled.hasPrefix("/") ? spelled : CanonicalPath.workingDirectory() + "/" + spelled
        let components = absolute.split(separator: "/").map(String.init)
        var existing = components.count
        var result: [String] = []
        while existing > 0 {
            if let real = CanonicalPath.realPath("/" + components[..<existing].joined(separator: "/")) {
                result = real.split(separator: "/").map(String.init)
                break
            }
            existing -= 1
        }
        for component in components[existing...] where component != "." {
            if component == ".." { _ = result.popLast() } else { result.append(component) }
        }
        return "/" + result.joined(separator: "/")
    }

    @Test func givesWhatTheWalkGaveForEveryKindOfPath() throws {
        let root = try TestFolders.make("canonical-path")
        let book = root + "/book"
        let outside = root + "/outside"
        for folder in [book + "/src/sub", outside] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in [book + "/src/page.md", outside + "/secret.md"] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        }
        for (link, target) in [
            ("/src/inside.md", "page.md"), ("/src/linked", outside), ("/src/dangling.md", "nowhere.md"),
            ("/src/up", ".."), ("/src/loop", "loop"),
        ] {
            try FileManager.default.createSymbolicLink(atPath: book + link, withDestinationPath: target)
        }
        let paths =
            [
                "/src/page.md", "/src/page.md/", "/src/page.md/.", "/src/page.md/..", "/src/page.md/x",
                "/src/inside.md", "/src/linked/secret.md", "/src/linked/../book", "/src/dangling.md",
                "/src/dangling.md/x/..", "/src/missing/../page.md", "/src/missing/./x", "/src//sub///",
                "/src/./sub/.", "/src/up/up/src", "/src/loop", "/src/loop/x", "/src/sub/../../..",
            ].map { book + $0 } + ["/", "//", "/..", "/nowhere/at/all", "/proc/self/../self"]
        for path in paths {
            #expect(CanonicalPath.of(path) == Self.walked(path), "\(path)")
        }
        let relative = String(repeating: "../", count: 64) + String(book.dropFirst()) + "/src/./sub/missing"
        #expect(CanonicalPath.of(relative) == Self.walked(relative))
        #expect(CanonicalPath.of(relative) == CanonicalPath.of(book) + "/src/sub/missing")
    }
}
