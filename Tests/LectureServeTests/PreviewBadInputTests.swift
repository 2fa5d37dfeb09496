import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The preview server against bad input (issue 34): a `Host` it was not started for (DNS
/// rebinding), Range requests so media seek, the media types a book carries, and files larger
/// than memory streamed. Real HTTP over loopback to the real server.
@Suite struct PreviewBadInputTests {
    @Test func onlyTheHostNamesTheServerWasStartedForAreAnswered() throws {
        let site = try ServeFixture()
        let port = site.port
        func status(_ host: String, _ path: String = "/assets/site.css") throws -> Int {
            try HTTPTestClient.request("GET", path, port: port, headers: ["Host": host]).status
        }
        for host in [
            "localhost:\(port)", "127.0.0.1:\(port)", "LOCALHOST:\(port)", "book.localhost:\(port)", "localhost",
        ] {
            #expect(try status(host) == 200, "\(host)")
        }
        // A rebinding attacker's name, a look-alike, another port, a malformed field: refused,
        // the event stream and the pages too.
        for host in ["evil.example:\(port)", "127.0.0.1.evil.example:\(port)", "localhost:\(port &+ 1)"] {
            #expect(try status(host) == 421, "\(host)")
            #expect(try status(host, "/") == 421, "\(host)")
        }
        // A malformed field is a bad request (`MalformedRequestTests`).
        for host in ["[::1", ""] { #expect(try status(host) == 400, "\(host)") }
        #expect(try status("evil.example:\(port)", LiveReload.eventsPath) == 421)
        let refused = try HTTPTestClient.request("GET", "/", port: port, headers: ["Host": "evil.example"])
        #expect(!refused.text.contains("시작"), "no byte of the site reaches another host")
    }

    @Test func allowedHostsFollowTheAddressBound() {
        let loopback = AllowedHosts(configured: "127.0.0.1", address: "127.0.0.1", port: 8000)
        #expect(loopback.allows("[::1]:8000") && loopback.allows("127.1.2.3:8000") && loopback.allows(nil))
        #expect(!loopback.allows("192.168.1.9:8000") && !loopback.allows("myhost:8000"))
        #expect(!loopback.allows("localhost:80") && !loopback.allows("localhost:8000x"))
        let everywhere = AllowedHosts(configured: "0.0.0.0", address: "0.0.0.0", port: 8000, machineName: "myhost")
        #expect(everywhere.allows("192.168.1.9:8000") && everywhere.allows("myhost:8000"))
        #expect(everywhere.allows("[fe80::1]:8000") && !everywhere.allows("evil.example:8000"))
        let named = AllowedHosts(configured: "book.lan", address: "10.0.0.2", port: 9000)
        #expect(named.allows("book.lan:9000") && named.allows("10.0.0.2:9000") && !named.allows("10.0.0.3:9000"))
    }

    @Test func rangeRequestsAnswer206Or416SoVideosSeek() throws {
        let site = try ServeFixture(files: ["templates/assets/clip.mp4": "0123456789"])
        func get(_ range: String, _ extra: [String: String] = [:], method: String = "GET") throws
            -> HTTPTestClient.Response
        {
            try HTTPTestClient.request(
                method, "/assets/clip.mp4", port: site.port, headers: extra.merging(["Range": range]) { $1 })
        }
        let whole = try site.get("/assets/clip.mp4")
        #expect(whole.status == 200 && whole.text == "0123456789")
        #expect(whole.headers["accept-ranges"] == "bytes")
        #expect(whole.headers["content-type"] == "video/mp4")
        for (range, body, contentRange) in [
            ("bytes=2-5", "2345", "bytes 2-5/10"), ("bytes=7-", "789", "bytes 7-9/10"),
            ("bytes=-3", "789", "bytes 7-9/10"), ("bytes=8-100", "89", "bytes 8-9/10"),
            ("bytes=-30", "0123456789", "bytes 0-9/10"),
        ] {
            let part = try get(range)
            #expect(part.status == 206, "\(range)")
            #expect(part.text == body, "\(range)")
            #expect(part.headers["content-range"] == contentRange, "\(range)")
            #expect(part.headers["content-length"] == String(body.utf8.count), "\(range)")
        }
        for range in ["bytes=10-", "bytes=-0", "bytes=99-100"] {
            let refused = try get(range)
            #expect(refused.status == 416, "\(range)")
            #expect(refused.headers["content-range"] == "bytes */10", "\(range)")
        }
        // Several ranges, another unit, a malformed field: the whole file.
        for range in ["bytes=0-1,4-5", "items=0-1", "bytes=5-2", "bytes=x-"] {
            let served = try get(range)
            #expect(served.status == 200 && served.text == "0123456789", "\(range)")
        }
        // If-Range: the range only while the client's copy is current.
        let tag = try #require(whole.headers["etag"])
        #expect(try get("bytes=0-0", ["If-Range": tag]).text == "0")
        #expect(try get("bytes=0-0", ["If-Range": "\"stale\""]).status == 200)
        let head = try get("bytes=2-5", method: "HEAD")
        #expect(head.status == 206 && head.body.isEmpty && head.headers["content-range"] == "bytes 2-5/10")
    }

    @Test func aFileLargerThanMemoryIsStreamedFromAnyOffset() throws {
        let site = try ServeFixture()
        // 5 GiB, sparse: reading it whole into memory would not fit the test's time, nor a
        // 32-bit offset its end.
        let path = site.output + "/assets/lecture.webm"
        let size: Int64 = 5 << 30
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        defer { unlink(path) }
        #expect(ftruncate(descriptor, off_t(size)) == 0)
        let tail = Array("TAIL".utf8)
        #expect(tail.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, 4, off_t(size - 4)) } == 4)
        close(descriptor)
        let head = try HTTPTestClient.request("HEAD", "/assets/lecture.webm", port: site.port)
        #expect(head.status == 200 && head.headers["content-length"] == String(size))
        #expect(head.headers["content-type"] == "video/webm")
        let end = try HTTPTestClient.request(
            "GET", "/assets/lecture.webm", port: site.port, headers: ["Range": "bytes=-4"])
        #expect(end.status == 206 && end.body == tail)
        #expect(end.headers["content-range"] == "bytes \(size - 4)-\(size - 1)/\(size)")
    }

    @Test func theMediaTypesABookCarries() {
        let expected = [
            "a.mp4": "video/mp4", "a.webm": "video/webm", "a.mp3": "audio/mpeg", "a.wasm": "application/wasm",
            "a.woff2": "font/woff2", "a.AVIF": "image/avif", "a.webp": "image/webp", "a.ogg": "audio/ogg",
            "a.wav": "audio/wav", "a.m4a": "audio/mp4", "a.mov": "video/quicktime", "a.vtt": "text/vtt; charset=utf-8",
            "a.csv": "text/csv; charset=utf-8", "a.flac": "audio/flac", "a.zip": "application/zip",
        ]
        for (name, type) in expected { #expect(MIMEType.forPath("media/" + name) == type, "\(name)") }
    }

    /// The site names files in NFC; a request in NFD (a name typed on macOS) finds them too.
    @Test func aNameRequestedInNFDFindsTheFileTheSiteNamesInNFC() throws {
        let nfd = "cafe\u{301}"
        let site = try ServeFixture(files: ["content/\(nfd).txt": "NFD\n"])
        let names = (try? FileManager.default.contentsOfDirectory(atPath: site.output)) ?? []
        #expect(names.contains { NFC.sameBytes($0, "caf\u{E9}.txt") })
        for path in ["/caf%C3%A9.txt", "/cafe%CC%81.txt"] {
            let response = try site.get(path)
            #expect(response.status == 200 && response.text == "NFD\n", "\(path)")
        }
    }
}
