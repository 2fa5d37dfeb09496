import Foundation
import Testing

@testable import LectureServe

#if canImport(Glibc)
    import Glibc
#endif

/// Malformed HTTP on the preview: requests RFC 9112 and RFC 9110 say to refuse
/// were answered 200 with the page (two `Host` fields, an obs-folded `Host`, `Transfer-Encoding`
/// with `Content-Length`, NUL in a field value, an absolute-form target naming another host).
/// Each kind is sent as raw bytes over loopback to the real server, with the status a careful
/// server answers (`RequestRules`; the ones libmicrohttpd answers itself are held here too).
/// Not here: a NUL in a field value or a raw NUL in the target, which libmicrohttpd 0.9.75 cuts
/// off (it hands on C strings) before the handler can see it, so the rest of the value is dropped
/// and the request is judged without it.
@Suite struct MalformedRequestTests {
    /// The status line's code of the answer to `raw`, read up to the end of its header.
    static func status(of raw: String, port: UInt16) throws -> Int? {
        let fd = try HTTPTestClient.connect(port: port)
        defer { close(fd) }
        try HTTPTestClient.send(fd, raw)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !received.starts(with: Array("HTTP/".utf8)) || !String(decoding: received, as: UTF8.self).contains("\r\n")
        {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += chunk[0..<n]
        }
        let line = String(decoding: received, as: UTF8.self).prefix { $0 != "\r" }
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    @Test func eachKindOfMalformedRequestGetsItsStatus() throws {
        let site = try ServeFixture()
        let port = site.port
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let cases: [(String, String, Int)] = [
            ("well-formed", "GET / HTTP/1.1\r\n\(host)\r\n", 200),
            ("HTTP/1.0 without Host", "GET / HTTP/1.0\r\n\r\n", 200),
            ("absolute form naming this server", "GET http://127.0.0.1:\(port)/ HTTP/1.1\r\n\(host)\r\n", 200),
            ("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400),
            ("two Host fields", "GET / HTTP/1.1\r\n\(host)Host: evil.example\r\n\r\n", 400),
            ("the same Host twice", "GET / HTTP/1.1\r\n\(host)\(host)\r\n", 400),
            ("an empty Host", "GET / HTTP/1.1\r\nHost: \r\n\r\n", 400),
            ("an obs-folded Host", "GET / HTTP/1.1\r\nHost: evil.example\r\n 127.0.0.1\r\n\r\n", 400),
            ("userinfo in Host", "GET / HTTP/1.1\r\nHost: u@127.0.0.1:\(port)\r\n\r\n", 400),
            ("a port past 65535", "GET / HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n", 400),
            ("another host", "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", 421),
            (
                "Transfer-Encoding with Content-Length",
                "GET / HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n", 400
            ),
            ("two Content-Lengths", "GET / HTTP/1.1\r\n\(host)Content-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),
            ("CR in a field value", "GET / HTTP/1.1\r\n\(host)X-A: a\rb\r\n\r\n", 400),
            ("white space before the colon", "GET / HTTP/1.1\r\n\(host)X-A : b\r\n\r\n", 400),
            ("a field name that is no token", "GET / HTTP/1.1\r\n\(host)X(A): b\r\n\r\n", 400),
            ("a field line without a colon", "GET / HTTP/1.1\r\n\(host)garbage\r\n\r\n", 400),
            ("a fragment in the target", "GET /index.html#x HTTP/1.1\r\n\(host)\r\n", 400),
            ("a control character in the target", "GET /index\u{1}.html HTTP/1.1\r\n\(host)\r\n", 400),
            ("a bad percent escape", "GET /index%zz.html HTTP/1.1\r\n\(host)\r\n", 400),
            ("an escaped NUL", "GET /index%00.html HTTP/1.1\r\n\(host)\r\n", 400),
            ("'..' after decoding", "GET /a/%2e%2e/index.html HTTP/1.1\r\n\(host)\r\n", 400),
            ("a target without '/'", "GET index.html HTTP/1.1\r\n\(host)\r\n", 400),
            ("the asterisk form", "GET * HTTP/1.1\r\n\(host)\r\n", 400),
            ("absolute form naming another host", "GET http://evil.example/ HTTP/1.1\r\n\(host)\r\n", 421),
            ("absolute form of another scheme", "GET ftp://127.0.0.1:\(port)/ HTTP/1.1\r\n\(host)\r\n", 400),
            ("absolute form with userinfo", "GET http://u@127.0.0.1:\(port)/ HTTP/1.1\r\n\(host)\r\n", 400),
            ("a request line with a fourth part", "GET / HTTP/1.1 x\r\n\(host)\r\n", 400),
            ("HTTP/0.9", "GET /\r\n\r\n", 400),
            ("HTTP/2.0", "GET / HTTP/2.0\r\n\(host)\r\n", 505),
            ("a method no specification defines", "BREW / HTTP/1.1\r\n\(host)\r\n", 501),
            ("a lowercase method", "get / HTTP/1.1\r\n\(host)\r\n", 501),
            ("a method the preview does not serve", "DELETE / HTTP/1.1\r\n\(host)\r\n", 405),
            (
                "a header of 100 KB", "GET / HTTP/1.1\r\n\(host)X-A: \(String(repeating: "a", count: 100_000))\r\n\r\n",
                431
            ),
            ("a target of 100 KB", "GET /\(String(repeating: "a", count: 100_000)) HTTP/1.1\r\n\(host)\r\n", 414),
        ]
        for (name, raw, expected) in cases {
            #expect(try Self.status(of: raw, port: port) == expected, "\(name)")
        }
    }

    @Test func theRulesWithoutAServer() {
        func request(
            _ fields: [(String, String)], method: String = "GET", path: String = "/", version: String = "HTTP/1.1"
        )
            -> HTTPRequest
        {
            var request = HTTPRequest(method: method, path: path)
            request.version = version
            request.fields = fields.map { HTTPRequest.Field(name: $0.0, value: Array($0.1.utf8)) }
            return request
        }
        #expect(RequestRules.refusal(of: request([("Host", "localhost")])) == nil)
        #expect(RequestRules.refusal(of: request([("Host", "local host")])) == .badRequest)
        #expect(RequestRules.refusal(of: request([], version: "HTTP/1.0")) == nil)
        #expect(
            RequestRules.refusal(of: request([("Host", "localhost")], method: "OPTIONS")) == nil, "405 is SiteHandler's"
        )
        #expect(
            RequestRules.host(of: request([("Host", "localhost")], path: "http://evil.example:80/x"))
                == "evil.example:80")
    }
}
