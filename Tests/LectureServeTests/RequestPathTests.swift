import Testing

@testable import LectureServe

/// Decoding and normalising request paths, without a server.
@Suite struct RequestPathTests {
    @Test func decodesOnceAndDropsEmptyAndDotSegments() throws {
        let path = try RequestPath(raw: "/a//./b%20c/%ED%95%9C/")
        #expect(path.segments == ["a", "b c", "한"])
        #expect(path.isDirectory)
        #expect(try RequestPath(raw: "/").segments.isEmpty)
        #expect(try RequestPath(raw: "/%252e%252e").segments == ["%2e%2e"])
        #expect(try RequestPath(raw: "/x.html").isDirectory == false)
    }

    @Test func refusesTraversalNulBackslashAndBadEscapes() {
        for raw in [
            "/..", "/a/../b", "/%2e%2e/", "/%2E%2E", "/a%2f..%2fb", "/.%2E/", "/%00", "/a%00.html", "/a\\b",
            "/%", "/%2", "/%zz", "/%c0%ae%c0%ae", "relative", "*", "",
        ] {
            #expect(throws: RequestPath.Refusal.badRequest, "\(raw)") { try RequestPath(raw: raw) }
        }
    }

    /// The preview serves none of what the build never publishes (`EditorLeftovers`), the
    /// summary refuses as a page (`UnpublishedNameBadInputTests`) and the watcher ignores.
    @Test func hidesWhatTheBuildNeverPublishes() {
        for raw in [
            "/.well-known/y.html", "/.guide/g.html", "/sub/.x/z.html", "/node_modules/a.js", "/p.md~", "/%23p.md%23",
        ] {
            #expect(throws: RequestPath.Refusal.hidden, "\(raw)") { try RequestPath(raw: raw) }
        }
        #expect((try? RequestPath(raw: "/well-known/y.html")) != nil)
    }

    @Test func hidesDotFiles() {
        #expect(throws: RequestPath.Refusal.hidden) { try RequestPath(raw: "/.lecture-site") }
        #expect(throws: RequestPath.Refusal.hidden) { try RequestPath(raw: "/a/%2Egit/config") }
    }

    @Test func folderLocationIsCanonicalAndEncoded() throws {
        #expect(try RequestPath(raw: "/docs").folderLocation == "/docs/")
        #expect(try RequestPath(raw: "//a/./%ED%95%9C%20b").folderLocation == "/a/%ED%95%9C%20b/")
        #expect(try RequestPath(raw: "/").folderLocation == "/")
    }

    @Test func mimeTypesCarryCharsetOnTextOnly() {
        #expect(MIMEType.forPath("a/b.HTML") == "text/html; charset=utf-8")
        #expect(MIMEType.forPath("x.woff2") == "font/woff2")
        #expect(MIMEType.forPath("x.wasm") == "application/wasm")
        #expect(MIMEType.forPath("README") == "application/octet-stream")
        #expect(MIMEType.forPath(".hidden") == "application/octet-stream")
    }

    @Test func injectionGoesBeforeTheLastBodyCloseOrAtTheEnd() {
        let state = SiteState(version: "v-1")
        let html = Array("<body><p>a</p></body><!-- </body> --></Body>\n".utf8)
        let snippet = LiveReload.snippet(state, shell: LiveReload.shell(of: html))
        #expect(
            String(decoding: LiveReload.inject(into: html, state: state), as: UTF8.self)
                == "<body><p>a</p></body><!-- </body> -->" + snippet + "</Body>\n")
        let short = Array("<p>x".utf8)
        #expect(
            String(decoding: LiveReload.inject(into: short, state: state), as: UTF8.self)
                == "<p>x" + LiveReload.snippet(state, shell: LiveReload.shell(of: short)))
    }

    @Test func errorsAreEscapedInTheOverlayAndTheScript() {
        let state = SiteState(version: "v\"</script>", errors: "a.md:1:1: error: <b>&</b>\n    note")
        let snippet = LiveReload.snippet(state, shell: "0")
        #expect(snippet.contains("a.md:1:1: error: &lt;b&gt;&amp;&lt;/b&gt;\n    note"))
        #expect(!snippet.contains("v\"</script>"))
        #expect(
            state.json
                == #"{"version":"v\"\u003c\/script\u003e","errors":"a.md:1:1: error: \u003cb\u003e\u0026\u003c\/b\u003e\n    note","built":true,"fullReload":0}"#
        )
        #expect(!state.json.contains("\n"))
    }
}
