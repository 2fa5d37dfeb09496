import Foundation
import Testing

@testable import LectureSupport

/// `FileSystem.parent` gives NSString's folder part without its crash: Foundation's
/// `deletingLastPathComponent` (swift-corelibs-foundation, Swift 6.3.1) stops the process with an
/// illegal instruction on any path of one character, with or without a slash after it (`a`, `b/`,
/// `~`, `~/`: found by `lecture init '~'` in attack 13), a folder name a person may well give.
@Suite struct ParentFolderTests {
    @Test(arguments: [
        ("a/b/c", "a/b"), ("/a", "/"), ("/", "/"), ("a", ""), ("", ""), ("a/b/", "a"), ("/a/b//", "/a"),
        ("a//b", "a"), ("~", ""), ("~/", ""), ("b/", ""), ("é", ""), ("~/x", "~"), ("./~/x", "./~"),
        ("/book/~", "/book"),
    ])
    func theFolderPartOfAPath(_ path: String, _ folder: String) {
        #expect(FileSystem.parent(path) == folder)
    }

    /// Where NSString does not stop, the two agree.
    @Test(arguments: ["a/b/c", "/a", "/", "ab", "a/b/", "~/x", "./~/x", "/book/~", "x/y.md"])
    func itAgreesWithFoundationWhereFoundationRuns(_ path: String) {
        #expect(FileSystem.parent(path) == (path as NSString).deletingLastPathComponent)
    }

    /// The kind, not the example: no source of the tool hands a path to NSString's
    /// `deletingLastPathComponent` (URL's, on absolute file URLs, stays).
    @Test func noSourceUsesNSStringsFolderPart() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(atPath: sources.path)
        var found: [String] = []
        while let name = walker?.nextObject() as? String {
            guard name.hasSuffix(".swift") else { continue }
            let text = try String(contentsOfFile: sources.path + "/" + name, encoding: .utf8)
            if text.contains("as NSString).deletingLastPathComponent") { found.append(name) }
        }
        #expect(found == [], "use FileSystem.parent")
    }
}
