/// What a careful HTTP/1.1 server refuses before it looks at the path (RFC 9110, RFC 9112),
/// beyond what libmicrohttpd refuses itself (a request line it cannot read, an unknown major
/// version: 505, header fields past its memory: 431, a target past it: 414, a field line without
/// a colon: 400).
///
/// - 400: an HTTP/1.1 request without `Host`, or with more than one (RFC 9112 §3.2); a `Host` that
///   is not `host[:port]` (empty, with white space, as an obs-fold leaves it, with userinfo, with a
///   port past 65535; RFC 9110 §7.2, §4.2.4); a field name that is not a token, such as one with
///   white space before its colon (RFC 9112 §5.1); a field value holding NUL, CR or LF (RFC 9110
///   §5.5); `Transfer-Encoding` with `Content-Length`, or two `Content-Length`s that differ
///   (RFC 9112 §6.1, §6.3); a request target holding control characters, white space or a `#`
///   (RFC 9112 §3.2); an absolute-form target (`scheme://authority/path`) whose scheme is not
///   `http` or that holds userinfo;
/// - 501: a method no HTTP specification defines (methods are case-sensitive, so `get` is one);
///   the methods it defines but the preview does not serve stay 405.
///
/// An absolute-form target's authority stands for `Host` (RFC 9112 §3.2.2), so `AllowedHosts`
/// judges it (`RequestRules.host(of:)`).
enum RequestRules {
    /// A refusal: its status and reason phrase.
    struct Refusal: Hashable, Sendable {
        var status: Int
        var reason: String
        static let badRequest = Refusal(status: 400, reason: "Bad Request")
        static let notImplemented = Refusal(status: 501, reason: "Not Implemented")
    }

    /// The methods HTTP's specifications define (RFC 9110 §9, RFC 5789's `PATCH`, WebDAV's are not
    /// among them): one the preview does not serve is 405, any other 501.
    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH",
    ]

    /// Why `request` is refused before its path is read, or `nil`.
    static func refusal(of request: HTTPRequest) -> Refusal? {
        guard knownMethods.contains(request.method) else { return .notImplemented }
        if request.path.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "#") }) {
            return .badRequest
        }
        for field in request.fields {
            guard !field.name.isEmpty, field.name.utf8.allSatisfy(isTokenByte) else { return .badRequest }
            if field.value.contains(where: { $0 == 0 || $0 == 0x0D || $0 == 0x0A }) { return .badRequest }
        }
        let hosts = request.fields.filter { $0.name.lowercased() == "host" }
        if hosts.count > 1 || (hosts.isEmpty && request.version != "HTTP/1.0") { return .badRequest }
        if let host = hosts.first, !isWellFormedHost(String(decoding: host.value, as: UTF8.self)) { return .badRequest }
        let lengths = request.fields.filter { $0.name.lowercased() == "content-length" }.map(\.value)
        if Set(lengths).count > 1 { return .badRequest }
        if !lengths.isEmpty, request.fields.contains(where: { $0.name.lowercased() == "transfer-encoding" }) {
            return .badRequest
        }
        if let scheme = absoluteScheme(of: request.path) {
            guard scheme.lowercased() == "http", let authority = authority(of: request.path), !authority.contains("@"),
                isWellFormedHost(authority)
            else { return .badRequest }
        }
        return nil
    }

    /// The host the request names: an absolute-form target's authority, else its `Host` field.
    static func host(of request: HTTPRequest) -> String? {
        if absoluteScheme(of: request.path) != nil { return authority(of: request.path) }
        return request.headers["host"]
    }

    /// `host[:port]`, `[v6][:port]`: no white space, no userinfo, a port of 0 to 65535.
    static func isWellFormedHost(_ field: String) -> Bool {
        !field.isEmpty && !field.contains(where: { $0 == " " || $0 == "\t" || $0 == "@" })
            && AllowedHosts.split(field) != nil
    }

    /// `http` of `http://host/x`; `nil` for an origin-form target (`/x`).
    static func absoluteScheme(of target: String) -> Substring? {
        guard let separator = target.range(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme
    }

    /// `host:port` of `http://host:port/x`.
    static func authority(of target: String) -> String? {
        guard let separator = target.range(of: "://") else { return nil }
        let rest = target[separator.upperBound...]
        return String(rest.prefix { $0 != "/" && $0 != "?" })
    }

    /// RFC 9110 §5.6.2's `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
