import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Rebuilds with a `SessionMemory`, as `lecture serve` does: only what changed is redone, and
/// the result is the same as a full build.
@Suite struct IncrementalBuildTests {
    func tree() throws -> (root: String, configuration: BuildConfiguration) {
        try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": "# A\n\n[B의 절](b.md#절)\n",
            "b.md": "# B\n\n## 절\n\n본문\n",
        ])
    }

    @Test func unchangedPagesAreLinkedAndChangedOnesRewritten() throws {
        let (root, configuration) = try tree()
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        let aBefore = try #require(TestSupport.inode(root + "/_site/a.html"))

        // A new modification time and size: the page is read again.
        try TestSupport.write(Array("# B\n\n## 절\n\n고친 본문\n".utf8), to: root + "/content/b.md")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        #expect(
            TestSupport.inode(root + "/_site/a.html") == aBefore, "an unchanged page is hard-linked from the last site")
        #expect(TestSupport.read(root + "/_site/b.html")?.contains("고친 본문") == true)
        #expect(
            TestSupport.read(root + "/_site/print.html")?.contains("고친 본문") == true, "the print page follows the edit")

        // The same bytes as a full build from scratch.
        let fresh = try TestSupport.temporaryDirectory() + "/site"
        var full = configuration
        full.outputDirectory = fresh
        // A session keeps the files' names (`BuildStep.contentNames`): as `hash-files = false` does.
        full.book.hashFiles = false
        try BuildPipeline(configuration: full, console: recorder.console).run()
        for page in [
            "a.html", "b.html", "index.html", "search/pages.js", "search/t/0.js", "search/g/0.js", "print.html",
        ] {
            #expect(
                TestSupport.read(root + "/_site/" + page) == TestSupport.read(fresh + "/" + page),
                "\(page) differs from a full build")
        }
    }

    @Test func renamingAHeadingRechecksLinksOnUnchangedPages() throws {
        let (root, configuration) = try tree()
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        try TestSupport.write(Array("# B\n\n## 다른 절\n".utf8), to: root + "/content/b.md")
        #expect(throws: DiagnosticsError.self) {
            try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        }
        #expect(
            recorder.lines.contains {
                $0.hasPrefix("\(root)/content/a.md:3:1: error: broken link: 'b.md#절' names no heading or id of 'b.md'")
            })
    }

    @Test func changingTheTemplateRendersEveryPageAgain() throws {
        let (root, configuration) = try tree()
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        try TestSupport.write(
            Array(TestSupport.minimalPage.replacingOccurrences(of: "<main>", with: "<main class=\"new\">").utf8),
            to: root + "/templates/page.html")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        #expect(TestSupport.read(root + "/_site/a.html")?.contains("<main class=\"new\">") == true)
        #expect(TestSupport.read(root + "/_site/b.html")?.contains("<main class=\"new\">") == true)
    }

    /// A partial is chrome on every page (`GlobalInputs` holds the partials): adding one to
    /// the theme renders every page again, as editing `page.html` does.
    @Test func changingAPartialRendersEveryPageAgain() throws {
        let (root, configuration) = try tree()
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        try TestSupport.write(
            Array("<li class=\"mine\"><a href=\"{{ href }}\">{{ title }}</a>{{ children }}</li>\n".utf8),
            to: root + "/templates/partials/chapter.html")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        #expect(TestSupport.read(root + "/_site/a.html")?.contains("<li class=\"mine\"><a href=\"b.html\">") == true)
        #expect(TestSupport.read(root + "/_site/b.html")?.contains("<li class=\"mine\"><a href=\"a.html\">") == true)
    }

    /// Every step of a build is wrapped with the memory (`StepReuse`): a rebuild with nothing
    /// changed takes every page (every file, for `Load` and `Write`) from it. Fails when a step
    /// stops being memoised, or a new step is added without saying what it reads.
    @Test func aRebuildWithNothingChangedTakesEveryStepFromMemory() throws {
        let (root, configuration) = try tree()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        #expect(memory.lastReuse.values.allSatisfy { $0 == 0 }, "a first build finds nothing: \(memory.lastReuse)")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        let reuse = memory.lastReuse
        #expect(Set(reuse.keys) == Set(BuildStep.site.map(\.name)))
        for step in BuildStep.site where step.name != BuildStep.write.name {
            #expect(reuse[step.name] == 2, "\(step.name) took \(reuse[step.name] ?? 0) of 2 pages from memory")
        }
        #expect((reuse[BuildStep.write.name] ?? 0) >= 2, "Write linked \(reuse[BuildStep.write.name] ?? 0) files")

        // An edited page is done again by every step; the other one is still taken from memory.
        try TestSupport.write(Array("# B\n\n## 절\n\n고친 본문\n".utf8), to: root + "/content/b.md")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        for step in BuildStep.site where step.name != BuildStep.write.name {
            #expect(memory.lastReuse[step.name] == 1, "\(step.name): \(memory.lastReuse)")
        }
    }

    /// The emitted-URL check of a page taken from memory: its raw HTML names files and ids of
    /// other pages, which an edit elsewhere removes. After each edit the
    /// session's rebuild reports what a clean build of the same book reports.
    @Test func aPageFromMemoryHasItsRawURLsCheckedAgainstThisBuildsFilesAndIDs() throws {
        let (root, configuration) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": "# A\n\n<p><img src=\"picture.svg\" alt=\"p\"> <a href=\"b.html#foo\">B's Foo</a></p>\n",
            "b.md": "# B\n\n## Foo\n\ntext\n",
            "picture.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let memory = SessionMemory()
        /// The problems a build reports, its output folder named `OUT`.
        func problems(_ memory: SessionMemory?) -> [String] {
            var build = configuration
            if memory == nil { build.outputDirectory = root + "/clean" }
            let recorder = TestSupport.Recorder()
            let pipeline =
                memory.map { BuildPipeline(configuration: build, console: recorder.console, memory: $0) }
                ?? BuildPipeline(configuration: build, console: recorder.console)
            _ = try? pipeline.run()
            return recorder.lines.filter { $0.contains("error:") }.map {
                $0.replacingOccurrences(of: build.outputDirectory, with: "OUT")
            }
        }
        #expect(problems(memory) == [])
        // Another page's heading renamed: a.html's link to it is broken, though a.md is unchanged.
        try TestSupport.write(Array("# B\n\n## Bar\n\ntext\n".utf8), to: root + "/content/b.md")
        let renamed = problems(memory)
        #expect(renamed.contains { $0.contains("a.md:") && $0.contains("b.html#foo") }, "\(renamed)")
        #expect(renamed == problems(nil))
        // Restored; then a page edited and the picture removed: a.html's image is broken.
        try TestSupport.write(Array("# B\n\n## Foo\n\ntext\n".utf8), to: root + "/content/b.md")
        #expect(problems(memory) == [])
        try TestSupport.write(Array("# B\n\n## Foo\n\nmore text\n".utf8), to: root + "/content/b.md")
        #expect(problems(memory) == [])
        try FileManager.default.removeItem(atPath: root + "/content/picture.svg")
        let removed = problems(memory)
        #expect(removed.contains { $0.contains("a.md:") && $0.contains("picture.svg") }, "\(removed)")
        #expect(removed == problems(nil))
    }

    /// A page rendered again in a build that failed after `Render` (a raw link to no page on
    /// another page) is not the live site's copy: the next build, which passes, writes it, and
    /// never hard-links the older file the live site still holds.
    @Test func aPageRenderedInAFailedBuildIsWrittenByTheNextOne() throws {
        let (root, configuration) = try tree()
        defer { FileSystem.removeTemporaryDirectory(root) }
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        try TestSupport.write(
            Array("# A\n\n[B의 절](b.md#절)\n\n<p><a href=\"nowhere.html\">x</a></p>\n".utf8), to: root + "/content/a.md")
        try TestSupport.write(Array("# B\n\n## 절\n\n고친 본문\n".utf8), to: root + "/content/b.md")
        #expect(throws: DiagnosticsError.self) {
            try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        }
        try TestSupport.write(Array("# A\n\n[B의 절](b.md#절)\n".utf8), to: root + "/content/a.md")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        #expect(TestSupport.read(root + "/_site/b.html")?.contains("고친 본문") == true, "b.html is the edited page")
    }

    /// A book whose page has a sample that imports a library of the book's own (`lib/Greeting`),
    /// whose function takes `parameters`, with the configuration that builds it.
    func bookWithALibrary(parameters: String) throws -> (root: String, configuration: BuildConfiguration) {
        var (root, configuration) = try TestSupport.book([
            "SUMMARY.md": "# T\n\n- [A](a.md)\n- [B](b.md)\n",
            "a.md": "# A\n\n```swift\nimport Greeting\nprint(greeting(to: \"B\"))\n```\n\n```output\nHello, B\n```\n",
            "b.md": "# B\n\n본문\n",
        ])
        try writeLibrary(root, parameters: parameters)
        configuration.verifier.libraries = [root + "/lib/Greeting"]
        return (root, configuration)
    }

    func writeLibrary(_ root: String, parameters: String) throws {
        try FileSystem.writeAtomically(
            "/// Greets someone.\npublic func greeting(\(parameters)) -> String { \"Hello, \\(name)\" }\n",
            to: root + "/lib/Greeting/Greeting.swift")
    }

    /// Nothing changed, on a book with a verified sample: every page step takes every page from
    /// memory, `Figures` included, whose page input is what the page shows of the sample's result
    /// (not its time or whether the cache answered, which change on every build).
    @Test func aRebuildWithNothingChangedRedoesNoPageOfABookWithSamples() throws {
        let (root, configuration) = try bookWithALibrary(parameters: "to name: String")
        defer { FileSystem.removeTemporaryDirectory(root) }
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        #expect(TestSupport.read(root + "/_site/a.html")?.contains("Hello, B") == true, "the sample's output is shown")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        for step in BuildStep.site where step.page != nil {
            #expect(memory.lastReuse[step.name] == 2, "\(step.name) redid a page: \(memory.lastReuse)")
        }
    }

    /// `lecture serve` watches the book's sample libraries: a library's declaration changed
    /// (a parameter with a default added) changes the hover card of the sample that calls it,
    /// and not its output or its page's file. The rebuild with the session's memory gives the
    /// site a clean build gives, byte for byte: the page's new per-page input (`Figures`) is
    /// passed on to every later step.
    @Test func aLibraryChangeInASessionGivesTheCleanBuildsSite() throws {
        let (root, configuration) = try bookWithALibrary(parameters: "to name: String")
        defer { FileSystem.removeTemporaryDirectory(root) }
        let memory = SessionMemory()
        let recorder = TestSupport.Recorder()
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        #expect(
            TestSupport.read(root + "/_site/a.html")?.contains("func greeting(to name: String) -&gt;") == true,
            "a hover card shows the declaration")

        try writeLibrary(root, parameters: "to name: String, mark: String = \"\"")
        try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
        var clean = configuration
        clean.outputDirectory = root + "/clean"
        clean.book.hashFiles = false
        try BuildPipeline(configuration: clean, console: recorder.console).run()
        #expect(
            TestSupport.read(root + "/clean/a.html")?.contains("mark: String") == true,
            "the clean build's card shows the new declaration")
        let difference = IncrementalRandomEditTests.difference(root + "/_site", root + "/clean")
        #expect(difference == nil, "\(difference ?? "")")
    }
}
