/// What the server needs of a request: the method and the path as the client sent it.
public struct HTTPRequest: Hashable, Sendable {
    /// `GET`, `HEAD`, … as sent (HTTP methods are case-sensitive, RFC 9110 §9.1).
    public var method: String
    /// The request target's path, still percent-encoded, without the query.
    public var path: String

    /// A request line: the method (`GET`) and the path exactly as sent, still percent-encoded.
    public init(method: String, path: String) {
        self.method = method
        self.path = path
    }
}
