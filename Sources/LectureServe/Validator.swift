import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A served file's validators for conditional GET (RFC 9110 §8.8 and §13): an entity tag, and
/// for files sent as they are, the modification time.
///
/// The tag is `"<inode>-<size>-<mtime in ns>"` in hex: a rebuild that leaves a file alone
/// hard-links it into the new site (same inode and time), so the browser's copy stays valid,
/// while any rewrite changes it. An HTML page is sent with the live-reload state injected, so
/// its tag also carries a hash of that state and it gets no `Last-Modified` (the file's time
/// says nothing of a failed rebuild's overlay).
struct Validator: Equatable {
    /// The `ETag` value, quoted.
    var entityTag: String
    /// The `Last-Modified` value (an IMF-fixdate), or `nil` for pages with injected state.
    var lastModified: String?
    /// The modification time in whole seconds since 1970, compared with `If-Modified-Since`.
    var modifiedSeconds: Int

    /// The validators of an open file described by `info`; `injected` is the state text put
    /// into an HTML page, `nil` for a file sent as it is.
    init(_ info: stat, injected: String?) {
        let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        var tag =
            String(UInt64(info.st_ino), radix: 16) + "-" + String(Int64(info.st_size), radix: 16)
            + "-" + String(nanoseconds, radix: 16)
        if let injected { tag += "-" + StableHash.hex(injected.utf8) }
        entityTag = "\"" + tag + "\""
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        lastModified = injected == nil ? Self.httpDate(modifiedSeconds) : nil
    }

    /// The header fields that carry the validators.
    var headers: [(name: String, value: String)] {
        [("ETag", entityTag)] + (lastModified.map { [("Last-Modified", $0)] } ?? [])
    }

    /// Whether the client's copy is current, so 304 answers: `If-None-Match` lists this tag (weak
    /// comparison, `*` matches any), or, only when that field is absent, `If-Modified-Since` is
    /// no earlier than the file's time (RFC 9110 §13.2.2's order of evaluation).
    func matches(_ request: HTTPRequest) -> Bool {
        if let list = request.headers["if-none-match"] {
            return list.split(separator: ",").contains { candidate in
                let tag = candidate.trimmingCharacters(in: .whitespaces)
                return tag == "*" || Self.opaque(tag) == Self.opaque(entityTag)
            }
        }
        if lastModified != nil, let since = request.headers["if-modified-since"],
            let date = Self.seconds(ofHTTPDate: since)
        {
            return modifiedSeconds <= date
        }
        return false
    }

    /// Whether a `Range` of `request` is honoured: no `If-Range`, or one naming this file's
    /// current tag (strong comparison) or its `Last-Modified` date (RFC 9110 §13.1.5).
    func allowsRange(_ request: HTTPRequest) -> Bool {
        guard let condition = request.headers["if-range"]?.trimmingCharacters(in: .whitespaces) else { return true }
        if condition.hasPrefix("\"") { return condition == entityTag }
        return lastModified == condition
    }

    /// A tag without its weakness prefix `W/`.
    private static func opaque(_ tag: String) -> Substring {
        tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 §5.6.7's IMF-fixdate), by `strftime(3)` in the C locale.
    static func httpDate(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Seconds since 1970 of an IMF-fixdate; `nil` for any other form (a recipient may then
    /// ignore the field, RFC 9110 §13.1.3). Foundation's `DateFormatter`, used under a lock.
    static func seconds(ofHTTPDate text: String) -> Int? {
        parsing.withLock { $0.date(from: text).map { Int($0.timeIntervalSince1970) } }
    }

    private static let parsing = Locked<DateFormatter>(
        {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter
        }())
}
