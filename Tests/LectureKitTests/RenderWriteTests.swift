import Foundation
import Testing

@testable import CommonMark
@testable import LectureKit
@testable import LectureSupport

@Suite struct TemplateTests {
    @Test func unknownPlaceholderIsLocatedInTheTemplate() {
        let error = #expect(throws: DiagnosticsError.self) {
            try Template.parse(
                "<html>\n  <title>{{ title }}</title>\n  {{ sidebar }}\n", path: "site-templates/page.html",
                known: Templates.pagePlaceholders)
        }
        #expect(
            error?.diagnostics.map(\.headline) == ["site-templates/page.html:3:3: error: unknown placeholder 'sidebar'"]
        )
    }

    @Test func textIsEscapedAndHTMLIsNot() throws {
        let template = try Template.parse(
            "{{title}}|{{ content }}", path: "t", known: ["title": .text, "content": .parts])
        #expect(
            template.render(["title": .text("<b>&\"</b>"), "content": .html("<p>ok</p>")])
                == "&lt;b&gt;&amp;&quot;&lt;/b&gt;|<p>ok</p>")
    }

    @Test func renderingIntoBytesWithPartsIsRenderingTheJoinedParts() throws {
        let template = try Template.parse(
            "<title>{{ title }}</title>{{ content }}<nav>{{ nav }}</nav>{{ content }}", path: "t",
            known: ["title": .text, "content": .parts, "nav": .parts])
        let values: [String: Template.Value] = ["title": .text("A & <B>"), "nav": .html("<a href=\"x\">ㄱ</a>")]
        let parts = ["<p>한글</p>", "", "<section>é\u{301}</section>"]
        var joined = values
        joined["content"] = .html(parts.joined())
        #expect(template.renderUTF8(values, html: "content", parts: parts) == Array(template.render(joined).utf8))
    }

    @Test func outputPathsOfPages() {
        #expect(OutputPath.html(forMarkdown: "mvc.md") == "mvc.html")
        #expect(OutputPath.html(forMarkdown: "part/a/mvp.md") == "part/a/mvp.html")
        #expect(OutputPath.html(forMarkdown: "README.md") == "index.html")
        #expect(OutputPath.html(forMarkdown: "cli/index.md") == "cli/index.html")
        #expect(OutputPath.html(forMarkdown: "a/README.md.md") == "a/README.md.html")
        #expect(OutputPath.html(forMarkdown: "notes.txt") == "notes.txt")
        #expect(OutputPath.html(forMarkdown: "a//b.md") == "a//b.html")
        #expect(OutputPath.html(forMarkdown: "") == "")
    }

    @Test func unclosedPlaceholderIsAnError() {
        let error = #expect(throws: DiagnosticsError.self) {
            try Template.parse("a {{ title", path: "t.html", known: ["title": .text])
        }
        #expect(error?.diagnostics.map(\.headline) == ["t.html:1:3: error: placeholder is not closed with '}}'"])
    }

    /// ASCII templates are searched by bytes, others by `range(of:)`: both find the same
    /// placeholders at the same places.
    @Test func placeholdersAreFoundAlikeInASCIIAndInOtherText() throws {
        for text in ["<p>{{ title }}</p>\n{{content}}", "<p>제목 {{ title }}</p>\n{{content}}"] {
            let template = try Template.parse(text, path: "t", known: ["title": .text, "content": .parts])
            #expect(template.pieces.filter { if case .placeholder = $0 { true } else { false } }.count == 2)
            #expect(template.render(["title": .text("T"), "content": .html("C")]).hasSuffix("T</p>\nC"))
        }
        let error = #expect(throws: DiagnosticsError.self) {
            try Template.parse("ㄱ\n  {{ nope }}", path: "t.html", known: ["title": .text])
        }
        #expect(error?.diagnostics.map(\.headline) == ["t.html:2:3: error: unknown placeholder 'nope'"])
    }
}

@Suite struct HeadingAndLinkTests {
    @Test func slugsKeepHangulAndDropPunctuation() {
        #expect(HeadingAnchors.slug("MVC의 장점과 단점!") == "mvc의-장점과-단점")
        #expect(HeadingAnchors.slug("`@Observable` (Swift 5.9)") == "observable-swift-59")
        #expect(HeadingAnchors.slug("?!") == "", "mdBook's empty id; repeats are -1, -2, …")
    }

    @Test func repeatedHeadingsGetNumberedAnchors() {
        let blocks = MarkdownParser.parse("## 장점\n\n## 장점\n\n## 장점-1\n")
        let ids = HeadingAnchors.apply(to: blocks).headings.map(\.id)
        #expect(ids == ["장점", "장점-1", "장점-1-1"])
        #expect(Set(ids).count == ids.count)
    }

    @Test func pageLinksAreRewrittenToHTML() {
        #expect(LinkRewriter.rewrite("mvp.md") == "mvp.html")
        #expect(LinkRewriter.rewrite("mvp.md#프레젠터") == "mvp.html#프레젠터")
        #expect(LinkRewriter.rewrite("../README.md") == "../index.html")
        #expect(LinkRewriter.rewrite("https://example.com/a.md") == "https://example.com/a.md")
        #expect(LinkRewriter.rewrite("#local") == "#local")
        #expect(LinkRewriter.rewrite("image.png") == "image.png")
    }
}

@Suite struct WriteTests {
    @Test func filesUnderAFolderAreItsRegularFilesSorted() throws {
        let root = try TestSupport.makeTree([
            "SUMMARY.md": "", "b/c/d.md": "", "b/a.md": "", ".hidden/x.md": "", "한글/가.md": "",
        ])
        let outside = try TestSupport.makeTree(["secret.md": "", "folder/inner.md": ""])
        try FileManager.default.createSymbolicLink(
            atPath: root + "/link.md", withDestinationPath: outside + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: outside + "/folder")
        #expect(mkfifo(root + "/b/pipe.md", 0o600) == 0)
        #expect(FileSystem.files(under: root) == [".hidden/x.md", "SUMMARY.md", "b/a.md", "b/c/d.md", "한글/가.md"])
        #expect(FileSystem.files(under: root + "/missing").isEmpty)
    }

    /// The one folder walker (`FileSystem.files(under:)`, `RunFolderLimit`, the benchmark) meets
    /// a name that is not UTF-8, does not enter a linked folder, and stops when told.
    @Test func theFolderWalkMeetsEveryEntryAndStopsWhenTold() throws {
        let root = try TestSupport.makeTree(["a/b/c.md": "x", "d.md": "y"])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let odd = Array((root + "/a/").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]
        let descriptor = open(odd, O_CREAT | O_WRONLY, 0o600)
        try #require(descriptor >= 0)
        close(descriptor)
        try FileManager.default.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/a")
        var seen: [String: FolderWalk.Kind] = [:]
        FolderWalk.walk(root) { entry in
            seen[entry.relativePath] = entry.kind
            return .continue
        }
        #expect(
            seen == [
                "a": .directory, "a/b": .directory, "a/b/c.md": .regular, "a/\u{FFFD}": .regular, "d.md": .regular,
                "linked": .other,
            ])
        var visits = 0
        FolderWalk.walk(root) { _ in
            visits += 1
            return visits == 2 ? .stop : .continue
        }
        #expect(visits == 2)
    }

    /// One JSON escaper: the site's scripts (files of their own) keep `<`, `>` and `&`; a literal
    /// for a page's inline script (`lecture serve`'s live reload) escapes them too.
    @Test func jsonLiteralsEscapeMarkupOnlyForAPagesScript() {
        var bytes: [UInt8] = []
        JSONLiteral.append("a\"b</script>\n<!--&", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""a\"b<\/script>\n<!--&""#)
        #expect(
            JSONLiteral.quoted("a\"b</script>\n<!--&\u{2028}\t")
                == #""a\"b\u003c\/script\u003e\n\u003c!--\u0026\u2028\u0009""#)
    }

    /// The print page's ids count from 1 (mdBook's `unique_id`), its chapter anchors from 2.
    @Test func uniqueIDsSkipWhatIsTakenFromTheirFirstSuffix() {
        var ids = UniqueID(firstSuffix: 1, taken: ["a", "a-1"])
        #expect(ids.unique("a") == "a-2")
        #expect(ids.unique("b") == "b")
        ids.take("b-1")
        #expect(ids.unique("b") == "b-2")
        #expect(ids.unique("b") == "b-3")
        // A suffixed id is a base of its own.
        #expect(ids.unique("a-1") == "a-1-1")
        #expect(["a", "a-1", "a-2", "b", "b-1", "b-2", "b-3", "a-1-1"].allSatisfy(ids.contains))
        var chapters = UniqueID(firstSuffix: 2, taken: ["ch", "ch-2"])
        #expect(chapters.unique("ch") == "ch-3")
        #expect(chapters.unique("ch") == "ch-4")
        #expect(!chapters.contains("ch-1"))
    }

    /// A page's headings take ids by the print page's rule (`UniqueID`): the reserved ones are
    /// stepped around, a custom id is not (mdBook counts only the ids it makes: `# A {#a-1}`
    /// then `# A` both have `a-1`); 5,000 equal headings get 5,000 ids, the last `same-4999`.
    @Test func headingIDsFollowTheOneUniqueIDRule() {
        let reserved: Set = ["content", "a-2"]
        let page = "# A\n\n# A {#a-1}\n\n# A\n\n# Content\n\n# A\n"
        let blocks = MarkdownParser.parseDocument(page, headingAttributes: true).blocks
        let (_, headings, _) = HeadingAnchors.apply(to: blocks, reserved: reserved)
        #expect(headings.map(\.id) == ["a", "a-1", "a-1", "content-1", "a-3"])
        let many = String(repeating: "# Same\n\n", count: 5000)
        let ids = HeadingAnchors.apply(to: MarkdownParser.parse(many)).headings.map(\.id)
        #expect(ids.count == 5000 && Set(ids).count == 5000 && ids.last == "same-4999")
    }

    @Test func outputPathThatIsAFileIsRefused() throws {
        let root = try TestSupport.makeTree(["_site": "not a folder"])
        let diagnostic = SiteWriter.validate(OutputFolder(root + "/_site"), protecting: [])
        #expect(diagnostic?.headline == "\(root)/_site: error: output path is an existing file, not a folder")
    }

    @Test func foreignFolderIsNeverReplaced() throws {
        let root = try TestSupport.makeTree(["docs/notes.txt": "mine"])
        #expect(
            SiteWriter.validate(OutputFolder(root + "/docs"), protecting: [])?.summary
                == "output folder exists and was not written by lecture; it is left untouched")
    }

    /// An `mdbook build`'s output (the state of an mdBook book's `book/` when its author first
    /// builds it with lecture, newuser-9 #8) is refused as any folder lecture did not write, and
    /// named as mdBook's, with the way on: by its `.nojekyll`, or by its theme's scripts beside
    /// `index.html` (mdBook 0.4's `book.js`, 0.5's `toc-36689be3.js`).
    @Test func mdBooksOutputIsRecognizedAndTheWayOnSaid() throws {
        let root = try TestSupport.makeTree([
            "jekyll/.nojekyll": "This file makes sure that Github Pages doesn't process mdBook's output.\n",
            "jekyll/index.html": "x", "old/index.html": "x", "old/book.js": "x", "new/index.html": "x",
            "new/toc-36689be3.js": "x", "new/searchindex-8fc873a4.js": "x", "other/index.html": "x",
            "other/book-notes.js": "x",
        ])
        for folder in ["jekyll", "old", "new"] {
            let diagnostic = SiteWriter.validate(OutputFolder(root + "/" + folder), protecting: [])
            #expect(
                diagnostic?.summary
                    == "output folder holds mdBook's output (an earlier 'mdbook build'); it is left untouched",
                "\(folder)")
            #expect(
                diagnostic?.notes == [
                    "lecture writes the same site: remove the folder (rm -r '\(root)/\(folder)') and build again, or build into another --output"
                ], "\(folder)")
        }
        #expect(
            SiteWriter.validate(OutputFolder(root + "/other"), protecting: [])?.summary
                == "output folder exists and was not written by lecture; it is left untouched")
        #expect(FileSystem.exists(root + "/new/toc-36689be3.js"))
    }

    @Test func failedBuildLeavesThePreviousSiteUntouched() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n", "content/a.md": "# A\n\n첫 판\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        let configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console).run()
        let before = try #require(TestSupport.read(root + "/_site/a.html"))
        #expect(before.contains("첫 판"))

        try TestSupport.write(Array("# T\n\n- [A](a.md)\n- [B](b.md)\n".utf8), to: root + "/content/SUMMARY.md")
        try TestSupport.write(Array("# A\n\n둘째 판\n".utf8), to: root + "/content/a.md")
        #expect(throws: DiagnosticsError.self) {
            try BuildPipeline(configuration: configuration, console: recorder.console).run()
        }
        #expect(
            recorder.text.contains(
                "\(root)/content/SUMMARY.md:4:3: error: summary links to 'b.md', which does not exist"))
        #expect(TestSupport.read(root + "/_site/a.html") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter {
            $0.contains(".tmp-") || $0.contains(".old-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func rebuildReplacesTheSiteWholesale() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n", "content/a.md": "# A\n", "content/b.md": "# B\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        let configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console).run()
        #expect(FileSystem.exists(root + "/_site/b.html"))
        try TestSupport.write(Array("# T\n\n- [A](a.md)\n".utf8), to: root + "/content/SUMMARY.md")
        try FileManager.default.removeItem(atPath: root + "/content/b.md")
        try BuildPipeline(configuration: configuration, console: recorder.console).run()
        #expect(!FileSystem.exists(root + "/_site/b.html"), "a page no longer in the book must not linger")
        #expect(FileSystem.exists(root + "/_site/a.html"))
    }
}

@Suite struct AccessibilityWarningTests {
    @Test func skippedHeadingLevelIsAWarning() {
        let blocks = MarkdownParser.parse("# A\n\n## B\n\n#### D\n\n## E\n")
        #expect(
            BuildStep.headingOrderWarnings(blocks, path: "p.md").map(\.headline) == [
                "p.md:5:1: warning: heading level jumps from h2 to h4"
            ])
    }
}
