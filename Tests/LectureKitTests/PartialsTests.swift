import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The page chrome comes from the theme's partials (`partials/*.html`), each overridable file by
/// file, with the interface words; none of it is copied into the site.
@Suite struct PartialsTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    static let book: [String: String] = [
        "book.toml": "[book]\ntitle = \"Qz\"\n\n[output.html]\ngit-repository-url = \"https://example.com/qz\"\n",
        "src/SUMMARY.md": "# Qz\n\n- [Qa](a.md)\n- [Qb](b.md)\n",
        "src/a.md": "# Qa\n\n## Qc\n\n## Qd\n\n## Qe\n",
        "src/b.md": "# Qb\n",
    ]

    /// A theme with its own `page.html` and three partials: those three are its own, every other
    /// is the built-in theme's.
    @Test func aThemeReplacesThePartialsItHasAndKeepsTheOthers() throws {
        var files = Self.book
        files["theme/page.html"] =
            "<nav>{{ nav }}</nav><main>{{ content }}</main>{{ prev }}{{ next }}{{ toc }}{{ repository_link }}\n"
        files["theme/partials/pager-link.html"] =
            "<a class=\"mine-{{ rel }}\" href=\"{{ href }}\">{{ words.next }}: {{ title }}</a>\n"
        files["theme/partials/chapter-current.html"] = "<li><b>{{ title }}</b>{{ children }}</li>\n"
        files["theme/partials/repository-link.html"] =
            "<a class=\"repo\" href=\"{{ url }}\">{{ words.repository }} &amp; more</a>\n"
        let root = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run([
            "build", root, "--templates", root + "/theme", "--cache-dir", TestSupport.cacheDirectory,
        ])
        #expect(status == 0, "\(lines)")
        let a = try #require(TestSupport.read(root + "/book/a.html"))
        #expect(a.contains("<a class=\"mine-next\" href=\"b.html\">Next: Qb</a>"), "the theme's pager link: \(a)")
        #expect(a.contains("</main><a class=\"mine-next\""), "a partial's last newline is not part of it: \(a)")
        #expect(a.contains("<li><b>Qa</b></li>"), "the theme's current chapter")
        #expect(
            a.contains("<ol class=\"chapters\">")
                && a.contains("<li><a href=\"b.html\"><span class=\"section-number\">2.</span> Qb</a></li>"), "built-in"
        )
        #expect(a.contains("<a class=\"repo\" href=\"https://example.com/qz\">Repository &amp; more</a>"), "\(a)")
        #expect(a.contains("<ol><li><a href=\"#qc\">Qc</a></li>"), "the built-in 'on this page' list")
        #expect(!FileSystem.exists(root + "/book/partials"), "the partials are read, not copied")
    }

    /// The built-in partials make what the Swift code made before them (the lecture's site is
    /// byte-identical; here, the pieces a test can name).
    @Test func theBuiltInPartialsMakeTheChrome() throws {
        let root = try TestSupport.makeTree(Self.book)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run(["build", root, "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 0, "\(lines)")
        let b = try #require(TestSupport.read(root + "/book/b.html"))
        #expect(b.contains("<a rel=\"prev\" href=\"a.html\" class=\"nav-prev\" data-label=\"Previous\">Qa</a>"))
        #expect(
            b.contains(
                "<ol class=\"chapters\"><li><a href=\"a.html\"><span class=\"section-number\">1.</span> Qa</a></li><li><a href=\"b.html\" class=\"active\" aria-current=\"page\"><span class=\"section-number\">2.</span> Qb</a></li></ol>"
            ))
        #expect(
            b.contains("<a class=\"repository-link\" href=\"https://example.com/qz\" rel=\"external\">Repository</a>"))
        let print = try #require(TestSupport.read(root + "/book/print.html"))
        #expect(
            print.contains(
                "<div class=\"print-cover\">\n<p class=\"print-book-title\">Qz</p>\n<p class=\"print-note\">"))
        #expect(
            print.contains(
                "<p class=\"print-toc-title\" id=\"lecture-print-toc-title\">Contents</p>\n<ol><li><a href=\"#"))
        #expect(print.contains("<ol class=\"print-sections\"><li><a href=\"#"))
        #expect(print.contains("</nav>\n<section class=\"print-chapter\" id=\""))
        let notFound = try #require(TestSupport.read(root + "/book/404.html"))
        #expect(notFound.contains("<meta name=\"robots\" content=\"noindex\">"))
    }

    @Test func anUnknownPlaceholderInAPartialIsAnErrorAtItsLine() throws {
        var files = Self.book
        files["theme/page.html"] = "{{ content }}\n"
        files["theme/partials/edit-link.html"] = "<a href=\"{{ url }}\">\n{{ page_title }}</a>\n"
        let root = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run([
            "build", root, "--templates", root + "/theme", "--cache-dir", TestSupport.cacheDirectory,
        ])
        #expect(status != 0)
        #expect(
            lines.contains {
                $0.hasPrefix("\(root)/theme/partials/edit-link.html:2:1: error: unknown placeholder 'page_title'")
            }, "\(lines)")
        #expect(lines.contains { $0.contains("{{ url }}") && $0.contains("known placeholders") }, "\(lines)")
    }
}
