import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// A summary link that names a folder (`sub/`, attack 9, kind 7): read as a path it lost its
/// last `/`, and mdBook's create-missing made a Markdown file `sub` in the content folder, built
/// as `sub.html` and copied as `sub` (mdBook 0.5.4 fails: 'Is a directory'). Each is now an error
/// at its line with the folder's page as the fix, and nothing is created.
@Suite struct SummaryFolderLinkBadInputTests {
    @Test func aSummaryLinkNamingAFolderIsAnErrorAtItsLineAndCreatesNothing() throws {
        let entries = ["sub/", "sub/.", "sub//", "deep/x/", "page.md/", "there/", "there/..", "./"]
        var summary = "# Summary\n\n- [Page](page.md)\n"
        for (index, entry) in entries.enumerated() { summary += "- [\(index)](\(entry))\n" }
        let (root, lines, failed) = try BadInputBook.build([
            "SUMMARY.md": summary, "page.md": "# Page\n", "there/image.txt": "x\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(failed)
        let errors = lines.filter { $0.contains(": error:") }
        #expect(errors.count == entries.count, "\(lines)")
        let path = root + "/content/SUMMARY.md"
        for (index, entry) in entries.enumerated() {
            #expect(
                errors.contains {
                    $0.hasPrefix("\(path):\(4 + index):3: error: summary link '\(entry)' names a folder, not a page")
                }, "'\(entry)': \(errors)")
        }
        #expect(errors.contains { $0.contains("such as 'sub/README.md'") }, "\(errors)")
        #expect(errors.contains { $0.contains("such as 'deep/x/README.md'") }, "\(errors)")
        let made = try FileManager.default.subpathsOfDirectory(atPath: root + "/content").sorted()
        #expect(made == ["SUMMARY.md", "page.md", "there", "there/image.txt"], "\(made)")
    }
}

/// Its sibling (attack 9): a missing page create-missing would make under a name that is no
/// Markdown file (`notes.txt`, `img.png`, `sub`): mdBook 0.5.4 writes `# X` into it, an image
/// file holding a heading. Each is an error at its line, naming the Markdown page to link, and
/// nothing is written; a missing `.md` page (any case) is still created, and an existing
/// `there.txt` page still builds, as in mdBook.
@Suite struct SummaryNonMarkdownLinkBadInputTests {
    @Test func aMissingPageThatIsNoMarkdownFileIsAnErrorAndNotCreated() throws {
        let entries = ["notes.txt", "img.png", "sub", "deep/notes.txt", "page.html"]
        var summary = "# Summary\n\n- [New](new.md)\n- [Up](UP.MD)\n- [There](there.txt)\n"
        for (index, entry) in entries.enumerated() { summary += "- [T\(index)](\(entry))\n" }
        let root = try TestSupport.makeTree(["SUMMARY.md": summary, "there.txt": "# There\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let loaded = ContentLoader.load(contentDirectory: root, reuse: { _, _ in nil }, createMissing: true)
        let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.headline)
        #expect(errors.count == entries.count, "\(errors)")
        for (index, entry) in entries.enumerated() {
            #expect(
                errors.contains {
                    $0.hasPrefix(
                        "\(root)/SUMMARY.md:\(6 + index):3: error: summary links to '\(entry)', which does not exist, and is no Markdown page to create"
                    )
                }, "'\(entry)': \(errors)")
        }
        let notes = loaded.diagnostics.flatMap(\.notes)
        #expect(notes.contains { $0.hasPrefix("link a Markdown page ('notes.md')") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("link a Markdown page ('deep/notes.md')") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("link a Markdown page ('sub.md')") }, "\(notes)")
        let made = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        #expect(made == ["SUMMARY.md", "UP.MD", "new.md", "there.txt"], "\(made)")
        #expect(loaded.files.map(\.relativePath).sorted() == ["UP.MD", "new.md", "there.txt"])
    }
}

/// A summary link with a query (attack 10, kind 16): `a.md?x=1` was read as a file name, and
/// create-missing wrote `src/a.md?x=1` into the book although the build failed (mdBook 0.5.4
/// does the same). A query is refused at its line, nothing written; a page whose own name holds
/// `?` or `#` and ends in `.md` is still a page, as in mdBook. A fragment after a page's name
/// (`b.md#frag`) names that page, as mdBook 0.5.4 builds it, the fragment dropped with a warning.
@Suite struct SummaryQueryLinkBadInputTests {
    @Test func aSummaryLinkWithAQueryIsAnErrorAndWritesNothing() throws {
        let entries = ["a.md?x=1", "sub/c.md?", "d.md?x=1#y", "e?", "f#x"]
        var summary = "# Summary\n\n- [What](what?.md)\n- [Sharp](c#.md)\n"
        for (index, entry) in entries.enumerated() { summary += "- [T\(index)](\(entry))\n" }
        let root = try TestSupport.makeTree(["SUMMARY.md": summary, "what?.md": "# What\n", "c#.md": "# C\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let loaded = ContentLoader.load(contentDirectory: root, reuse: { _, _ in nil }, createMissing: true)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == entries.count, "\(errors.map(\.headline))")
        for (index, entry) in entries.enumerated() {
            #expect(
                errors.contains {
                    $0.headline
                        == "\(root)/SUMMARY.md:\(5 + index):3: error: summary link '\(entry)' must be a relative path to a page"
                        && $0.notes.first?.contains("no '\(entry.contains("?") ? "?" : "#")' part") == true
                }, "'\(entry)': \(errors.map(\.headline))")
        }
        let made = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        #expect(made == ["SUMMARY.md", "c#.md", "what?.md"], "\(made)")
        #expect(loaded.files.map(\.relativePath).sorted() == ["c#.md", "what?.md"])
    }
}

extension SummaryQueryLinkBadInputTests {
    /// `b.md#frag` is the page `b.md` (mdBook 0.5.4 builds it and drops the fragment from its
    /// links): a warning at the entry says what is dropped; a missing page is created as `b.md`.
    @Test func aFragmentAfterAPageNameIsDroppedWithAWarning() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "# Summary\n\n- [A](a.md#part)\n- [B](b.md#frag)\n", "a.md": "# A\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let loaded = ContentLoader.load(contentDirectory: root, reuse: { _, _ in nil }, createMissing: true)
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics.map(\.headline))")
        let warnings = loaded.diagnostics.filter { $0.identifier == .summaryBadLink }.map(\.headline)
        #expect(
            warnings == [
                "\(root)/SUMMARY.md:3:3: warning: summary link 'a.md#part' names a part of 'a.md'; the chapter is the whole page, and '#part' is dropped",
                "\(root)/SUMMARY.md:4:3: warning: summary link 'b.md#frag' names a part of 'b.md'; the chapter is the whole page, and '#frag' is dropped",
            ], "\(warnings)")
        #expect(loaded.files.map(\.relativePath).sorted() == ["a.md", "b.md"])
    }
}

/// A summary link that is a URL with a scheme and no `//` (attack 11, kind 78): `mailto:a@b.c`'s
/// note said to create a file named after it. Each (`mailto:`, `tel:`, `javascript:`, `data:`)
/// is refused as `https://…` is, nothing written; a page whose name holds a `:` and ends in
/// `.md` (`notes:2.md`) is still a page.
@Suite struct SummarySchemeLinkBadInputTests {
    @Test func aSummaryLinkWithAURLSchemeIsAnErrorAndWritesNothing() throws {
        let entries = ["mailto:a@b.c", "tel:+1-555", "javascript:alert(1)", "data:text/html,x"]
        var summary = "# Summary\n\n- [Notes](notes:2.md)\n"
        for (index, entry) in entries.enumerated() { summary += "- [T\(index)](\(entry))\n" }
        let root = try TestSupport.makeTree(["SUMMARY.md": summary, "notes:2.md": "# Notes\n"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let loaded = ContentLoader.load(contentDirectory: root, reuse: { _, _ in nil }, createMissing: true)
        let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.headline)
        #expect(
            errors
                == entries.enumerated().map {
                    "\(root)/SUMMARY.md:\(4 + $0.offset):3: error: summary link '\($0.element)' must be a relative path to a page"
                }, "\(errors)")
        let made = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
        #expect(made == ["SUMMARY.md", "notes:2.md"], "\(made)")
        #expect(loaded.files.map(\.relativePath) == ["notes:2.md"])
    }
}
