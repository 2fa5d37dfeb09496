#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A response for `HTTPServer` to send: a status, headers and one of three kinds of body.
struct HTTPResponse: Sendable {
    /// What follows the headers: bytes in memory, a file sent from its descriptor, or an event stream.
    enum Body: Sendable {
        /// Bytes in memory (pages, with the live-reload script injected; error pages).
        case bytes([UInt8])
        /// `size` bytes of an open file from `offset` on, streamed by libmicrohttpd
        /// (`sendfile(2)`), which also closes the descriptor: a file is never read whole.
        case file(descriptor: Int32, size: UInt64, offset: UInt64 = 0)
        /// A stream of unknown length, sent chunked as `stream` produces it (Server-Sent Events).
        case stream(EventStream)
    }

    /// The status code: 200, 206, 301, 400, 404, 405, 416, 421.
    var status: Int
    /// Header fields in order; `Content-Length` is added by libmicrohttpd.
    var headers: [(name: String, value: String)]
    /// The response body (empty for HEAD is handled by the server, which sends the headers only).
    var body: Body

    /// A response with an HTTP status code (RFC 9110, section 15), headers in order, and a body.
    init(status: Int, headers: [(name: String, value: String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
