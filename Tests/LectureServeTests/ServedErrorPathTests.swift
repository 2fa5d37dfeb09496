import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// Attack 13, kind 30: `serve --host 0.0.0.0` showed a failed rebuild's errors, with the book's
/// absolute paths and an include target's resolved path (where the machine keeps its home
/// folder), in the overlay and the event stream to every network client. The browser's text
/// now holds no machine path (`BrowserErrorText`), for every client; the terminal keeps it whole.
@Suite struct ServedErrorPathTests {
    @Test func aServerOnTheNetworkShowsErrorsWithoutMachinePaths() throws {
        let site = try ServeFixture(host: "0.0.0.0")
        let stream = try EventStreamClient(port: site.port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
        try FileSystem.writeAtomically("TOPSECRET\n", to: site.root + "/../secret-\(site.port).txt")
        try site.edit("content/README.md", "# 시작\n\n{{#include ../../secret-\(site.port).txt}}\n\n[x](nowhere.md)\n")
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "error" } }, "no error event")
        let event = try #require(stream.events.first { $0.name == "error" })
        let errors = try EventData(event.data).errors ?? ""
        let page = try HTTPTestClient.request("GET", "/", port: site.port, headers: ["Host": "10.0.0.5:\(site.port)"])
        let parent = URL(fileURLWithPath: site.root).deletingLastPathComponent().path
        for text in [errors, page.text] {
            #expect(text.contains("content/README.md:3:1: error: {{#include}} names '../../secret-"), "\(text)")
            #expect(text.contains("('…/secret-\(site.port).txt')"), "\(text)")
            #expect(!text.contains(parent + "/"), "\(text)")
            #expect(!text.contains("TOPSECRET"))
        }
        // The terminal keeps the whole paths.
        #expect(site.recorder.lines.contains { $0.contains(site.root + "/content/README.md:3:1: error:") })
        try? FileManager.default.removeItem(atPath: parent + "/secret-\(site.port).txt")
    }

    @Test func theRuleOverEveryKindOfPath() {
        let text = """
            /home/ana/books/b/src/one.md:3:1: error: names '../../x.txt', outside the book's folder ('/home/ana/x.txt')
                see https://example.com/a/b and /etc/hostname, (/usr/lib/swift)
            b/src/two.md:1:1: error: 1/2 of it
                sample at b/src/two.md:1:1; see https://example.com/b/src/x and sub/b/src/y
            """
        // One spelling of a page in the browser, in a note too (newuser-7, #12); a URL or another
        // folder's path that holds the book's name is not a path of the book.
        #expect(
            BrowserErrorText.of(text, book: "b").contains(
                "sample at src/two.md:1:1; see https://example.com/b/src/x and sub/b/src/y"))
        #expect(
            BrowserErrorText.of(text, book: "b").contains("two.md:1:1: error: 1/2 of it"),
            "a relative book's spelling is taken off")
        let shown = BrowserErrorText.of(
            text.replacingOccurrences(of: "b/src/two", with: "/home/ana/books/b/src/two"), book: "/home/ana/books/b")
        #expect(
            shown == """
                src/one.md:3:1: error: names '../../x.txt', outside the book's folder ('…/x.txt')
                    see https://example.com/a/b and …/hostname, (…/swift)
                src/two.md:1:1: error: 1/2 of it
                    sample at src/two.md:1:1; see https://example.com/b/src/x and sub/b/src/y
                """, "\(shown)")
    }
}
