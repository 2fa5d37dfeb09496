import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// mdBook's `hash-files` (on by default in 0.5.4, which names `book-609e4cb8.js`,
/// `custom-73f16839.css`, `searchindex-2e5fae0c.js`): every file a page loads that the build
/// makes for all pages is named by its content, so a browser after a deploy never pairs a new
/// page with a cached old style sheet, script or search index (`ContentNames`).
@Suite struct ContentNamesTests {
    static let book = [
        "book.toml": "[book]\ntitle = \"T\"\n[output.html]\nadditional-css = [\"custom.css\"]\n",
        "custom.css": "/* custom */\n",
        "src/SUMMARY.md": "- [A](a.md)\n- [B](sub/b.md)\n",
        "src/a.md":
            "# A\n\nWORDONE. The theme's file is assets/style.css.\n\n<link rel=\"stylesheet\" href=\"assets/style.css\">\n",
        "src/sub/b.md": "# B\n\nWORDTWO\n",
    ]
    static let pages = ["index.html", "a.html", "sub/b.html", "print.html", "404.html"]
    static func hashed(_ path: String) -> Bool { path.contains(/-[0-9a-f]{8}(\.|\/|$)/) }

    /// Builds the book at `root` into `root/book`, in a session when `memory` is given.
    static func build(_ root: String, memory: SessionMemory? = nil) throws -> String {
        var options = BookOptions()
        options.directory = root
        options.cacheDirectory = TestSupport.cacheDirectory
        var configuration = BuildConfiguration()
        let settings = try BookLayout.configure(&configuration, options: options)
        #expect(!settings.contains { $0.severity == .error }, "\(settings)")
        let console = TestSupport.Recorder().console
        if let memory {
            try BuildPipeline(configuration: configuration, console: console, memory: memory).run()
        } else {
            try BuildPipeline(configuration: configuration, console: console).run()
        }
        return root + "/book"
    }

    /// The site's paths of the local files `page` loads or names in `href`, `src` and `data-index`
    /// (the search box's index), resolved as a browser resolves them (the 404 page's from `/`).
    static func loaded(_ page: String, site: String) throws -> [String] {
        let html = try FileSystem.read(site + "/" + page)
        let folder = page.split(separator: "/").dropLast().joined(separator: "/")
        var found: [String] = []
        HTMLAttributes.scan(html) { tag in
            for attribute in tag.attributes
            where HTMLAttributes.is("href", attribute.name, in: html)
                || HTMLAttributes.is("src", attribute.name, in: html)
                || HTMLAttributes.is("data-index", attribute.name, in: html)
            {
                let url = HTMLAttributes.value(attribute.value, in: html)
                guard url.hasSuffix(".css") || url.hasSuffix(".js") || url.hasSuffix(".svg") else { continue }
                if let path = ContentNames.sitePath(url, folder: folder, siteURL: "/") { found.append(path) }
            }
        }
        return found
    }

    @Test func everyFileAPageLoadsIsNamedByItsContentAndReachedFromEveryPage() throws {
        let root = try TestSupport.makeTree(Self.book)
        defer { FileSystem.removeTemporaryDirectory(root) }
        let site = try Self.build(root)
        var loadedBy: [String: Set<String>] = [:]
        for page in Self.pages {
            let loaded = try Self.loaded(page, site: site)
            #expect(loaded.count >= 8, "\(page): \(loaded)")
            for path in loaded {
                #expect(FileSystem.exists(site + "/" + path), "\(page) loads \(path), which the site lacks")
                #expect(Self.hashed(path), "\(page) loads \(path), named without its content's hash")
                loadedBy[path, default: []].insert(page)
            }
        }
        // Every page loads the same files (the 404 page from the site's root).
        #expect(loadedBy.values.allSatisfy { $0.count == Self.pages.count }, "\(loadedBy)")
        // A file's hash is its content's (the first 8 digits of SHA-256, as mdBook's length).
        for path in loadedBy.keys where !path.hasPrefix("search-") {
            let name = try #require(path.split(separator: "/").last)
            let hash = try #require(name.firstMatch(of: /-([0-9a-f]{8})\./)).output.1
            var digest = SHA256()
            digest.update(try FileSystem.read(site + "/" + path))
            #expect(digest.hexDigest().hasPrefix(hash), "\(path)")
        }
        let files = FileSystem.files(under: site)
        for fixed in [
            "assets/style.css", "assets/book.js", "assets/search.js", "words.js", "custom.css", "search/pages.js",
        ] {
            #expect(!files.contains(fixed), "\(fixed) is left under its fixed name")
        }
        // The search box names the index's folder, whose shards search.js loads beside pages.js.
        let index = try #require(loadedBy.keys.first { $0.hasSuffix("/pages.js") })
        let folder = index.dropLast("pages.js".count)
        #expect(files.contains { $0.hasPrefix(folder + "g/") } && files.contains { $0.hasPrefix(folder + "t/") })
        // The author's raw HTML that loads the theme's file follows the new name; prose naming it does not change.
        let a = try #require(TestSupport.read(site + "/a.html"))
        #expect(
            a.contains("The theme’s file is assets/style.css.") || a.contains("The theme's file is assets/style.css."))
        #expect(!a.contains("href=\"assets/style.css\""))
        // The pages' relative names work from file://: only the 404 page names them from the root.
        #expect(TestSupport.read(site + "/sub/b.html")?.contains("href=\"../assets/style-") == true)
        #expect(TestSupport.read(site + "/404.html")?.contains("href=\"/assets/style-") == true)
    }

    @Test func aChangedFileAloneGetsANewName() throws {
        let root = try TestSupport.makeTree(Self.book)
        defer { FileSystem.removeTemporaryDirectory(root) }
        let first = Set(try Self.loaded("a.html", site: try Self.build(root)))
        // Another page's text: the search index changes, nothing else.
        try FileSystem.writeAtomically("# B\n\nWORDTHREE\n", to: root + "/src/sub/b.md")
        let second = Set(try Self.loaded("a.html", site: try Self.build(root)))
        #expect(first.subtracting(second).map { $0.hasPrefix("search-") } == [true], "\(first) \(second)")
        // The book's style sheet: its name alone changes.
        try FileSystem.writeAtomically("/* changed */\n", to: root + "/custom.css")
        let third = Set(try Self.loaded("a.html", site: try Self.build(root)))
        #expect(second.subtracting(third).map { $0.hasPrefix("custom-") } == [true], "\(second) \(third)")
    }

    @Test func hashFilesFalseAndASessionKeepTheNames() throws {
        let root = try TestSupport.makeTree(Self.book)
        defer { FileSystem.removeTemporaryDirectory(root) }
        // `lecture serve` sends every file with no-cache, and its live reload swaps a page's
        // content in place only while the rest of the page is unchanged: a session keeps the names.
        let sessions = try Self.build(root, memory: SessionMemory())
        let expected = [
            "assets/style.css", "assets/book.js", "assets/search.js", "words.js", "custom.css", "search/pages.js",
        ]
        for path in expected { #expect(FileSystem.exists(sessions + "/" + path), "a session's \(path)") }
        try FileSystem.writeAtomically(
            Self.book["book.toml"]!.replacingOccurrences(
                of: "[output.html]\n", with: "[output.html]\nhash-files = false\n"),
            to: root + "/book.toml")
        let site = try Self.build(root)
        for path in expected { #expect(FileSystem.exists(site + "/" + path), "\(path) with hash-files = false") }
        #expect(try Self.loaded("sub/b.html", site: site).allSatisfy { !Self.hashed($0) })
    }

    /// A page whose references are renamed is made again at its new size, each reference in
    /// place (the first, one in the middle, one at the end): a copy grown by replacing in it
    /// held every rewritten page and `print.html` at twice their size to the build's end (issue 36).
    @Test func aRewrittenPageIsMadeAtItsOwnSizeWithEveryReferenceRenamed() throws {
        let renames = [
            "assets/style.css": ContentNames.Rename(hash: "1a2b3c4d", componentFromEnd: 0),
            "assets/book.js": ContentNames.Rename(hash: "5e6f7a8b", componentFromEnd: 0),
        ]
        let filler = String(repeating: "<p>text &amp; more</p>\n", count: 500)
        let page = "<link href=\"assets/style.css\">\(filler)<script src=\"assets/book.js\"></script>\(filler)"
        let html = Array((page + "<a href=\"assets/style.css\">").utf8)
        var answers: [[UInt8]: [UInt8]?] = [:]
        let rewritten = try #require(
            ContentNames.references(
                in: html, folder: "", siteURL: "/", renames: renames, names: ContentNames.FileNames(renames.keys),
                answers: &answers))
        let expected =
            "<link href=\"assets/style-1a2b3c4d.css\">\(filler)<script src=\"assets/book-5e6f7a8b.js\"></script>"
            + "\(filler)<a href=\"assets/style-1a2b3c4d.css\">"
        #expect(String(decoding: rewritten, as: UTF8.self) == expected)
        #expect(
            rewritten.capacity < rewritten.count + 64, "capacity \(rewritten.capacity) for \(rewritten.count) bytes")
        // A page without a renamed file's reference is left as it is (no copy).
        var none: [[UInt8]: [UInt8]?] = [:]
        #expect(
            ContentNames.references(
                in: Array(filler.utf8), folder: "", siteURL: "/", renames: renames,
                names: ContentNames.FileNames(renames.keys), answers: &none) == nil)
    }

    @Test func theHashGoesBeforeTheNamesFirstDotAsMdBookPutsIt() {
        #expect(ContentNames.hashed("highlight.min.js", "1a2b3c4d") == "highlight-1a2b3c4d.min.js")
        #expect(ContentNames.hashed("search", "1a2b3c4d") == "search-1a2b3c4d")
        #expect(ContentNames.hashed(".hidden.css", "1a2b3c4d") == ".hidden-1a2b3c4d.css")
        let rename = ContentNames.Rename(hash: "1a2b3c4d", componentFromEnd: 1)
        #expect(ContentNames.renamed("../search/pages.js", rename) == "../search-1a2b3c4d/pages.js")
    }
}
