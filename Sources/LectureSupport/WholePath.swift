/// Where a path of the machine (`MachinePaths`' needles: the book's folder, the home folder…)
/// occurs in bytes as a whole path: it starts a path (after a byte that cannot end a file name)
/// and ends one (before `/` or a byte that cannot continue a name), so `example.com/root/` is no
/// mention of `/root`. A path ending in `-` (`$TMPDIR/lecture-`) is a prefix: any name may follow.
package enum WholePath {
    /// The offsets in `from..<before` of `bytes` where `path` starts as a whole path. Its bytes
    /// may run past `before` (a caller reading in chunks checks the rest in the next chunk).
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
            let end = candidate + path.count
            guard end <= bytes.count else { break }
            if bytes[candidate..<end].elementsEqual(path) {
                let startsPath = candidate == 0 || !continuesName(bytes[candidate - 1])
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

    /// A byte of a file name's text: a letter, digit, `.`, `_`, `-`, `~`, or any byte of a
    /// character past ASCII.
    static func continuesName(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || byte >= 0x80
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "~")
    }
}
