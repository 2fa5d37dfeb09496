import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

/// One scheme rule (`ScriptURL`) for every URL the tool writes
/// from a book's input. A `javascript:`, `vbscript:` or `data:` URL (but a data: picture) in a
/// page (Markdown links, images, autolinks, references; a diagram node's `href`/`URL`, an edge's,
/// an HTML label's `HREF`) is a warning at its line and never reaches the site; in book.toml
/// (a redirect's target, `git-repository-url`, `edit-url-template`) it is an error at its line.
/// mdBook 0.5.4 publishes every one of them as written (run on the same page). Real builds in a
/// contained scratch tree, with real cmark and Graphviz.
@Suite(.serialized) struct ScriptURLTests {
    @Test func theRuleReadsTheSchemeAsABrowserDoes() {
        for url in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", " \u{1}javascript:x", "java\tscript:x", "jav\nascript:x",
            "vbscript:msgbox", "data:text/html,<script>", "DATA:image/svg+xml,<svg>", "data:,x",
        ] {
            #expect(ScriptURL.scheme(of: url) != nil, "\(url)")
        }
        for url in [
            "https://example.org/javascript:", "page.md#javascript:", "./javascript:x", "data:image/png;base64,AA",
            "data:image/webp,x", "mailto:a@b.c", "", "javascript", "/data:x",
        ] {
            #expect(ScriptURL.scheme(of: url) == nil, "\(url)")
        }
    }

    /// Every way a page makes a link: each is warned at its line, and no built file holds one.
    @Test func aPageNeverPublishesAScriptURL() throws {
        let run = try ContainedRun()
        let book = try run.makeBook()
        let page = """
            # Intro

            [x](javascript:alert(1)) and [J](JaVaScRiPt:alert(2))
            ![i](javascript:alert(3))
            <vbscript:msgbox(4)>
            [ref][r] and [d](data:text/html,<b>5</b>)

            [r]: javascript:alert(6)

            [safe](https://example.org/) ![dot](data:image/png;base64,iVBORw0KGgo=)

            ```dot alt="a graph"
            digraph {
              a [href="javascript:alert(7)"]
              b [URL="vbscript:msgbox(8)"]
              c [label=<<TABLE HREF="data:text/html,9"><TR><TD>c</TD></TR></TABLE>>]
              a -> b [URL="https://example.org/edge"]
              "javascript:alert(10)" [URL="\\N"]
            }
            ```

            """
        try TestSupport.write(Array(page.utf8), to: book + "/src/intro.md")
        let result = try run.lecture(["build"], in: "work/book")
        #expect(result.succeeded, "\(result.stderrText)")
        let stderr = result.stderrText
        for line in [3, 3, 4, 5, 6, 6] {
            #expect(stderr.contains("src/intro.md:\(line):"), "line \(line): \(stderr)")
        }
        #expect(stderr.components(separatedBy: "warning: link to a '").count - 1 == 6, "\(stderr)")
        #expect(stderr.contains("src/intro.md:12:1: warning: diagram: link to a 'javascript:' URL"), "\(stderr)")
        #expect(stderr.contains("also 'vbscript:msgbox(8)'"), "\(stderr)")
        #expect(stderr.contains("also 'data:text/html,9'"), "\(stderr)")
        #expect(stderr.contains("also 'javascript:alert(10)'"), "\(stderr)")
        for file in ["intro.html", "print.html"] {
            let html = String(decoding: try FileSystem.read(book + "/book/" + file), as: UTF8.self)
            let flat = html.lowercased().replacingOccurrences(of: "\t", with: "")
            for scheme in ["javascript:", "vbscript:", "data:text/html"] {
                // In a URL attribute; a tooltip (`xlink:title="javascript:…"`, the node's name) is text.
                for attribute in ["href=\"", "src=\""] {
                    #expect(!flat.contains(attribute + scheme), "\(file) holds a \(scheme) URL")
                }
            }
            // What is not refused is kept: the safe link and picture, the edge's link, the nodes.
            #expect(html.contains("href=\"https://example.org/\""), "\(file)")
            #expect(html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""), "\(file)")
            #expect(html.contains("https://example.org/edge"), "\(file)")
            #expect(html.contains("<title>javascript:alert(10)</title>"), "\(file)")
        }
    }

    /// `edit-url-template`'s `{path}` filled in with the pages' folder (`src`, or a folder of
    /// pages under `src = "."`) named `javascript:…`, `vbscript:…` or `data:…`: the path is
    /// escaped (`%3A`), so it never makes a scheme, whether the template is `{path}` alone or a
    /// web URL; no built file links to a script URL (attack 18, F1: every page carried
    /// `href="javascript:…/a.md"`, and clicking it ran the book's script in Chromium).
    @Test func anEditLinkNeverTakesASchemeFromAFileName() throws {
        for name in ["javascript:alert(1)", "VBScript:msgbox(1)", "data:text,x"] {
            let escaped = name.replacingOccurrences(of: ":", with: "%3A")
            for folderIsSource in [true, false] {
                for template in ["{path}", "https://example.org/edit/{path}"] {
                    let run = try ContainedRun()
                    let settings =
                        "src = \"\(folderIsSource ? name : ".")\"\n[output.html]\nedit-url-template = \"\(template)\"\n"
                    let book = try run.makeBook(settings)
                    let page: String
                    if folderIsSource {
                        try FileManager.default.moveItem(atPath: book + "/src", toPath: book + "/" + name)
                        page = "intro.md"
                    } else {
                        try FileManager.default.removeItem(atPath: book + "/src")
                        try TestSupport.write(
                            Array("# Summary\n\n- [J](<\(name)/x.md>)\n".utf8), to: book + "/SUMMARY.md")
                        try TestSupport.write(Array("# J\n\nHello.\n".utf8), to: book + "/\(name)/x.md")
                        page = "x.md"
                    }
                    let result = try run.lecture(["build"], in: "work/book")
                    let context = "\(name), \(template), src folder \(folderIsSource): \(result.stderrText)"
                    var written = ""
                    for file in FileManager.default.enumerator(atPath: book + "/book")?.allObjects as? [String] ?? []
                    where file.hasSuffix(".html") {
                        written += String(decoding: try FileSystem.read(book + "/book/" + file), as: UTF8.self)
                    }
                    let flat = written.lowercased()
                    for scheme in ["javascript:", "vbscript:", "data:text"] {
                        #expect(!flat.contains("href=\"" + scheme), "\(context)")
                    }
                    let link = template.replacingOccurrences(of: "{path}", with: escaped + "/" + page)
                    if template.hasPrefix("https:") {
                        #expect(result.succeeded, "\(context)")
                        #expect(written.contains("href=\"\(link)\""), "\(context)")
                    } else {
                        // A relative link to a file the site does not have: refused as any is.
                        #expect(result.stderrText.contains(link) || written.contains("href=\"\(link)\""), "\(context)")
                    }
                }
            }
        }
    }

    /// book.toml's URLs: each key that holds one refuses every refused scheme at its line, with
    /// the same words; the build stops before writing anything.
    @Test func bookTOMLRefusesAScriptURLAtItsLine() throws {
        let keys = [
            ("[output.html]\ngit-repository-url = \"URL\"\n", "'output.html.git-repository-url'"),
            ("[output.html]\nedit-url-template = \"URL{path}\"\n", "'output.html.edit-url-template'"),
            ("[output.html.redirect]\n\"/old.html\" = \"URL\"\n", "redirect '/old.html'"),
        ]
        for (table, name) in keys {
            for url in ["javascript:alert(1)", "VBScript:x", "data:text/html,x", "java\\tscript:x"] {
                let text = "[book]\ntitle = \"T\"\n" + table.replacingOccurrences(of: "URL", with: url)
                let (_, diagnostics) = BookSettingsLoader.parse(text, path: "book.toml")
                #expect(diagnostics.count == 1, "\(text): \(diagnostics)")
                let error = try #require(diagnostics.first)
                #expect(error.severity == .error)
                #expect(error.location?.line == 4, "\(text)")
                #expect(error.summary.hasPrefix(name + " may not be a '"), "\(error.summary)")
            }
        }
        let run = try ContainedRun()
        try run.makeBook("[output.html.redirect]\n\"/old.html\" = \"javascript:alert(1)\"\n")
        let before = run.digest()
        let result = try run.lecture(["build"], in: "work/book")
        #expect(!result.succeeded, "\(result.stderrText)")
        #expect(
            result.stderrText.contains("book.toml:4:1: error: redirect '/old.html' may not be a 'javascript:' URL"),
            "\(result.stderrText)")
        #expect(run.digest() == before, "the build wrote something")
    }
}
