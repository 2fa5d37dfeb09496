import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// `[output.html] additional-css`, `additional-js` and `mathjax-support`, against mdBook 0.5.4
/// built on the same book (`MdBookOracle`): the files are copied and linked from every page
/// (chapters at any depth, `index.html`, `print.html`, `404.html`) after the theme's own styles
/// and scripts, in book.toml's order; a missing file or a folder fails both; a path leaving the
/// book is a warning here and never read (`AdditionalFiles`); MathJax is the same script.
@Suite struct MdBookAdditionalFilesTests {
    static let book = [
        "book.toml": """
        [book]
        title = "T"
        [output.html]
        additional-css = ["theme/first.css", "./src/sub/second.css"]
        additional-js = ["theme/extra.js"]

        """,
        "theme/first.css": "/* ADDED-BY-BOOK first */\n", "src/sub/second.css": "/* ADDED-BY-BOOK second */\n",
        "theme/extra.js": "// ADDED-BY-BOOK script\n",
        "src/SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n    - [C](sub/deep/c.md)\n",
        "src/a.md": "# A\n", "src/sub/b.md": "# B\n", "src/sub/deep/c.md": "# C\n",
    ]
    static let pages = ["index.html", "a.html", "sub/b.html", "sub/deep/c.html", "print.html", "404.html"]

    /// One style sheet or script a page loads, in the page's order.
    struct Loaded: Equatable, CustomStringConvertible {
        var kind: String
        /// The file's text as the page reaches it from its own URL, or the URL when it reaches none.
        var content: String
        /// Whether the URL leads off the site (`content` is the URL).
        var external = false
        var isAdditional: Bool { content.contains("ADDED-BY-BOOK") }
        var description: String { "\(kind) \(content.prefix(40))" }
    }

    /// The style sheets and scripts `page` of the site at `site` loads, each resolved as a
    /// browser resolves it from the page (its `<base href="/">`, mdBook's 404 page's; a URL from
    /// `/`, the site's root, lecture's 404 page's), read from the site.
    static func loaded(_ page: String, site: String) throws -> [Loaded] {
        let html = String(decoding: try FileSystem.read(site + "/" + page), as: UTF8.self)
        let tags = try NSRegularExpression(pattern: "<(link|script)\\b[^>]*>")
        let based = html.contains("<base href=\"/\">")
        var found: [Loaded] = []
        for match in tags.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            let tag = String(html[Range(match.range, in: html)!])
            let isLink = tag.hasPrefix("<link")
            if isLink && !tag.contains("rel=\"stylesheet\"") { continue }
            guard let url = attribute(isLink ? "href" : "src", of: tag) else { continue }
            var path: String
            if url.contains("://") {
                found.append(Loaded(kind: isLink ? "style" : "script", content: url, external: true))
                continue
            } else if url.hasPrefix("/") {
                path = String(url.dropFirst())
            } else if based {
                path = url
            } else {
                path = (page.split(separator: "/").dropLast().map(String.init) + [url]).joined(separator: "/")
            }
            path = URL(fileURLWithPath: site + "/" + path).standardizedFileURL.path
            let content = (try? FileSystem.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? url
            found.append(Loaded(kind: isLink ? "style" : "script", content: content))
        }
        return found
    }

    static func attribute(_ name: String, of tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        return tag[start.upperBound...].prefix { $0 != "\"" }.removingPercentEncoding
    }

    @Test func additionalFilesAreCopiedAndLinkedFromEveryPageAsMdBookDoes() throws {
        let both = try MdBookOracle.build(Self.book)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        for page in Self.pages {
            let theirs = try Self.loaded(page, site: both.mdBook.root + "/book")
            let ours = try Self.loaded(page, site: both.lecture.root + "/book")
            #expect(
                theirs.filter(\.isAdditional).map(\.description) == [
                    "style /* ADDED-BY-BOOK first */\n", "style /* ADDED-BY-BOOK second */\n",
                    "script // ADDED-BY-BOOK script\n",
                ], "mdBook's \(page): \(theirs)")
            #expect(ours.filter(\.isAdditional) == theirs.filter(\.isAdditional), "\(page): \(ours)")
            // After the theme's own: the additional ones of each kind come last.
            for kind in ["style", "script"] {
                let loaded = ours.filter { $0.kind == kind && !$0.external }
                let first = loaded.firstIndex(where: \.isAdditional) ?? loaded.count
                #expect(loaded[first...].allSatisfy(\.isAdditional) && first > 0, "\(page) \(kind): \(loaded)")
            }
        }
    }

    /// A missing file and a folder stop mdBook (exit 101); lecture fails too, at the path's line.
    @Test func aMissingFileOrAFolderFailsBothBuilds() throws {
        for (list, summary) in [
            (
                "additional-css = [\"theme/missing.css\"]",
                "'output.html.additional-css' file 'theme/missing.css' does not exist"
            ),
            ("additional-js = [\"missing.js\"]", "'output.html.additional-js' file 'missing.js' does not exist"),
            ("additional-css = [\"theme\"]", "'output.html.additional-css' names the folder 'theme', not a file"),
        ] {
            var files = Self.book
            files["book.toml"] = "[book]\ntitle = \"T\"\n[output.html]\n\(list)\n"
            let both = try MdBookOracle.build(files)
            #expect(both.mdBook.status == 101, "\(list): \(both.mdBook.output)")
            #expect(!both.lecture.succeeded && both.lecture.status != nil, "\(list): \(both.lecture.output)")
            #expect(both.lecture.output.contains("book.toml:4:"), "\(both.lecture.output)")
            #expect(both.lecture.output.contains(": error: \(summary)"), "\(both.lecture.output)")
        }
    }

    /// A path that leaves the book: mdBook reads the file and writes its copy outside the site
    /// (`../x.css` lands in `book/../x.css`, an absolute path's hashed copy beside the file);
    /// lecture reads nothing outside the book's folder, links nothing of it, and says so at
    /// the line.
    @Test func aFileOutsideTheBookIsNeitherReadNorLinkedAndWarned() throws {
        let outside = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileSystem.writeAtomically("/* OUTSIDE absolute */\n", to: outside + "/secret.css")
        try FileSystem.writeAtomically("/* OUTSIDE relative */\n", to: outside + "/up.css")
        // The book's two copies lie beside `outside` (the test's scratch folders share a parent).
        let up = "../../" + (outside.split(separator: "/").last.map(String.init) ?? "") + "/up.css"
        var files = Self.book
        files["book.toml"] =
            "[book]\ntitle = \"T\"\n[output.html]\nadditional-css = [\"\(up)\", \"\(outside)/secret.css\"]\n"
        let both = try MdBookOracle.build(files)
        #expect(both.mdBook.succeeded, "\(both.mdBook.output)")
        let theirs = try Self.loaded("a.html", site: both.mdBook.root + "/book")
        #expect(theirs.contains { $0.content == "/* OUTSIDE relative */\n" }, "mdBook reads it: \(theirs)")
        #expect(both.lecture.succeeded, "\(both.lecture.output)")
        let warnings = both.lecture.output.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 2, "\(both.lecture.output)")
        #expect(
            warnings.allSatisfy {
                $0.contains("book.toml:4:")
                    && $0.hasSuffix("lies outside the book's folder; it is neither copied nor linked")
            }, "\(warnings)")
        for page in Self.pages {
            let ours = try Self.loaded(page, site: both.lecture.root + "/book")
            #expect(
                !ours.contains { $0.content.contains("up.css") || $0.content.contains("OUTSIDE") }, "\(page): \(ours)")
            #expect(ours.contains { $0.kind == "style" }, "\(page): \(ours)")
        }
        let listing = FileManager.default.subpaths(atPath: both.lecture.root + "/book") ?? []
        #expect(!listing.contains { $0.hasSuffix("secret.css") || $0.hasSuffix("up.css") }, "\(listing)")
        // A path that climbs out through a folder of the book leaves it too (mdBook reads it).
        #expect(AdditionalFiles.inside("theme/../../up.css") == nil)
        #expect(AdditionalFiles.inside("./theme/../src/x.css") == "src/x.css")
    }

    /// `mathjax-support = true`: every page of both loads the same MathJax script, and the TeX
    /// the Markdown holds (`\\(` `\\)`, `\\[` `\\]`) reaches the page as mdBook leaves it for
    /// MathJax (`\(` `\)`, `\[` `\]`).
    @Test func mathJaxIsTheScriptMdBookLoadsAndTheTeXIsLeftForIt() throws {
        var files = Self.book
        files["book.toml"] = "[book]\ntitle = \"T\"\n[output.html]\nmathjax-support = true\n"
        files["src/a.md"] = "# A\n\nInline \\\\( x^2 \\\\) and display:\n\n\\\\[ \\sum_{i=1}^n i \\\\]\n"
        let both = try MdBookOracle.build(files)
        #expect(both.mdBook.succeeded && both.lecture.succeeded, "\(both.lecture.output)\n\(both.mdBook.output)")
        #expect(!both.lecture.output.contains("warning"), "\(both.lecture.output)")
        for page in Self.pages {
            let theirs = try Self.loaded(page, site: both.mdBook.root + "/book").filter(\.external)
            let ours = try Self.loaded(page, site: both.lecture.root + "/book").filter(\.external)
            #expect(theirs.map(\.content) == [AdditionalHead.mathJaxURL], "mdBook's \(page): \(theirs)")
            #expect(ours == theirs, "\(page): \(ours)")
        }
        #expect(both.differences(in: [.text]) == [], "\(both.differences(in: [.text]))")
        #expect(both.lecture.facts.text["a.html"]?.contains("\\( x^2 \\)") == true, "\(both.lecture.facts.text)")
    }

    /// A theme of lecture's whose page.html has no `{{ additional_css }}` or `{{ additional_js }}`:
    /// the files would be copied and never linked, so each missing placeholder is a warning.
    @Test func aThemeWithoutTheirPlacesIsWarned() throws {
        let warnings = try Self.templateWarnings(
            "<!DOCTYPE html>\n<html><head><title>{{ title }}</title></head><body>{{ content }}</body></html>\n",
            settings: "mathjax-support = true\n")
        #expect(warnings.count == 2, "\(warnings)")
        #expect(
            warnings.first?.contains(
                "{{ additional_css }}: book.toml's additional-css style sheets and MathJax are not linked") == true)
    }

    /// A theme whose page.html has no `{{ content }}` built every page without its text, unsaid
    /// (attack 12): a warning at the template.
    @Test func aThemeWithoutThePagesTextIsWarned() throws {
        let warnings = try Self.templateWarnings(
            "<!DOCTYPE html>\n<html><head><title>{{ title }}</title>{{ additional_css }}{{ additional_js }}</head><body><nav>{{ nav }}</nav></body></html>\n"
        )
        #expect(warnings.count == 1, "\(warnings)")
        #expect(
            warnings.first?.contains(
                "mine/page.html: warning: page template has no {{ content }}: every page is built without its text")
                == true, "\(warnings)")
    }

    /// The warnings about page.html's placeholders of a build of the book with `page` as its
    /// theme's page template (`settings` added to book.toml's `[output.html]`); the build passes.
    /// `bookFiles`: the book's files, by default this suite's.
    static func templateWarnings(_ page: String, settings: String = "", bookFiles: [String: String] = Self.book) throws
        -> [String]
    {
        var files = bookFiles
        files["book.toml"]! += settings + "[preprocessor.lecture]\ntemplates = \"mine\"\n"
        files["mine/page.html"] = page
        let (status, lines, _) = try Self.built(files)
        #expect(status == 0, "\(lines)")
        return lines.filter { $0.contains(": warning: page template has no") }
    }

    /// `lecture build` of a book of `files` in a scratch folder (removed after): its exit
    /// status, the lines it printed and the book's folder.
    static func built(_ files: [String: String]) throws -> (status: Int32, lines: [String], book: String) {
        let book = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: book) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", book, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
        return (status, recorder.lines, book)
    }

    /// An additional file whose path in the site is a theme's file or another content file: one
    /// would silently replace the other, so it is an error at the file (`OutputCollisions`); the
    /// same file reached both ways (`src = "."`) is no collision.
    @Test func anAdditionalFileWrittenOverAnotherIsAnError() throws {
        for (toml, extra, clash) in [
            ("additional-css = [\"assets/style.css\"]", ["assets/style.css": "/* mine */\n"], "the template asset"),
            (
                "additional-css = [\"a.css\"]", ["a.css": "/* book */\n", "src/a.css": "/* page */\n"],
                "the content file"
            ),
        ] {
            var files = Self.book
            files["book.toml"] = "[book]\ntitle = \"T\"\n[output.html]\n\(toml)\n"
            files.merge(extra) { _, new in new }
            let book = try TestSupport.makeTree(files)
            defer { try? FileManager.default.removeItem(atPath: book) }
            let recorder = TestSupport.Recorder()
            let status = LectureCommand.main(
                ["build", book, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
            #expect(status != 0, "\(toml): \(recorder.lines)")
            #expect(
                recorder.lines.contains {
                    $0.contains(": error: book.toml's additional file would be written to") && $0.contains(clash)
                },
                "\(toml): \(recorder.lines)")
        }
        var same = Self.book
        same["book.toml"] =
            "[book]\ntitle = \"T\"\nsrc = \".\"\n[output.html]\nadditional-css = [\"theme/first.css\"]\n"
        same["SUMMARY.md"] = "- [A](a.md)\n"
        same["a.md"] = "# A\n"
        let book = try TestSupport.makeTree(same)
        defer { try? FileManager.default.removeItem(atPath: book) }
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(
            ["build", book, "--cache-dir", TestSupport.cacheDirectory], console: recorder.console)
        #expect(status == 0 && !recorder.lines.contains { $0.contains("additional file") }, "\(recorder.lines)")
    }

    /// Attack 20, F6: a name of 247 bytes is legal, but its copy takes `-` and an 8-digit hash
    /// (`NAME-1a2b3c4d.css`), past NAME_MAX: mdBook fails writing it ("File name too long"), and
    /// lecture failed only in `Write`, at the site's file, for the first of them. Now each is an
    /// error at its line of book.toml, naming the longest name that fits; without hashing
    /// (`hash-files = false`) the names are the files' own and the build passes.
    @Test func anAdditionalFileWhoseHashedNameIsTooLongIsAnErrorAtItsLine() throws {
        let css = String(repeating: "c", count: 247) + ".css"
        let js = String(repeating: "j", count: 248) + ".js"
        var files = Self.book
        files["book.toml"] =
            "[book]\ntitle = \"T\"\n[output.html]\nadditional-css = [\"theme/first.css\", \"\(css)\"]\nadditional-js = [\"\(js)\"]\n"
        files[css] = "/* long */\n"
        files[js] = "// long\n"
        let both = try MdBookOracle.build(files)
        #expect(!both.mdBook.succeeded && both.mdBook.output.contains("File name too long"), "\(both.mdBook.output)")
        #expect(!both.lecture.succeeded, "\(both.lecture.output)")
        let errors = both.lecture.output.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 2, "\(both.lecture.output)")
        #expect(
            errors.contains {
                $0.contains("book.toml:4:")
                    && $0.hasSuffix(
                        "'output.html.additional-css' file 'cccccccccccccccccccccccc…cccccccc.css' would be published under a name of 260 bytes, more than the 255 a file system allows"
                    )
            }, "\(errors)")
        #expect(errors.contains { $0.contains("book.toml:5:") && $0.contains("a name of 260 bytes") }, "\(errors)")
        #expect(both.lecture.output.contains("the longest name that fits is 246 bytes"), "\(both.lecture.output)")
        #expect(!both.lecture.output.contains("File name too long"), "\(both.lecture.output)")
        files["book.toml"]! += "hash-files = false\n"
        let unhashed = try MdBookOracle.build(files)
        #expect(unhashed.mdBook.succeeded && unhashed.lecture.succeeded, "\(unhashed.lecture.output)")
    }

    /// The theme's own style sheets and scripts are hashed too: a name too long for it is an
    /// error at the theme's file when the theme is read, not a failed `Write`.
    @Test func aThemeFileWhoseHashedNameIsTooLongIsAnErrorAtTheFile() throws {
        var files = Self.book
        let name = String(repeating: "t", count: 240) + ".min.css"
        files["book.toml"]! += "[preprocessor.lecture]\ntemplates = \"mine\"\n"
        files["mine/page.html"] =
            "<!DOCTYPE html>\n<html><head><title>{{ title }}</title>{{ additional_css }}{{ additional_js }}</head><body>{{ content }}</body></html>\n"
        files["mine/" + name] = "/* theme */\n"
        let (status, lines, book) = try Self.built(files)
        #expect(status == 1, "\(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(book)/mine/\(name): error: the theme's file would be published under a name of 257 bytes, more than the 255 a file system allows"
                )
            }, "\(lines)")
        #expect(!lines.contains { $0.contains("File name too long") }, "\(lines)")
    }
}
