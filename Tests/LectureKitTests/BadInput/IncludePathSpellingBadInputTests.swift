import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Attack 14, kinds 70a and 70b: `{{#include a b.txt}}` with `a b.txt` present said "names 'a',
/// which does not exist" (quoted: `'"a'`), and `{{#include a.txt/}}` included the file where the
/// kernel and mdBook 0.5.4 refuse it.
@Suite struct IncludePathSpellingBadInputTests {
    func expand(_ directive: String, files: [String: String]) throws -> [Diagnostic] {
        let root = try TestSupport.makeTree(files)
        defer { FileSystem.removeTemporaryDirectory(root) }
        return IncludeExpander.expand(
            "# P\n\n```text\n\(directive)\n```\n", displayPath: "page.md", directory: root,
            scope: IncludeScope(bookDirectory: root, contentDirectory: root)
        ).diagnostics
    }

    @Test(arguments: [
        ("{{#include a b.txt}}", "a"), ("{{#include \"a b.txt\"}}", "\"a"), ("{{#include a b.txt:1:2}}", "a"),
        ("{{#include 'a b.txt'}}", "'a"),
    ])
    func aPathWithASpaceSaysWhereItEnds(_ directive: String, _ named: String) throws {
        let diagnostics = try expand(directive, files: ["a b.txt": "one\ntwo\n"])
        #expect(
            diagnostics.map(\.headline) == [
                "page.md:4:1: error: {{#include}} names \(quoted: named), which does not exist: the path ends at the first space"
            ], "\(diagnostics.map(\.headline))")
        #expect(diagnostics.first?.notes.first?.contains("'a b.txt' exists") == true)
        #expect(diagnostics.first?.notes.first?.contains("'a-b.txt'") == true)
    }

    /// Words after a path that exists are a playground's attributes, said elsewhere; words that
    /// name no file together leave the plain "does not exist".
    @Test func otherWordsAfterAPathAreNotThisProblem() throws {
        let found = try expand("{{#include a.txt b}}", files: ["a.txt": "one\n"])
        #expect(!found.contains { $0.summary.contains("first space") })
        let missing = try expand("{{#include x y.txt}}", files: ["a.txt": "one\n"])
        #expect(missing.map(\.summary) == ["{{#include}} names 'x', which does not exist"], "\(missing.map(\.summary))")
    }

    @Test func aPathEndingInASlashNamesAFolder() throws {
        let diagnostics = try expand("{{#include a.txt/}}", files: ["a.txt": "one\n"])
        #expect(
            diagnostics.map(\.headline) == [
                "page.md:4:1: error: {{#include}} names 'a.txt/', a folder (it ends in '/'), and 'a.txt' is a file"
            ], "\(diagnostics.map(\.headline))")
        let folder = try expand("{{#include sub/}}", files: ["sub/a.txt": "one\n"])
        #expect(folder.map(\.summary) == ["{{#include}} names 'sub/', which is a folder"], "\(folder.map(\.summary))")
    }
}
