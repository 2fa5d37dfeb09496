import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// What mdBook 0.5.4 adds to every page's `<head>` from the book, and to the site's root,
/// against mdBook built on the same book (`MdBookOracle`; newuser-9 #1–#3): `[book]
/// description` as `<meta name="description">`, `theme/head.hbs`'s text, and `.nojekyll`.
@Suite struct MdBookHeadTests {
    static let head = "<meta name=\"book-verification\" content=\"abc123\">\n<script>window.counted = 1;</script>\n"
    static let book = [
        "book.toml": """
        [book]
        title = "T"
        description = "A guide & its <tools>, \\"quoted\\"."

        """,
        "theme/head.hbs": head,
        "src/SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n",
        "src/a.md": "# A\n", "src/sub/b.md": "# B\n",
    ]
    static let pages = ["index.html", "a.html", "sub/b.html", "print.html", "404.html", "toc.html"]

    /// The `<head>` of `page` in `site`.
    static func head(_ page: String, site: String) throws -> String {
        let html = String(decoding: try FileSystem.read(site + "/" + page), as: UTF8.self)
        return html.components(separatedBy: "</head>").first ?? ""
    }

    /// The `<head>` of `page` in mdBook's site and in lecture's, after both built the book.
    static func heads(_ page: String, _ both: MdBookOracle) throws -> (theirs: String, ours: String) {
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        return (try head(page, site: both.mdBook.root + "/book"), try head(page, site: both.lecture.root + "/book"))
    }

    /// The description meta tags of a `<head>`, their content decoded as a browser reads it.
    static func descriptions(_ head: String) -> [String] {
        head.components(separatedBy: "<meta name=\"description\" content=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" }).replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&#x3D;", with: "=")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test func descriptionAndHeadHbsReachTheHeadOfThePagesMdBooksReach() throws {
        let both = try MdBookOracle.build(Self.book)
        #expect(!both.lecture.output.contains("head.hbs"), "used, so not warned: \(both.lecture.output)")
        for page in Self.pages {
            let (theirs, ours) = try Self.heads(page, both)
            #expect(Self.descriptions(ours) == Self.descriptions(theirs), "\(page): \(ours)")
            for line in Self.head.split(separator: "\n") {
                #expect(theirs.contains(line) == ours.contains(line), "\(page) \(line): \(ours)")
            }
        }
        // The pages mdBook describes, so the test compares something.
        let index = try Self.head("index.html", site: both.mdBook.root + "/book")
        #expect(Self.descriptions(index) == ["A guide & its <tools>, \"quoted\"."], "\(index)")
        #expect(index.contains("abc123"))
    }

    /// A book without a description or head.hbs: the heads carry neither, in both tools.
    @Test func aBookWithoutThemHasNeither() throws {
        var files = Self.book
        files["book.toml"] = "[book]\ntitle = \"T\"\n"
        files["theme/head.hbs"] = nil
        let both = try MdBookOracle.build(files)
        for page in Self.pages {
            let (theirs, ours) = try Self.heads(page, both)
            #expect(Self.descriptions(ours) == Self.descriptions(theirs).filter { !$0.isEmpty }, "\(page): \(theirs)")
        }
    }

    /// A theme of lecture's whose page.html has no `{{ head }}` would drop the description and
    /// head.hbs unsaid: a warning at the template; none for a book that gives it nothing.
    @Test func aThemeWithoutAPlaceForTheHeadIsWarned() throws {
        let page = "<!DOCTYPE html>\n<html><head><title>{{ title }}</title></head><body>{{ content }}</body></html>\n"
        let warned = try MdBookAdditionalFilesTests.templateWarnings(page, bookFiles: Self.book)
        #expect(
            warned.count == 1
                && warned[0].contains(
                    "mine/page.html: warning: page template has no {{ head }}: book.toml's description and theme/head.hbs are not written into the pages"
                ), "\(warned)")
        var plain = Self.book
        plain["book.toml"] = "[book]\ntitle = \"T\"\n"
        plain["theme/head.hbs"] = nil
        #expect(try MdBookAdditionalFilesTests.templateWarnings(page, bookFiles: plain) == [])
    }

    /// mdBook writes `.nojekyll` at the site's root only, so GitHub Pages runs no Jekyll over it.
    @Test func noJekyllIsWrittenAtTheRootAsMdBookWritesIt() throws {
        let both = try MdBookOracle.build(Self.book)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(FileSystem.exists(both.mdBook.root + "/book/.nojekyll"))
        let ours = try FileSystem.read(both.lecture.root + "/book/.nojekyll")
        #expect(String(decoding: ours, as: UTF8.self) == SiteWriter.noJekyllText)
        #expect(!FileSystem.exists(both.lecture.root + "/book/sub/.nojekyll"))
        // Listed in the marker: the next build replaces the site without calling it a stray.
        let again = try Subprocess.run(
            TestSupport.executable,
            [
                "build", both.lecture.root, "--output", both.lecture.root + "/book", "--cache-dir",
                TestSupport.cacheDirectory,
            ],
            environment: ["HOME": both.lecture.root], timeout: 120, cancellation: .process)
        #expect(again.succeeded, "\(again.stderrText)")
        // mdBook's own output is named as such (newuser-9 #8), and left as it was.
        let over = try Subprocess.run(
            TestSupport.executable,
            [
                "build", both.lecture.root, "--output", both.mdBook.root + "/book", "--cache-dir",
                TestSupport.cacheDirectory,
            ],
            environment: ["HOME": both.lecture.root], timeout: 120, cancellation: .process)
        #expect(over.termination == .exited(2) || over.termination == .exited(1), "\(over.stderrText)")
        #expect(over.stderrText.contains("error: output folder holds mdBook's output"), "\(over.stderrText)")
        #expect(FileSystem.exists(both.mdBook.root + "/book/.nojekyll"))
    }

    /// Code review 41 #12: mdBook renders head.hbs as a Handlebars partial, and its most common
    /// line names the site's root, `{{ path_to_root }}`; lecture fills it in as mdBook does, on
    /// every page mdBook gives it to, nested or not, with no warning.
    @Test func headHbsPathToRootIsFilledInAsMdBookDoes() throws {
        var files = Self.book
        files["theme/head.hbs"] =
            "<link rel=\"stylesheet\" href=\"{{ path_to_root }}custom.css\">\n<meta name=\"root\" content=\"{{path_to_root}}\">\n"
        // Copied into the site's root by both, as a file of the pages' folder.
        files["src/custom.css"] = "body { color: black; }\n"
        let both = try MdBookOracle.build(files)
        #expect(!both.lecture.output.contains("head.hbs"), "used, so not warned: \(both.lecture.output)")
        // The not-found page is served at any depth: mdBook gives it `<base href="/">` and an
        // empty root, lecture the site's path itself; the two name the same file.
        for page in Self.pages where page != "404.html" {
            let (theirs, ours) = try Self.heads(page, both)
            let lines = theirs.split(separator: "\n").filter { $0.contains("custom.css") || $0.contains("\"root\"") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(lines.count == 2, "\(page): \(theirs)")
            for line in lines { #expect(ours.contains(line), "\(page) \(line): \(ours)") }
            #expect(!ours.contains("{{"), "\(page): \(ours)")
        }
        let nested = try Self.head("sub/b.html", site: both.lecture.root + "/book")
        #expect(nested.contains("<link rel=\"stylesheet\" href=\"../custom.css\">"), "\(nested)")
        let notFound = try Self.head("404.html", site: both.lecture.root + "/book")
        #expect(notFound.contains("custom.css\">") && !notFound.contains("{{"), "\(notFound)")
    }

    /// A head.hbs with a Handlebars expression is not used (its braces would show), with a
    /// warning at its line; one with a token is an error, and nothing is written.
    @Test func aHeadHbsLectureCannotPublishAsWrittenIsSaidAtItsLine() throws {
        var files = Self.book
        files["theme/head.hbs"] = "<meta name=\"a\" content=\"b\">\n<link rel=\"canonical\" href=\"{{ path }}\">\n"
        let templated = try MdBookOracle.build(files)
        #expect(templated.lecture.succeeded, "\(templated.lecture.output)")
        #expect(
            templated.lecture.output.contains(
                "theme/head.hbs:2:29: warning: mdBook's Handlebars expression in theme/head.hbs is not expanded by lecture (only {{ path_to_root }} is); the file is not used"
            ), "\(templated.lecture.output)")
        let page = try Self.head("a.html", site: templated.lecture.root + "/book")
        #expect(!page.contains("{{") && !page.contains("content=\"b\""), "\(page)")

        let token = "ghp_" + String(repeating: "a1B2", count: 9)
        var site = ""
        let (_, secret) = try TestSupport.containedBook { book in
            site = book + "/book"
            try FileSystem.writeAtomically(
                "<meta name=\"x\">\n<script>const t = \"\(token)\";</script>\n", to: book + "/theme/head.hbs")
        }
        #expect(!secret.succeeded, "\(secret.stdoutText)")
        #expect(
            TestSupport.headlines(secret.stderrText, .error).contains {
                $0.contains("theme/head.hbs:2:20: error: a GitHub token would be published")
            }, "\(secret.stderrText)")
        #expect(!secret.stderrText.contains(token))
        #expect(!FileSystem.exists(site + "/intro.html"))
    }

    /// The two warnings about a head.hbs lecture does not use have an identifier of their own
    /// (they shared `unsupported-key`, which no book may allow): a book kept for mdBook too may
    /// allow them, and allowing them allows no ignored key.
    @Test func aHeadHbsLectureDoesNotUseMayBeAllowedAlone() throws {
        let toml = "\n[output.html.playground]\nline-numbers = true\n\n[preprocessor.lecture]\nrenderers = []\n"
        for allowed in [false, true] {
            let (_, result) = try TestSupport.containedBook(
                toml + (allowed ? "allow-warnings = [\"lecture.theme.head-unused\"]\n" : "")
            ) { book in
                try FileSystem.writeAtomically("<link href=\"{{ path }}\">\n", to: book + "/theme/head.hbs")
            }
            let text = result.stdoutText + result.stderrText
            #expect(result.succeeded, "\(text)")
            #expect(text.contains("the file is not used") == !allowed, "\(text)")
            #expect(text.contains("1 warning allowed by book.toml") == allowed, "\(text)")
            #expect(text.contains("'output.html.playground.line-numbers' is not supported by lecture"), "\(text)")
        }
        let place = BookSettingsLoader.Field.Place(file: "book.toml", location: nil, key: "lecture.allow-warnings")
        #expect(AllowedWarnings.problem(Diagnostic.Identifier.themeHeadUnused.rawValue, place: place) == nil)
        #expect(MdBookThemeHead.read(in: "/nonexistent").diagnostics.isEmpty)
    }
}
