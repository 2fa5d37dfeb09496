/// Where a path of the machine (`MachinePaths`' needles: the book's folder, the home folder…)
/// occurs in bytes as a whole path: it starts a path (after a byte that cannot end a file name)
/// and ends one (before `/` or a byte that cannot continue a name), so `example.com/root/` is no
/// mention of `/root`. A path ending in `-` (`$TMPDIR/lecture-`) is a prefix: any name may follow.
///
/// A `/` may be written `\/`, as a JSON string (the search index, `toc.js`) and Markdown write it:
/// the bytes are read as the text they stand for, so a derived file sees the boundaries its page
/// does. `\/proc\/1\/root` is no mention of `/root` (the `1` before it continues a name), where
/// the escape's `\` alone would have started one (a build as root refused every page naming
/// `/proc/1/root`); `\/home\/u\/x` is a mention of `/home/u`.
package enum WholePath {
    /// The offsets in `from..<before` of `bytes` where `path` starts as a whole path (its first
    /// `/`, after the `\` of an escape). Its bytes may run past `before`, to `longest(path)`
    /// bytes (a caller reading in chunks checks the rest in the next chunk).
    package static func offsets(
        of path: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, before limit: Int? = nil,
        first: Bool = false
    ) -> [Int] {
        guard let head = path.first else { return [] }
        let limit = min(limit ?? bytes.count, bytes.count)
        let endsInDash = path.last == UInt8(ascii: "-")
        var found: [Int] = []
        var from = start
        // Candidates by memchr on the first byte, then the rest compared.
        while from < limit, let candidate = UTF8Search.offset(of: head, in: bytes, from: from), candidate < limit {
            if let end = end(of: path, in: bytes, at: candidate) {
                var before = candidate - 1
                if head == slash, before >= 0, bytes[before] == backslash { before -= 1 }
                let startsPath = before < 0 || !continuesName(bytes[before])
                let endsPath = endsInDash || end == bytes.count || !continuesName(bytes[end])
                if startsPath && endsPath {
                    found.append(candidate)
                    if first { break }
                }
            }
            from = candidate + 1
        }
        return found
    }

    /// The most bytes `path` takes where it is found: every `/` after the first escaped.
    package static func longest(_ path: [UInt8]) -> Int {
        path.count + path.dropFirst().count { $0 == slash }
    }

    /// Where `path`, compared from `start` (which holds its first byte), ends in `bytes`: each
    /// later `/` of it as `/` or `\/`. Nil where the bytes differ or end first.
    private static func end(of path: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var at = start + 1
        for byte in path.dropFirst() {
            if byte == slash, at + 1 < bytes.count, bytes[at] == backslash, bytes[at + 1] == slash {
                at += 2
            } else if at < bytes.count, bytes[at] == byte {
                at += 1
            } else {
                return nil
            }
        }
        return at
    }

    private static let slash = UInt8(ascii: "/")
    private static let backslash = UInt8(ascii: "\\")

    /// A byte of a file name's text: a letter, digit, `.`, `_`, `-`, `~`, or any byte of a
    /// character past ASCII.
    static func continuesName(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte >= 0x80
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "~")
    }
}
