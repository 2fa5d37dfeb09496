import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture serve` over real HTTP on loopback: a server per test on a free port (`--port 0`),
/// requests from a raw TCP client, the event stream read as a browser would.
@Suite struct ServeTests {
    @Test func servesPagesWithTheReloadScriptInjectedOnlyIntoTheResponse() throws {
        let site = try ServeFixture()
        #expect(site.server.url == "http://127.0.0.1:\(site.port)/")
        #expect(site.port != 0)
        let index = try site.get("/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"] == "text/html; charset=utf-8")
        #expect(index.headers["cache-control"] == "no-cache")
        #expect(index.text.contains("첫 문단입니다."))
        // Before the page's own </BODY> (matched case-insensitively), once.
        let script = "<script id=\"\(LiveReload.scriptID)\""
        #expect(index.text.components(separatedBy: script).count == 2)
        #expect(index.text.range(of: script)!.lowerBound < index.text.range(of: "</BODY>")!.lowerBound)
        #expect(index.text.contains(JSONLiteral.quoted(LiveReload.eventsPath)))
        // The files the build wrote stay as `lecture build` writes them.
        let onDisk = try #require(
            String(data: FileManager.default.contents(atPath: site.output + "/index.html")!, encoding: .utf8))
        #expect(!onDisk.contains(LiveReload.scriptID))
        #expect(try site.get("/part/index.html").text.contains("둘째 문단입니다."))
        // Not into other types.
        #expect(try site.get("/assets/app.js").text == "console.log(1)\n")
    }

    @Test func headSendsTheHeadersOfGetWithoutABody() throws {
        let site = try ServeFixture()
        let get = try site.get("/")
        let head = try HTTPTestClient.request("HEAD", "/", port: site.port)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(get.body.count))
        #expect(head.headers["content-type"] == "text/html; charset=utf-8")
        let css = try HTTPTestClient.request("HEAD", "/assets/site.css", port: site.port)
        #expect(css.status == 200 && css.body.isEmpty && css.headers["content-length"] == "19")
    }

    @Test func contentTypesByExtension() throws {
        let site = try ServeFixture()
        let expected = [
            "/assets/site.css": "text/css; charset=utf-8",
            "/assets/app.js": "text/javascript; charset=utf-8",
            "/assets/module.mjs": "text/javascript; charset=utf-8",
            "/assets/logo.svg": "image/svg+xml; charset=utf-8",
            "/assets/image.png": "image/png",
            "/assets/photo.jpg": "image/jpeg",
            "/assets/data.json": "application/json; charset=utf-8",
            "/assets/font.woff2": "font/woff2",
            "/assets/code.wasm": "application/wasm",
            "/search/pages.js": "text/javascript; charset=utf-8",
            "/part/table.html": "text/html; charset=utf-8",
        ]
        for (path, type) in expected {
            let response = try site.get(path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["content-type"] == type, "\(path)")
            #expect(response.headers["cache-control"] == "no-cache", "\(path)")
        }
    }

    @Test func missingFilesGetTheSites404PageWithoutPaths() throws {
        let site = try ServeFixture()
        for path in ["/missing.html", "/part/nothing/", "/assets/", "/.lecture-site", "/__lecture/other"] {
            let response = try site.get(path)
            #expect(response.status == 404, "\(path)")
            #expect(response.text.contains("찾을 수 없는 쪽"), "\(path)")
            #expect(response.headers["cache-control"] == "no-cache")
            #expect(!response.text.contains(site.root), "\(path) shows a filesystem path")
        }
    }

    /// mdBook's `[output.html] input-404 = "missing.md"` writes the not-found page as
    /// `missing.html`, and `mdbook serve` (0.5.4, run) answers a missing path with it (404): so does
    /// the preview, and not with a `404.html` the build did not write.
    @Test func aRenamedNotFoundPageIsWhatAMissingPathGets() throws {
        var book = BookSettings()
        book.notFoundInput = "missing.md"
        let site = try ServeFixture(
            files: ["content/missing.md": "# Gone missing\n\nNothing lives here.\n"], book: book)
        #expect(FileSystem.exists(site.output + "/missing.html"))
        for path in ["/nothing.html", "/part/nothing/", "/404.html"] {
            let response = try site.get(path)
            #expect(response.status == 404, "\(path)")
            #expect(response.text.contains("Nothing lives here."), "\(path): \(response.text)")
        }
    }

    @Test func methodsOtherThanGetAndHeadAre405() throws {
        let site = try ServeFixture()
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            let response = try HTTPTestClient.request(method, "/", port: site.port)
            #expect(response.status == 405, "\(method)")
            #expect(response.headers["allow"] == "GET, HEAD")
        }
    }

    @Test func traversalInAnyEncodingNeverLeavesTheFolder() throws {
        let site = try ServeFixture()
        // A file beside the output folder, where a climb out of it would land.
        try FileSystem.writeAtomically("SECRET beside the site\n", to: site.root + "/secret.txt")
        let attempts = [
            "/../secret.txt", "/../../../../etc/passwd", "/part/../../secret.txt",
            "/%2e%2e/secret.txt", "/%2E%2E/%2E%2E/etc/passwd", "/%2E%2E%2Fsecret.txt",
            "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/..%2fsecret.txt", "/..%2F..%2Fetc%2Fpasswd", "/.%2e/secret.txt", "/%2e./secret.txt",
            "/index.html%00", "/%00", "/secret.txt%00.html",
            "/..\\secret.txt", "/%5c..%5csecret.txt", "/part%5c..%5c..%5csecret.txt",
            "/%252e%252e/secret.txt", "/%", "/%zz", "/%c0%ae%c0%ae/secret.txt", "//etc/passwd",
        ]
        for path in attempts {
            let response = try site.get(path)
            #expect(response.status == 400 || response.status == 404, "\(path) answered \(response.status)")
            #expect(!response.text.contains("SECRET"), "\(path) leaked the file beside the site")
            #expect(!response.text.contains("root:"), "\(path) leaked /etc/passwd")
            #expect(!response.text.contains(site.root), "\(path) shows a filesystem path")
        }
    }

    @Test func headOnTheEventStreamHasNoBody() throws {
        let site = try ServeFixture()
        let response = try HTTPTestClient.request("HEAD", LiveReload.eventsPath, port: site.port)
        #expect(response.status == 200)
        #expect(response.headers["content-type"]?.hasPrefix("text/event-stream") == true)
        #expect(response.body.isEmpty)
        #expect(site.server.hub.openStreams == 0)
    }

    @Test func aNamedPipeInTheOutputFolderIsNotServed() throws {
        let site = try ServeFixture()
        #expect(mkfifo(site.output + "/pipe.html", 0o644) == 0)
        #expect(try site.get("/pipe.html").status == 404)
    }

    @Test func filesChangedDuringTheFirstBuildAreFound() throws {
        let site = try ServeFixture()
        let before = Date()
        try site.edit("content/README.md", "# 시작\n\n나중 문단입니다.\n")
        // File times come from the kernel's coarse clock, which may lag `Date()` by a tick.
        try FileManager.default.setAttributes(
            [.modificationDate: before.addingTimeInterval(1)], ofItemAtPath: site.content + "/README.md")
        let found = LiveServer.files(
            in: [site.content, site.templates], modifiedSince: before, excluding: [site.output])
        #expect(found.map { URL(fileURLWithPath: $0).lastPathComponent } == ["README.md"])
    }

    @Test func symlinksOutOfTheFolderAre404() throws {
        let site = try ServeFixture()
        try FileSystem.writeAtomically("SECRET outside\n", to: site.root + "/outside/secret.txt")
        #expect(symlink(site.root + "/outside/secret.txt", site.output + "/leak.txt") == 0)
        #expect(symlink(site.root + "/outside", site.output + "/leakdir") == 0)
        #expect(symlink("../outside/secret.txt", site.output + "/relative.txt") == 0)
        #expect(symlink("assets/site.css", site.output + "/inside.css") == 0)
        for path in ["/leak.txt", "/leakdir/secret.txt", "/leakdir/", "/leakdir", "/relative.txt"] {
            let response = try site.get(path)
            #expect(response.status == 404, "\(path) answered \(response.status)")
            #expect(!response.text.contains("SECRET"), "\(path)")
        }
        // A link that stays inside is served.
        #expect(try site.get("/inside.css").text == "body { margin: 0 }\n", "\(site.recorder.lines)")
    }

    /// The output folder swapped for a link while serving (`rm -rf book; ln -s ~ book`): the
    /// link's target is not served.
    @Test func anOutputFolderSwappedForALinkIsNotServed() throws {
        let site = try ServeFixture()
        #expect(try site.get("/assets/site.css").status == 200)
        try FileSystem.writeAtomically("SECRET outside\n", to: site.root + "/outside/secret.txt")
        #expect(rename(site.output, site.root + "/old-site") == 0)
        #expect(symlink(site.root + "/outside", site.output) == 0)
        for path in ["/secret.txt", "/", "/index.html"] {
            let response = try site.get(path)
            #expect(response.status == 404, "\(path) answered \(response.status)")
            #expect(!response.text.contains("SECRET"), "\(path)")
        }
    }

    @Test func foldersRedirectToTheirSlashAndServeTheirIndex() throws {
        let site = try ServeFixture()
        let redirect = try site.get("/docs")
        #expect(redirect.status == 301)
        #expect(redirect.headers["location"] == "/docs/")
        let folder = try site.get("/docs/")
        #expect(folder.status == 200)
        #expect(folder.text.contains("문서 목차"))
        #expect(try site.get("/part").headers["location"] == "/part/")
        #expect(try site.get("/part/").text.contains("둘째 문단입니다."))
        // No listing for a folder without index.html.
        #expect(try site.get("/assets/").status == 404)
        // A file asked for as a folder is not found.
        #expect(try site.get("/index.html/").status == 404)
    }

    @Test func percentEncodedKoreanAndSpaceInFileNames() throws {
        let site = try ServeFixture()
        let response = try site.get("/assets/%ED%95%9C%EA%B8%80%20%ED%8C%8C%EC%9D%BC.txt")
        #expect(response.status == 200)
        #expect(response.text == "안녕하세요\n")
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        // Lowercase hex digits decode the same.
        #expect(try site.get("/assets/%ed%95%9c%ea%b8%80%20%ed%8c%8c%ec%9d%bc.txt").status == 200)
    }

    @Test func anEditSendsReloadAndTheNewPageIsServed() throws {
        let site = try ServeFixture()
        let stream = try EventStreamClient(port: site.port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
        let hello = try EventData(try #require(stream.events.first).data)
        #expect(hello.errors == nil)

        try site.edit("content/README.md", "# 시작\n\n고친 문단입니다.\n")
        let reloaded = stream.waitFor(timeout: patience) { $0.contains { $0.name == "reload" } }
        #expect(reloaded, "no reload event")
        let reload = try EventData(try #require(stream.events.first { $0.name == "reload" }).data)
        #expect(reload.version != hello.version)
        #expect(reload.errors == nil)
        // The event comes after the swap: the page is already the new one.
        let page = try site.get("/")
        #expect(page.text.contains("고친 문단입니다."))
        #expect(page.text.contains(JSONLiteral.quoted(reload.version)))
        #expect(
            site.recorder.lines.contains { $0.hasPrefix("Rebuilding: ") && $0.hasSuffix("content/README.md changed") })
    }

    /// What editors and tools leave beside a page while they save it is no changed source: a
    /// real `sed -i` (its `sedXXXXXX`, written and renamed over the page), Vim's `4913` probe
    /// (made and removed), backup `~`, swap file, and Emacs's lock (a dangling `.#` link) and
    /// autosave. Only the pages are named as changed, in every `Rebuilding:` line.
    @Test func editorsTemporaryFilesAreNotChangedSources() throws {
        let site = try ServeFixture()
        let stream = try EventStreamClient(port: site.port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })
        let fileManager = FileManager.default
        try Data("x".utf8).write(to: URL(fileURLWithPath: site.content + "/4913"))
        try fileManager.removeItem(atPath: site.content + "/4913")
        try Data("# 시작\n".utf8).write(to: URL(fileURLWithPath: site.content + "/README.md~"))
        try Data("swap".utf8).write(to: URL(fileURLWithPath: site.content + "/.README.md.swp"))
        try fileManager.createSymbolicLink(atPath: site.content + "/.#README.md", withDestinationPath: "me@host.1:1")
        try Data("auto".utf8).write(to: URL(fileURLWithPath: site.content + "/#README.md#"))
        for page in ["part/README.md", "README.md"] {
            let sed = try Subprocess.run(
                "sed", ["-i", "s/문단입니다/고친 문단입니다/", site.content + "/" + page], timeout: patience,
                cancellation: .process)
            #expect(sed.succeeded, "\(sed.stderrText)")
        }
        // The last edit is the top page's: once a rebuild names it, every earlier event was read.
        let named = stream.waitFor(timeout: patience) { _ in
            site.recorder.lines.contains { $0.hasPrefix("Rebuilding: ") && $0.contains("/content/README.md") }
        }
        #expect(named, "\(site.recorder.lines)")
        for line in site.recorder.lines where line.hasPrefix("Rebuilding: ") {
            let listed = line.dropFirst("Rebuilding: ".count).replacingOccurrences(of: " changed", with: "")
            let paths = listed.components(separatedBy: ", ")
            #expect(
                paths.allSatisfy { $0.hasSuffix("/content/README.md") || $0.hasSuffix("/content/part/README.md") },
                "only pages are changed sources: \(line)")
        }
    }

    @Test func aBrokenEditKeepsTheOldPageShowsTheErrorAndAFixReloads() throws {
        let site = try ServeFixture()
        let stream = try EventStreamClient(port: site.port)
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "hello" } })

        try site.edit("content/part/table.md", "# 표\n\n```table\n| 패턴 | 장점 |\n|---|---|\n| MVC | 단순함 | 남는 칸 |\n```\n")
        #expect(stream.waitFor(timeout: patience) { $0.contains { $0.name == "error" } }, "no error event within 2 s")
        let error = try EventData(try #require(stream.events.first { $0.name == "error" }).data)
        // Relative to the book, as every client gets it (`BrowserErrorText`); the terminal's is whole.
        let expected = "content/part/table.md:6:1: error: table row has 3 cells, but the header has 2"
        #expect(error.errors?.hasPrefix(expected) == true, "\(error.errors ?? "nil")")

        // The last good page stays, with the overlay in the served HTML.
        let page = try site.get("/part/table.html")
        #expect(page.status == 200)
        #expect(page.text.contains("단순함"))
        #expect(!page.text.contains("남는 칸"))
        #expect(page.text.contains("id=\"\(LiveReload.overlayID)\""))
        #expect(page.text.contains("table.md:6:1: error: table row has 3 cells"))
        #expect(site.recorder.lines.contains("Rebuild failed with 1 error; still serving the last good site"))

        let seen = stream.events.count
        try site.edit("content/part/table.md", "# 표\n\n```table\n| 패턴 | 장점 |\n|---|---|\n| MVP | 고쳤음 |\n```\n")
        #expect(
            stream.waitFor(timeout: patience) { $0.dropFirst(seen).contains { $0.name == "reload" } },
            "no reload event after the fix")
        let fixed = try site.get("/part/table.html")
        #expect(fixed.text.contains("고쳤음"))
        #expect(!fixed.text.contains("id=\"\(LiveReload.overlayID)\""))
    }

    @Test func portInUseIsAClearErrorAndStartsNothing() throws {
        let site = try ServeFixture()
        let output = site.root + "/second-site"
        var configuration = ServeConfiguration()
        configuration.build.contentDirectory = site.content
        configuration.build.templatesDirectory = site.templates
        configuration.build.outputDirectory = output
        configuration.port = site.port
        let second = LiveServer(configuration: configuration, console: LineRecorder().console)
        #expect {
            try second.start()
        } throws: { error in
            let message = (error as? LectureError)?.message ?? ""
            return message.contains("port \(site.port) is already in use") && (error as? LectureError)?.exitStatus != 0
        }
        #expect(!FileSystem.exists(output), "the second server built before failing")
        // The command line says the same and exits non-zero.
        let status = LectureCommand.main(
            [
                "serve", "--content", site.content, "--templates", site.templates,
                "--output", output, "--port", String(site.port),
            ],
            console: LineRecorder().console, extraSubcommands: HTTPSubcommands.all)
        #expect(status == 2)
        // The first server is unharmed.
        #expect(try site.get("/").status == 200)
    }

    @Test func manyConnectionsAtOnceDoNotWaitForEachOther() throws {
        let site = try ServeFixture()
        // Open pages' streams hold their connections...
        let streams = try (0..<4).map { _ in try EventStreamClient(port: site.port) }
        for stream in streams { #expect(stream.waitFor(timeout: patience) { !$0.isEmpty }) }
        // ...while other requests still get through, many at once.
        // On threads of their own (blocking sockets would serialise on Swift's cooperative pool);
        // no timing is asserted: speed belongs to `make bench`, not to tests.
        let port = site.port
        let statuses = StatusSlots(count: 24)
        DispatchQueue.concurrentPerform(iterations: 24) { n in
            let path = ["/", "/assets/site.css", "/part/", "/search/pages.js"][n % 4]
            statuses.set(n, (try? HTTPTestClient.request("GET", path, port: port).status) ?? -1)
        }
        #expect(statuses.values.allSatisfy { $0 == 200 }, "\(statuses.values)")
        #expect(site.server.hub.openStreams == 4)
    }

    @Test func aClosedPagesStreamIsReleasedAtTheNextPing() async throws {
        let site = try ServeFixture(pingInterval: 0.2)
        do {
            let stream = try EventStreamClient(port: site.port)
            #expect(stream.waitFor(timeout: patience) { _ in stream.text.contains(": ping") })
            #expect(site.server.hub.openStreams == 1)
        }
        #expect(await eventually(within: .seconds(patience)) { site.server.hub.openStreams == 0 })
    }

    @Test func stopEndsStreamsAndReleasesThePort() async throws {
        // The next ping is an hour away: a stop that waited for it would not return within `patience`.
        let site = try ServeFixture(pingInterval: 3600)
        let port = site.port
        let stream = try EventStreamClient(port: port)
        #expect(stream.waitFor(timeout: patience) { !$0.isEmpty })
        let stopped: Void? = await ThreadWork { site.server.stop() }.value(within: .seconds(patience))
        try #require(stopped != nil, "stop waited for the next ping")
        #expect(stream.waitForClose(timeout: patience))
        #expect(throws: (any Error).self) { try HTTPTestClient.request("GET", "/", port: port, timeout: 1) }
        let again = try ListeningSocket.bind(host: "127.0.0.1", port: port)
        again.close()
    }

    /// Whether this machine can listen on the IPv6 loopback address.
    static let hasIPv6Loopback: Bool = {
        guard let probe = try? ListeningSocket.bind(host: "::1", port: 0) else { return false }
        probe.close()
        return true
    }()

    @Test(.enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback (::1)"))
    func ipv6HostsAreShownInBrackets() throws {
        let site = try ServeFixture(host: "::1")
        #expect(site.server.url == "http://[::1]:\(site.port)/")
        #expect(try HTTPTestClient.request("GET", "/", host: "::1", port: site.port).status == 200)
    }
}

/// Results written from several threads.
final class StatusSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Int]
    init(count: Int) { slots = Array(repeating: 0, count: count) }
    func set(_ index: Int, _ value: Int) { lock.withLock { slots[index] = value } }
    var values: [Int] { lock.withLock { slots } }
}
