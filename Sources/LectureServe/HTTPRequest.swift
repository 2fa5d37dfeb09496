/// What the server needs of a request: the method, the path and query as the client sent
/// them, and the header fields.
struct HTTPRequest: Hashable, Sendable {
    /// `GET`, `HEAD`, … as sent (HTTP methods are case-sensitive, RFC 9110 §9.1).
    var method: String
    /// The request target's path, still percent-encoded, without the query. An absolute-form
    /// target (`http://host:port/x`, RFC 9112 §3.2.2) arrives whole; `SiteHandler` takes its path.
    var path: String
    /// The query without its `?` (`x=1&y`), still percent-encoded, or `nil` when there is none.
    var query: String?
    /// Header fields by lowercased name (`if-none-match`); a repeated field keeps its first value.
    var headers: [String: String]
    /// The protocol version of the request line (`HTTP/1.1`).
    var version = "HTTP/1.1"
    /// Every header field as received, in order, repeated ones too, each value's bytes whole (a
    /// NUL in it included), for `RequestRules`.
    var fields: [Field] = []

    /// A header field line as received.
    struct Field: Hashable, Sendable {
        var name: String
        var value: [UInt8]
    }

    /// A request line (method, path as sent) with its query and header fields.
    init(method: String, path: String, query: String? = nil, headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }
}
