import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the preview server answers beyond plain GETs: conditional requests, redirects with a
/// query, absolute-form targets, its connection limit, the reserved prefix, the first build's
/// overlay and the live-reload worker. Real HTTP over loopback.
@Suite struct HTTPBehaviourTests {
    @Test func conditionalGetAnswers304ForACurrentCopy() throws {
        let site = try ServeFixture()
        let asset = try site.get("/assets/site.css")
        let tag = try #require(asset.headers["etag"])
        let modified = try #require(asset.headers["last-modified"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        let byTag = try HTTPTestClient.request(
            "GET", "/assets/site.css", port: site.port, headers: ["If-None-Match": "\"other\", " + tag])
        #expect(byTag.status == 304)
        #expect(byTag.body.isEmpty)
        #expect(byTag.headers["etag"] == tag)
        #expect(
            try HTTPTestClient.request(
                "GET", "/assets/site.css", port: site.port, headers: ["If-None-Match": "W/" + tag]
            ).status == 304)
        #expect(
            try HTTPTestClient.request(
                "GET", "/assets/site.css", port: site.port, headers: ["If-Modified-Since": modified]
            ).status == 304)
        #expect(
            try HTTPTestClient.request(
                "GET", "/assets/site.css", port: site.port,
                headers: ["If-Modified-Since": "Thu, 01 Jan 1970 00:00:01 GMT"]
            ).status == 200)
        // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
        #expect(
            try HTTPTestClient.request(
                "GET", "/assets/site.css", port: site.port,
                headers: ["If-None-Match": "\"other\"", "If-Modified-Since": modified]
            ).status == 200)

        // A page: tagged, with no Last-Modified (its injected state changes without the file).
        let page = try site.get("/")
        let pageTag = try #require(page.headers["etag"])
        #expect(page.headers["last-modified"] == nil)
        #expect(
            try HTTPTestClient.request("GET", "/", port: site.port, headers: ["If-None-Match": pageTag]).status == 304)
        // A failed rebuild changes what the page carries (the overlay), so its tag no longer matches.
        let stream = try EventStreamClient(port: site.port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
        try site.edit("content/part/table.md", "# 표\n\n```table\n| A | B |\n|---|---|\n| 1 |\n```\n")
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "error" } })
        let stale = try HTTPTestClient.request("GET", "/", port: site.port, headers: ["If-None-Match": pageTag])
        #expect(stale.status == 200)
        #expect(stale.text.contains(LiveReload.overlayID))
    }

    @Test func theFolderRedirectKeepsTheQuery() throws {
        let site = try ServeFixture()
        let response = try site.get("/part?x=1&y=%20a+b")
        #expect(response.status == 301)
        #expect(response.headers["location"] == "/part/?x=1&y=%20a+b")
        #expect(try site.get("/part").headers["location"] == "/part/")
    }

    @Test func anAbsoluteFormRequestLineIsServedByItsPath() throws {
        let site = try ServeFixture()
        let page = try site.get("http://127.0.0.1:\(site.port)/part/")
        #expect(page.status == 200)
        #expect(page.text.contains("둘째 문단입니다."))
        #expect(try site.get("http://localhost:\(site.port)").status == 200)
        #expect(try site.get("HTTP://127.0.0.1:\(site.port)/part?q=1").headers["location"] == "/part/?q=1")
        #expect(try site.get("http://127.0.0.1:\(site.port)/../x").status == 400)
        #expect(SiteHandler.originForm("/a://b") == "/a://b")
    }

    /// Every slot busy answering (four event streams, which no deadline cuts): a new connection
    /// gets a quick 503 with Retry-After, not a reset, and the streams go on.
    @Test func connectionsBeyondTheLimitGetAQuick503WhileServingGoesOn() throws {
        // Pings every 0.2 s: a stream's end is noticed when a ping cannot be written.
        let site = try ServeFixture(pingInterval: 0.2, connectionLimit: 4)
        var streams: [EventStreamClient] = []
        for _ in 0..<4 {
            let stream = try EventStreamClient(port: site.port)
            #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
            streams.append(stream)
        }
        let refused = try site.get("/")
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(refused.text.contains("more than 4 connections"))
        #expect(streams.allSatisfy { !$0.closed })
        // Once one closes, new connections are served again.
        streams.removeLast()
        var status = 0
        let start = Date()
        while status != 200, Date().timeIntervalSince(start) < patience {
            status = (try? site.get("/").status) ?? 0
            if status != 200 { usleep(20_000) }
        }
        #expect(status == 200)
    }

    /// Every slot held by kept-alive connections waiting for their next request: a new
    /// connection takes the oldest one's slot and is served; the others are still served.
    @Test func aNewConnectionTakesTheSlotOfTheOldestIdleOne() throws {
        let site = try ServeFixture(connectionLimit: 4)
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        for _ in 0..<4 {
            let fd = try HTTPTestClient.connect(port: site.port)
            try HTTPTestClient.send(fd, "GET /assets/site.css HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(try Self.readResponse(fd).status == 200)
            held.append(fd)
        }
        let page = try site.get("/")
        #expect(page.status == 200)
        #expect(page.text.contains("첫 문단입니다."))
        // The newest held connection is still served.
        try HTTPTestClient.send(held[3], "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(try Self.readResponse(held[3]).status == 200)
    }

    @Test func pagesUnderTheReservedPrefixAreWarnedAtTheirLink() throws {
        let site = try ServeFixture(files: [
            "content/SUMMARY.md": "# 작은 책\n\n- [시작](README.md)\n- [숨은 쪽](__lecture/hidden.md)\n",
            "content/__lecture/hidden.md": "# 숨은 쪽\n",
            "content/__lecture/picture.png": "png",
        ])
        let summary = site.content + "/SUMMARY.md"
        #expect(
            site.recorder.lines.contains {
                $0.hasPrefix(summary + ":4:3: warning: page '__lecture/hidden.md' is built to '/__lecture/hidden.html'")
            }, "\(site.recorder.lines)")
        #expect(
            site.recorder.lines.contains {
                $0.hasPrefix(site.content + "/__lecture/picture.png: warning: '/__lecture/picture.png'")
            })
        #expect(site.recorder.lines.contains { $0.contains("move the page out of the '__lecture' folder") })
        #expect(try site.get("/__lecture/hidden.html").status == 404)
    }

    @Test func aFirstBuildThatFailedDoesNotCallAnyPageTheLastGoodBuild() throws {
        let site = try ServeFixture(files: ["content/README.md": "# 시작\n\n```table\n| A | B |\n|---|---|\n| 1 |\n```\n"]
        )
        let page = try site.get("/")
        #expect(page.text.contains(LiveReload.overlayTitle(hasGoodBuild: false)))
        #expect(!page.text.contains("<strong>" + LiveReload.overlayTitle(hasGoodBuild: true)))
        let stream = try EventStreamClient(port: site.port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
        #expect(try EventData(try #require(stream.events.first).data).built == false)
        // Once a build succeeds, a later failure keeps that good build.
        try site.edit("content/README.md", "# 시작\n\n고쳤습니다.\n")
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "reload" } })
        try site.edit("content/README.md", "# 시작\n\n```table\n| A |\n|---|\n| 1 | 2 |\n```\n")
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "error" } })
        #expect(try site.get("/").text.contains(LiveReload.overlayTitle(hasGoodBuild: true)))
    }

    @Test func theSharedWorkerIsServedAndPagesSayWhetherTheyMaySwapInPlace() throws {
        let site = try ServeFixture()
        let worker = try site.get(LiveReload.workerPath)
        #expect(worker.status == 200)
        #expect(worker.headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(worker.text.contains("new EventSource(\(JSONLiteral.quoted(LiveReload.eventsPath)))"))

        let stream = try EventStreamClient(port: site.port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
        let hello = try EventData(try #require(stream.events.first).data)
        // A Markdown page changed: pages of the last build may swap in place.
        try site.edit("content/README.md", "# 시작\n\n고친 문단입니다.\n")
        #expect(stream.waitFor(timeout: patience) { $0.filter { $0.name == "reload" }.count == 1 })
        let prose = try EventData(try #require(stream.events.last { $0.name == "reload" }).data)
        #expect(prose.fullReload == hello.fullReload)
        // A template changed: every page must reload.
        try site.edit("templates/assets/site.css", "body { margin: 1px }\n")
        #expect(stream.waitFor(timeout: patience) { $0.filter { $0.name == "reload" }.count == 2 })
        let template = try EventData(try #require(stream.events.last { $0.name == "reload" }).data)
        #expect(template.fullReload > prose.fullReload)
        #expect(template.version.hasSuffix("-\(template.fullReload)"))
    }

    @Test func theShellHashIgnoresOnlyTheMainElementsContent() {
        let a = LiveReload.shell(of: Array("<nav>x</nav><MAIN id=c>one</main><footer/>".utf8))
        #expect(a == LiveReload.shell(of: Array("<nav>x</nav><MAIN id=c>two, longer</main><footer/>".utf8)))
        #expect(a != LiveReload.shell(of: Array("<nav>y</nav><MAIN id=c>one</main><footer/>".utf8)))
        #expect(a != LiveReload.shell(of: Array("<nav>x</nav><MAIN id=d>one</main><footer/>".utf8)))
        #expect(LiveReload.shell(of: Array("<p>a".utf8)) != LiveReload.shell(of: Array("<p>b".utf8)))
    }

    /// Reads one response with a Content-Length body from a kept-alive connection.
    static func readResponse(_ fd: Int32) throws -> HTTPTestClient.Response {
        var raw: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let response = try? HTTPTestClient.parse(raw),
                let length = response.headers["content-length"].flatMap(Int.init),
                response.body.count >= length
            {
                return response
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw HTTPTestClient.Failure(description: "connection closed after \(raw.count) bytes") }
            raw += chunk[0..<n]
        }
    }
}

/// Warnings and copies about the content folder's other files, as the preview sees them.
@Suite struct ContentFolderTests {
    @Test func unlistedDanglingLinksAreWarnedListedOnesAreTheBuildsErrors() throws {
        let root = RealPath.of(try TestFolders.make("lecture-dangling"))!
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileSystem.writeAtomically("# 책\n\n- [쪽](page.md)\n", to: root + "/content/SUMMARY.md")
        #expect(symlink("../missing.md", root + "/content/page.md") == 0)
        #expect(symlink("../gone", root + "/content/stray") == 0)
        #expect(symlink("nowhere", root + "/content/.git-link") == 0)
        let warnings = ServeWarnings.diagnostics(contentDirectory: root + "/content")
        #expect(
            warnings.map(\.description) == [
                root
                    + "/content/stray: warning: symbolic link to '../gone' leads nowhere; it is neither watched nor copied\n"
                    + "    point the link at an existing file or folder, or remove it"
            ])
    }

    @Test func gitBuildNodeModulesAndDotfoldersAreNotCopied() throws {
        let site = try ServeFixture(files: [
            "content/node_modules/lib/index.js": "x\n", "content/.git/config": "x\n", "content/.build/out": "x\n",
            "content/part/node_modules/a.js": "x\n", "content/picture.svg": "<svg/>\n",
        ])
        #expect(FileSystem.exists(site.output + "/picture.svg"))
        for path in ["node_modules/lib/index.js", ".git/config", ".build/out", "part/node_modules/a.js"] {
            #expect(!FileSystem.exists(site.output + "/" + path), "\(path) was copied")
        }
    }
}
