import LectureSupport

/// A request's path, percent-decoded once and normalised into segments, or why it is refused.
///
/// The rules keep every answer inside the site folder whatever the encoding:
/// - the raw path must start with `/` and hold no backslash, and every `%` must start a
///   `%HH` escape (RFC 3986 §2.1); decoding happens exactly once, so `%252e` stays the literal
///   name `%2e`;
/// - after decoding, a NUL byte or bytes that are not UTF-8 refuse the request; a decoded
///   backslash (`%5C`) is a byte of a name like any other, since a page may be named `a\b.md`
///   (Linux allows it), the site links it `a%5Cb.html` (`HTML.escapeHref`), and a backslash
///   separates nothing here: the split is on `/` only, so `%5C..%5C` names a file, never a climb
///   (a raw backslash stays refused: a browser sends it as `/`, so only a hand-made request holds one);
/// - a segment the build never publishes (`EditorLeftovers`) answers 404;
/// - the decoded path is split on `/` (so an encoded `%2F` separates segments too); empty and
///   `.` segments are dropped, and a `..` segment refuses the request rather than climbing,
///   since browsers resolve dot segments themselves (RFC 3986 §5.2.4) and never send them.
struct RequestPath: Hashable, Sendable {
    /// Why a path is refused: `badRequest` answers 400, `hidden` answers 404.
    enum Refusal: Error, Hashable, Sendable {
        /// Malformed or hostile: a bad escape, NUL, a raw backslash, `..`, not UTF-8.
        case badRequest
        /// A name the build never publishes (`EditorLeftovers`: a dotfile or dotfolder, the
        /// `.lecture-site` marker, an editor's backup): not served.
        case hidden
    }

    /// The decoded segments, none empty, `.` or `..`: `/a/b%20c/` → `["a", "b c"]`.
    var segments: [String]
    /// Whether the decoded path ended with `/` (a folder was asked for); true for `/`.
    var isDirectory: Bool

    /// Decodes `raw`, the path part of the request target as the client sent it (no query).
    /// - Throws: `Refusal`.
    init(raw: String) throws(Refusal) {
        let bytes = Array(raw.utf8)
        guard bytes.first == UInt8(ascii: "/"), !bytes.contains(UInt8(ascii: "\\")) else { throw .badRequest }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = HexDigit.value(bytes[index + 1]),
                    let low = HexDigit.value(bytes[index + 2])
                else {
                    throw .badRequest
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        guard !decoded.contains(0), let text = String(validating: decoded, as: UTF8.self)
        else { throw .badRequest }
        var segments: [String] = []
        for segment in text.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment == ".." { throw .badRequest }
            // What the build never publishes (`EditorLeftovers`: dotfiles, dotfolders, the site's
            // `.lecture-site` marker, editors' backups), the summary refuses as a page, and the
            // watcher ignores, is not served either: one rule for all three.
            if EditorLeftovers.contains(name: String(segment)) { throw .hidden }
            segments.append(String(segment))
        }
        self.segments = segments
        self.isDirectory = text.hasSuffix("/")
    }

    /// The path relative to the site root, segments joined with `/` (empty for the root).
    var relative: String { segments.joined(separator: "/") }

    /// The canonical URL path of the folder, percent-encoded, for a `Location` header:
    /// `["café", "a b"]` → `/caf%C3%A9/a%20b/`.
    var folderLocation: String {
        "/" + segments.map(Self.percentEncoded).map { $0 + "/" }.joined()
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters and the sub-delimiters
    /// that are safe in a path segment.
    static func percentEncoded(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
                UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                UInt8(ascii: ")"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
                UInt8(ascii: ":"), UInt8(ascii: "@"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
            }
        }
        return result
    }
}
