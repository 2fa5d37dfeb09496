import Foundation
import TestFolders
import Testing

@testable import LectureServe
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `lecture pdf`'s print server over loopback: the preview's `HTTPServer` and `SiteHandler`,
/// so the site's files and nothing outside it, by the same path and type rules; and, as
/// Chromium's proxy, its own origin answered and every other refused and kept.
@Suite struct PrintServerTests {
    /// A site with a page, a file beside it and a dotfile; a secret outside it, linked from inside.
    static func site() throws -> String {
        let root = try TestFolders.make("print-server")
        for (path, text) in [
            "site/print.html": "<p>page</p>\n", "site/code.mjs": "export {}\n", "site/.hidden": "dot\n",
            "secret.txt": "outside\n",
        ] {
            try FileSystem.writeAtomically(text, to: root + "/" + path)
        }
        #expect(symlink(root + "/secret.txt", root + "/site/link.txt") == 0)
        return root
    }

    @Test func thePrintServerServesOnlyTheSite() throws {
        let root = try Self.site()
        let server = try PrintServer(root: root + "/site")
        defer { server.stop() }
        let host = ["Host": "127.0.0.1:\(server.port)"]
        let page = try HTTPTestClient.request("GET", "/print.html", port: server.port, headers: host)
        #expect(page.status == 200)
        #expect(page.text == "<p>page</p>\n", "served as built: no live-reload script")
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        // The preview's type table: `.mjs` is JavaScript.
        let module = try HTTPTestClient.request("GET", "/code.mjs", port: server.port, headers: host)
        #expect(module.headers["content-type"] == "text/javascript; charset=utf-8")
        for target in [
            "/../secret.txt", "/%2e%2e/secret.txt", "/link.txt", "/x%00", "/..%2Fsecret.txt", "/.hidden", "/%zz",
        ] {
            let answer = try HTTPTestClient.request("GET", target, port: server.port, headers: host)
            #expect(answer.status != 200, "\(target)")
            #expect(!answer.text.contains("outside") && !answer.text.contains("dot"), "\(target)")
        }
        // No live reload without a hub.
        let events = try HTTPTestClient.request("GET", LiveReload.eventsPath, port: server.port, headers: host)
        #expect(events.status == 404)
    }

    /// As Chromium's proxy: its own origin answered (in absolute form too), every other refused
    /// and kept, a `CONNECT` tunnel too.
    @Test func thePrintServerRefusesEveryOtherOrigin() throws {
        let root = try Self.site()
        let server = try PrintServer(root: root + "/site")
        defer { server.stop() }
        let own = try HTTPTestClient.request(
            "GET", server.origin + "/print.html", port: server.port, headers: ["Host": "127.0.0.1:\(server.port)"])
        #expect(own.status == 200)
        for target in [
            "http://127.0.0.1:1/print.html", "http://localhost:\(server.port)/print.html", "http://169.254.169.254/",
            "http://127.0.0.1:\(server.port)@evil.example/",
        ] {
            let answer = try HTTPTestClient.request(
                "GET", target, port: server.port, headers: ["Host": "127.0.0.1:\(server.port)", "Referer": "r"])
            #expect(answer.status == 403, "\(target)")
            #expect(!answer.text.contains("page"), "\(target)")
        }
        let tunnel = try HTTPTestClient.request(
            "CONNECT", "example.com:443", port: server.port, headers: ["Host": "example.com:443"])
        #expect(tunnel.status == 403)
        #expect(
            server.refused == [
                .init(url: "http://127.0.0.1:1/print.html", referer: "r"),
                .init(url: "http://localhost:\(server.port)/print.html", referer: "r"),
                .init(url: "http://169.254.169.254/", referer: "r"),
                .init(url: "http://127.0.0.1:\(server.port)@evil.example/", referer: "r"),
                .init(url: "https://example.com:443", referer: nil),
            ])
        // As curl asks a proxy.
        let curl = try Subprocess.run(
            "/usr/bin/curl",
            [
                "-s", "-o", "/dev/null", "-o", "/dev/null", "-w", "%{http_code} ", "--proxy", server.origin,
                "http://127.0.0.1:9/x",
                server.url(of: "print.html"),
            ],
            timeout: 30, cancellation: .process)
        #expect(curl.stdoutText == "403 200 ", "\(curl.stdoutText)")
    }

    /// The print server reads a page's link as the preview does (issue 34): a decoded `%5C` is a
    /// byte of a name (`a\\b.html`, linked as `a%5Cb.html`), a raw backslash or a climb is refused.
    @Test func thePrintServerServesANameWithABackslashByItsLink() throws {
        let root = try TestFolders.make("print-server-names")
        for (path, text) in [
            "site/a\\b.html": "<p>b</p>\n", "site/sp ace%.html": "<p>c</p>\n", "secret.txt": "SECRET\n",
        ] {
            try FileSystem.writeAtomically(text, to: root + "/" + path)
        }
        let server = try PrintServer(root: root + "/site")
        defer { server.stop() }
        let host = ["Host": "127.0.0.1:\(server.port)"]
        for link in ["/a%5Cb.html", "/sp%20ace%25.html"] {
            #expect(try HTTPTestClient.request("GET", link, port: server.port, headers: host).status == 200, "\(link)")
        }
        for refused in ["/a\\b.html", "/%5C..%5C..%5Csecret.txt", "/..%2Fsecret.txt"] {
            let answer = try HTTPTestClient.request("GET", refused, port: server.port, headers: host)
            #expect(answer.status != 200, "\(refused)")
            #expect(!answer.text.contains("SECRET"), "\(refused)")
        }
    }
}

/// With book.toml's `site-url = "/docs/"` the print server serves the site under `/docs/`, as it
/// is deployed (attack 11, kind 66): an image the page names `/docs/deep/p.png`, which the
/// build's URL check accepts, printed as a broken image when the site was served at `/`.
@Suite struct PrintServerSiteURLTests {
    @Test func theSiteIsServedUnderItsSiteURL() throws {
        let root = try PrintServerTests.site()
        try FileSystem.writeAtomically("png\n", to: root + "/site/deep/p.png")
        let server = try PrintServer(root: root + "/site", siteURL: "/docs/")
        defer { server.stop() }
        #expect(server.url(of: "print.html") == server.origin + "/docs/print.html")
        let host = ["Host": "127.0.0.1:\(server.port)"]
        for (target, status) in [
            ("/docs/print.html", 200), ("/docs/deep/p.png", 200), (server.origin + "/docs/deep/p.png", 200),
            ("/deep/p.png", 404), ("/print.html", 404), ("/docs/../secret.txt", 0),
        ] {
            let answer = try HTTPTestClient.request("GET", target, port: server.port, headers: host)
            // 0: refused, whatever the status (a climb out of the site).
            #expect(status == 0 ? answer.status != 200 : answer.status == status, "\(target)")
            #expect(!answer.text.contains("outside"), "\(target)")
        }
    }
}
