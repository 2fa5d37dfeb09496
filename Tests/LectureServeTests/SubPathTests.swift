import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// A site deployed under a sub-path (a GitHub Pages project site, `https://NAME.github.io/lecture/`)
/// works: the mdBook fixture is built with `site-url = "/lecture/"`, served over loopback under
/// `/lecture/`, and every URL of every page, `404.html` included, is fetched.
@Suite struct SubPathTests {
    @Test func everyURLOfEveryPageAnswersUnderASubPath() throws {
        let root = try TestFolders.make("lecture-subpath")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fixture = ServeCommandTests.repositoryRoot + "/Tests/LectureKitTests/Fixtures/mdbook"
        let cache = ServeCommandTests.repositoryRoot + "/.build/test-cache"
        let recorder = LineRecorder()
        #expect(
            LectureCommand.main(
                ["build", fixture, "--output", root + "/www/lecture", "--cache-dir", cache], console: recorder.console)
                == 0)

        let hub = ReloadHub()
        let socket = try ListeningSocket.bind(host: "127.0.0.1", port: 0)
        let port = socket.port
        let server = HTTPServer(handler: { [handler = SiteHandler(outputDirectory: root + "/www", hub: hub)] request in
            handler.respond(to: request)
        })
        try server.start(on: socket)
        defer { server.stop() }

        // Breadth first from the root page and the not-found page, as a reader's browser would go.
        var queue = ["/lecture/", "/lecture/404.html"]
        var seen = Set(queue)
        var fetchedPages = 0
        var broken: [String] = []
        while !queue.isEmpty {
            let path = queue.removeFirst()
            let response = try HTTPTestClient.request("GET", path, port: port)
            guard response.status == 200 else {
                broken.append("\(path): \(response.status)")
                continue
            }
            guard response.headers["content-type"]?.hasPrefix("text/html") == true else { continue }
            fetchedPages += 1
            let base = URL(string: "http://127.0.0.1:\(port)\(path)")!
            for url in EmittedLinkChecker.urls(in: response.body) {
                guard let resolved = URL(string: url, relativeTo: base)?.absoluteURL, resolved.host == "127.0.0.1"
                else { continue }
                // The path as sent on the wire: percent-encoded, a final `/` kept.
                let encoded =
                    URLComponents(url: resolved, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? resolved.path
                guard encoded.hasPrefix("/lecture/") else {
                    broken.append("\(path) links to \(url), outside /lecture/")
                    continue
                }
                if seen.insert(encoded).inserted { queue.append(encoded) }
            }
        }
        #expect(broken.isEmpty, "\(broken)")
        #expect(fetchedPages >= 8, "the root, 404.html and every chapter were fetched (\(fetchedPages))")
        // The theme's style sheet by its content-hashed name (`ContentNames`).
        #expect(
            seen.contains { $0.wholeMatch(of: /\/lecture\/assets\/style-[0-9a-f]{8}\.css/) != nil }
                && seen.contains("/lecture/guide/search.html"), "\(seen.sorted())")
    }
}

/// `lecture serve BOOK` finds the book as `lecture build BOOK` does.
@Suite struct ServeBookFolderTests {
    @Test func serveTakesTheBookFolderAndItsBookTOML() throws {
        let fixture = ServeCommandTests.repositoryRoot + "/Tests/LectureKitTests/Fixtures/mdbook"
        let cache = ServeCommandTests.repositoryRoot + "/.build/test-cache"
        let command = try ServeCommand.parse([fixture, "--cache-dir", cache, "--port", "0"]).setUp()
        #expect(command.configuration.build.contentDirectory == fixture + "/src")
        #expect(command.configuration.build.outputDirectory == fixture + "/book")
        // book.toml's site-url is the published site's path; the preview is served at `/`.
        #expect(command.configuration.build.siteURL == "/")
        #expect(FileSystem.exists(command.configuration.build.templatesDirectory + "/page.html"), "the built-in theme")
        // The built-in theme lives in the cache and never changes: watching it made serve rebuild
        // in a loop (each build hard-links its assets, which touches them).
        #expect(!command.configuration.directoriesToWatch.contains(command.configuration.build.templatesDirectory))
        #expect(command.configuration.directoriesToWatch.contains(fixture + "/src"))
    }

    /// book.toml's `[build] extra-watch-dirs` (mdBook's): serve watches those folders too, as
    /// `mdbook serve` does, relative to the book; one that does not exist is left out.
    @Test func serveWatchesTheExtraWatchDirectories() throws {
        let (book, command) = try servedBook(
            "serve-extra-watch",
            [
                "book.toml": "[book]\ntitle = \"T\"\n\n[build]\nextra-watch-dirs = [\"examples\", \"missing\"]\n",
                "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n", "examples/hello.rs": "fn main() {}\n",
            ])
        let watched = command.configuration.directoriesToWatch
        #expect(watched.contains(URL(fileURLWithPath: book + "/examples").standardizedFileURL.path), "\(watched)")
        #expect(!watched.contains { $0.hasSuffix("/missing") }, "\(watched)")
    }
}

/// A book of `files` in a fresh folder named after `name`, and its `lecture serve` set up on a
/// free port with the tests' cache.
func servedBook(_ name: String, _ files: [String: String]) throws -> (
    book: String, command: (configuration: ServeConfiguration, bookDiagnostics: [Diagnostic])
) {
    let book = try TestFolders.make(name)
    for (path, text) in files { try FileSystem.writeAtomically(text, to: book + "/" + path) }
    let cache = ServeCommandTests.repositoryRoot + "/.build/test-cache"
    return (book, try ServeCommand.parse([book, "--cache-dir", cache, "--port", "0"]).setUp())
}

/// book.toml's `[output.html] additional-css` files (mdBook's): serve copies them into the site
/// and rebuilds when one changes, also beside book.toml, in the book's folder it does not watch.
@Suite struct ServeAdditionalFilesTests {
    @Test func editingAnAdditionalStyleSheetRebuilds() throws {
        let (book, command) = try servedBook(
            "serve-additional-css",
            [
                "book.toml": "[book]\ntitle = \"T\"\n\n[output.html]\nadditional-css = [\"custom.css\"]\n",
                "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n", "custom.css": "/* first */\n",
            ])
        defer { try? FileManager.default.removeItem(atPath: book) }
        #expect(command.configuration.filesToWatch.map(CanonicalPath.of) == [CanonicalPath.of(book + "/custom.css")])
        let server = LiveServer(configuration: command.configuration, console: LineRecorder().console)
        #expect(try server.start())
        defer { server.stop() }
        let copy = command.configuration.build.outputDirectory + "/custom.css"
        let read = { (try? FileSystem.read(copy)).map { String(decoding: $0, as: UTF8.self) } }
        #expect(read() == "/* first */\n")
        try FileSystem.writeAtomically("/* second */\n", to: book + "/custom.css")
        // Wait for the rebuild to be written (what is asserted is the file, not the time).
        let deadline = Date(timeIntervalSinceNow: patience)
        while Date() < deadline, read() != "/* second */\n" { Thread.sleep(forTimeInterval: 0.05) }
        #expect(read() == "/* second */\n")
    }
}

/// `{{#include}}` of a file outside the content folder: serve watches its folder too.
@Suite struct ServeIncludeTests {
    func page(_ root: String) -> String? {
        (try? FileSystem.read(root + "/book/a.html")).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func editingAnIncludedFileOutsideTheContentRebuilds() throws {
        let root = try TestFolders.make("lecture-serve-include")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "src/SUMMARY.md": "# B\n\n- [A](a.md)\n",
            "src/a.md": "# A\n\n```text\n{{#include ../listings/note.txt}}\n```\n",
            "listings/note.txt": "첫 번째 내용\n",
        ]
        for (path, text) in files { try FileSystem.writeAtomically(text, to: root + "/" + path) }
        var configuration = ServeConfiguration()
        configuration.build.contentDirectory = root + "/src"
        configuration.build.templatesDirectory = ServeCommandTests.repositoryRoot + "/site-templates"
        configuration.build.outputDirectory = root + "/book"
        configuration.build.cacheDirectory = root + "/cache"
        configuration.port = 0
        let recorder = LineRecorder()
        let server = LiveServer(configuration: configuration, console: recorder.console)
        #expect(try server.start())
        defer { server.stop() }
        #expect(page(root)?.contains("첫 번째 내용") == true)
        try FileSystem.writeAtomically("두 번째 내용\n", to: root + "/listings/note.txt")
        // Wait for the rebuild to be written (what is asserted is the page, not the time).
        let deadline = Date(timeIntervalSinceNow: patience)
        while Date() < deadline, page(root)?.contains("두 번째 내용") != true {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(page(root)?.contains("두 번째 내용") == true)
    }
}
