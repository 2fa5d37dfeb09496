import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// No heading takes an id the site's own chrome uses: the list is read from
/// the theme (`ThemeIDs`), so an id a template or script gains is reserved without a word.
@Suite struct ThemeIDBadInputTests {
    /// Every literal `id="…"` of every template and partial of the built-in theme, and every id
    /// its scripts look up, is in the reserved list.
    @Test func everyIDOfTheBuiltInThemeIsReserved() throws {
        let folder = TestSupport.repositoryRoot + "/site-templates"
        let reserved = ThemeIDs.of(try Templates.load(directory: folder))
        var found = Set<String>()
        for file in FileSystem.files(under: folder) {
            let text = String(decoding: try FileSystem.read(folder + "/" + file), as: UTF8.self)
            if file.hasSuffix(".html") {
                for match in text.matches(of: #/\bid="([^"{]+)"/#) { found.insert(String(match.1)) }
            }
            if file.hasSuffix(".js") {
                for match in text.matches(of: #/getElementById\("([^"]+)"\)/#) { found.insert(String(match.1)) }
            }
        }
        #expect(found.contains("lecture-print-toc-title"))
        #expect(found.contains("lecture-search-results"))
        #expect(found.subtracting(reserved).isEmpty, "not reserved: \(found.subtracting(reserved).sorted())")
        #expect(reserved.isSuperset(of: ["lecture-live-reload", "lecture-build-errors"]))
        #expect(!reserved.contains { $0.contains("{{") })
        // Namespaced, so no heading of a page steps around them and each keeps mdBook's id
        // (`MdBookIDTests`); the 404 page's heading is mdBook's own, with mdBook's id.
        let outside = found.filter { !$0.hasPrefix("lecture-") && $0 != "document-not-found-404" }
        #expect(outside.isEmpty, "ids of the theme outside its namespace: \(outside.sorted())")
    }

    /// Headings named as the print page's and the preview's ids are made unique
    /// as any repeated heading is (`-1`), and print.html holds each id once.
    @Test func headingsNamedAsTheChromeStepAroundItsIDs() throws {
        let (root, lines, failed) = try BadInputBook.build(
            [
                "SUMMARY.md": "# Book\n\n- [One](one.md)\n",
                "one.md":
                    "# One\n\n## Lecture Print TOC Title\n\n## Lecture Live Reload\n\n## Lecture Build Errors\n\n[back](#lecture-print-toc-title-1)\n",
            ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        #expect(!failed, "\(lines)")
        let page = try #require(TestSupport.read(root + "/_site/one.html"))
        for id in ["lecture-print-toc-title-1", "lecture-live-reload-1", "lecture-build-errors-1"] {
            #expect(page.contains("id=\"\(id)\""), "\(id)")
        }
        let print = try #require(TestSupport.read(root + "/_site/print.html"))
        var counts: [String: Int] = [:]
        for match in print.matches(of: #/\bid="([^"]+)"/#) { counts[String(match.1), default: 0] += 1 }
        #expect(counts.filter { $0.value > 1 }.isEmpty, "\(counts.filter { $0.value > 1 })")
        #expect(counts["lecture-print-toc-title"] == 1)
    }

    /// The ids a script looks up, found in its bytes: each form of call and quote, and what is
    /// not an id (a class selector, a compound selector, a variable, an unclosed or empty literal).
    @Test func scriptIDsAreTheLiteralsOfTheLookups() {
        let script = """
            getElementById("a"); getElementById('b'); querySelector("#c"); querySelectorAll('#e-f_1');
            querySelector(".d"); querySelector("#g h"); querySelector("div"); getElementById(x);
            getElementById(""); getElementById("é-1"); querySelectorAll("#i"); getElementById("unclosed
            """
        #expect(ThemeIDs.scriptIDs(script) == ["a", "b", "c", "e-f_1", "é-1", "i"])
        #expect(ThemeIDs.scriptIDs("getElementById(") == [])
        #expect(ThemeIDs.scriptIDs("") == [])
    }
}
