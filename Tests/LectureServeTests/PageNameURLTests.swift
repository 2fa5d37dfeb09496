import Foundation
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

/// The link the site writes and the path the servers accept agree (issue 34): a page named
/// with any byte a URL must escape (`a\b.md` answered 400 in `lecture serve`) is reached through
/// the link the built page holds, by the preview server and by a plain static server on the
/// built site (Python's `http.server`).
@Suite(.serialized) struct PageNameURLTests {
    /// Names, and how the summary and a page spell a link to each (`<…>` destinations; `<` and
    /// `>` escaped there).
    static let names: [(name: String, spelled: String)] = [
        ("a\\b", "a\\b"), ("sp ace", "sp ace"), ("q\"uote", "q\"uote"), ("lt<gt>", "lt\\<gt\\>"),
        ("car^et", "car^et"), ("back`tick", "back`tick"), ("br{ace}", "br{ace}"), ("pi|pe", "pi|pe"),
        ("what?", "what?"), ("100%", "100%"), ("br[ack]et", "br\\[ack\\]et"), ("semi;colon", "semi;colon"),
        ("amp&", "amp&"), ("apos'", "apos'"), ("plus+", "plus+"),
        ("한글", "한글"), ("tilde~x", "tilde~x"), ("at@colon:x", "at@colon:x"), ("excl!", "excl!"),
    ]

    func fixture() throws -> ServeFixture {
        var files: [String: String] = [:]
        var summary = "# 책\n\n- [시작](README.md)\n"
        var start = "# 시작\n\n"
        for (index, entry) in Self.names.enumerated() {
            files["content/\(entry.name).md"] = "# P\(index)\n"
            summary += "- [P\(index)](<\(entry.spelled).md>)\n"
            start += "[p\(index)](<\(entry.spelled).md>)\n"
        }
        files["content/SUMMARY.md"] = summary
        files["content/README.md"] = start
        return try ServeFixture(files: files)
    }

    /// The hrefs of the built start page, HTML references decoded, each a path from the root.
    func hrefs(_ site: ServeFixture) throws -> [String] {
        let html = String(decoding: try FileSystem.read(site.output + "/index.html"), as: UTF8.self)
        return html.matches(of: /href="([^"]*\.html)"/).map {
            "/"
                + String($0.output.1).replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(
                    of: "&#x27;", with: "'")
        }
    }

    @Test func everyLinkToAPageIsServedByThePreview() throws {
        let site = try fixture()
        let hrefs = try hrefs(site)
        #expect(hrefs.count == Self.names.count, "\(hrefs) \(site.recorder.lines)")
        for (href, entry) in zip(hrefs, Self.names) {
            let response = try site.get(href)
            #expect(response.status == 200, "\(entry.name): \(href) answered \(response.status)")
            #expect(response.text.contains("P"), "\(href)")
        }
    }

    @Test func everyLinkToAPageIsServedByAPlainStaticServer() throws {
        let site = try fixture()
        let hrefs = try hrefs(site)
        #expect(hrefs.count == Self.names.count)
        // Python's http.server on the built site, asked for each href exactly as written.
        let script = """
            import functools, http.client, http.server, json, sys, threading
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            handler.log_message = lambda *a: None
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            threading.Thread(target=server.serve_forever, daemon=True).start()
            statuses = []
            for href in json.loads(sys.argv[2]):
                connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
                connection.request("GET", href)
                statuses.append(connection.getresponse().status)
                connection.close()
            server.shutdown()
            print(json.dumps(statuses))
            """
        let list = String(decoding: try JSONSerialization.data(withJSONObject: hrefs), as: UTF8.self)
        let result = try Subprocess.run(
            "/usr/bin/python3", ["-c", script, site.output, list], timeout: 60, cancellation: .process)
        #expect(result.succeeded, "\(result.stderrText)")
        let statuses = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [Int] ?? []
        #expect(statuses.count == hrefs.count)
        for (status, href) in zip(statuses, hrefs) { #expect(status == 200, "\(href) answered \(status)") }
    }
}
