import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit

/// The inline chapter tree rendered once for each root and spliced for each page
/// (`NavigationTrees`) is the tree rendered in full for that page, with any theme's partials.
@Suite struct NavigationTreesTests {
    static func chapter(_ title: String, _ path: String, _ children: [Chapter] = [], kind: Chapter.Kind = .page)
        -> Chapter
    {
        var chapter = Chapter(
            title: title, path: path, location: SourceLocation(line: 1, column: 1), children: children)
        chapter.kind = kind
        return chapter
    }

    /// Nested pages in folders, a part title, a draft and a separator, a page listed twice, and
    /// titles that are also other entries' titles.
    static let book = Book(
        title: "Tree",
        chapters: [
            chapter("Intro", "README.md"),
            chapter("Part", "", kind: .partTitle),
            chapter(
                "A", "a/index.md",
                [
                    chapter("A1", "a/one.md", [chapter("A1x", "a/one/x.md")]),
                    chapter("Draft", "", [chapter("A2", "a/two.md")], kind: .draft),
                ]),
            chapter("", "", kind: .separator),
            chapter("B", "b.md"),
            chapter("B again", "b.md"),
            chapter("A1", "c.md"),
            chapter("A1x", "d.md"),
        ])

    /// Every page's tree, at each depth, equals `Navigation.tree` for it.
    func expectSplicedTreesEqualFullOnes(_ partials: Partials) {
        let values = TemplateValues(
            configuration: BuildConfiguration(), book: Self.book, swiftVersion: "", words: .english,
            verifiedSamples: 0, partials: partials)
        let pages = Self.book.flattened.map(\.outputPath) + ["print.html", "404.html"]
        for page in pages {
            let root = OutputPath.rootPrefix(from: page)
            // Twice: the first call renders the root's tree, the second reuses it.
            for _ in 0..<2 {
                #expect(
                    values.navigation(current: page, root: root)
                        == Navigation.tree(Self.book.chapters, current: page, root: root, values: values), "\(page)")
            }
        }
    }

    @Test func theBuiltInPartials() {
        expectSplicedTreesEqualFullOnes(.builtIn)
    }

    /// A theme whose entries drop their children or show only the title (two
    /// entries, `A1x` and another page of that title, then read the same; with and without
    /// children).
    @Test(arguments: [
        "<li><a href=\"{{ href }}\">{{ title }}</a></li>",
        "<li>{{ title }}</li>",
        "<li>{{ title }}{{ children }}</li>",
    ])
    func aThemesPartials(chapter: String) throws {
        let root = try TestSupport.makeTree([
            "partials/chapter.html": chapter,
            "partials/chapter-current.html": "<li class=\"here\">{{ title }}{{ children }}</li>",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        expectSplicedTreesEqualFullOnes(try Partials.load(themeDirectory: root))
    }

    @Test func aSpliceNeedsTheEntryExactlyOnce() {
        #expect(NavigationTrees.splice("<a>x</a><b>", replacing: "<a>x</a>", with: "<i>y</i>") == "<i>y</i><b>")
        #expect(NavigationTrees.splice("<a>x</a><a>x</a>", replacing: "<a>x</a>", with: "y") == nil)
        #expect(NavigationTrees.splice("aaa", replacing: "aa", with: "b") == nil, "overlapping")
        #expect(NavigationTrees.splice("<a>x</a>", replacing: "", with: "y") == nil)
        #expect(NavigationTrees.splice("한글 <a>", replacing: "<a>", with: "<b>") == "한글 <b>")
    }
}
