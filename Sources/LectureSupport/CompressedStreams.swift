#if canImport(Glibc)
    import Glibc
#endif

/// The zlib streams of a file format that keeps text compressed inside (hostile-input round of
/// 2026-12-07: a key in a PDF's page stream or a PNG's `zTXt` chunk was published unread, where
/// a PDF reader or `exiftool` shows it): the secret scan inflates each (`InflatedBytes`, format
/// `.zlib`) and reads it as text.
/// - a PNG's compressed text chunks: `zTXt` (keyword, NUL, method, stream) and `iTXt` with its
///   compression flag set (keyword, NUL, flag, method, language, NUL, translated keyword, NUL,
///   stream); its pixels (`IDAT`) are no text, and a `tEXt` chunk's text is the file's own bytes;
/// - a PDF's streams (`stream` after a dictionary, an end of line, the data, `endstream`) whose
///   data starts as zlib data does (`/FlateDecode`, the filter of nearly every page, font and
///   object stream); another filter's data (`/DCTDecode`, a JPEG) does not, and is left alone.
package enum CompressedStreams {
    /// One stream: its bytes in the file, and what it is for a message ("its PDF stream at byte 412").
    package struct Stream: Equatable, Sendable {
        package var start: Int
        package var end: Int
        package var name: String
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `head` (a file's first bytes) is a PDF's: `%PDF-` within its first KiB, where
    /// readers look for it.
    static func isPDF(_ head: [UInt8]) -> Bool {
        let marker = Array("%PDF-".utf8)
        let window = head.prefix(1024)
        guard window.count >= marker.count else { return false }
        return (window.startIndex...(window.endIndex - marker.count)).contains {
            window[$0..<($0 + marker.count)].elementsEqual(marker)
        }
    }

    /// The compressed text chunks of the PNG open at `fd`, `size` bytes long, in order; the
    /// walk stops at a chunk that does not fit in the file (a damaged or cut PNG).
    static func png(_ fd: Int32, size: Int) -> [Stream] {
        var streams: [Stream] = []
        var offset = pngSignature.count
        while offset + 12 <= size {
            guard let header = read(fd, at: offset, count: 8), header.count == 8 else { break }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            let data = offset + 8
            guard length <= size - data - 4 else { break }
            if type == "zTXt" || type == "iTXt",
                let prefix = read(fd, at: data, count: min(length, 1 << 16)),
                let stream = textStream(prefix, type: type)
            {
                streams.append(
                    Stream(
                        start: data + stream.skip, end: data + length,
                        name: "its PNG text chunk \(quoted: stream.keyword)"))
            }
            if type == "IEND" { break }
            offset = data + length + 4
        }
        return streams
    }

    /// Where the compressed text of a `zTXt` or `iTXt` chunk starts in its data (`prefix`, its
    /// first bytes), and its keyword; nil when the chunk's text is not compressed.
    private static func textStream(_ prefix: [UInt8], type: String) -> (skip: Int, keyword: String)? {
        guard let keywordEnd = prefix.firstIndex(of: 0) else { return nil }
        let keyword = String(decoding: prefix[..<keywordEnd], as: UTF8.self)
        if type == "zTXt" { return keywordEnd + 2 <= prefix.count ? (keywordEnd + 2, keyword) : nil }
        // iTXt: the compression flag, the method, then two NUL-ended fields.
        let flag = keywordEnd + 1
        guard flag + 1 < prefix.count, prefix[flag] == 1,
            let languageEnd = prefix[(flag + 2)...].firstIndex(of: 0),
            let translatedEnd = prefix[(languageEnd + 1)...].firstIndex(of: 0)
        else { return nil }
        return (translatedEnd + 1, keyword)
    }

    /// The streams of the PDF open at `fd`, `size` bytes long, whose data starts as zlib data
    /// does, in order.
    static func pdf(_ fd: Int32, size: Int) -> [Stream] {
        guard size > 0, let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            return []
        }
        defer { munmap(mapped, size) }
        return pdf(in: UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size))
    }

    /// The streams of a PDF whose bytes are `bytes`, as `pdf(_:size:)`.
    static func pdf(in bytes: UnsafeBufferPointer<UInt8>) -> [Stream] {
        let size = bytes.count
        let keyword = Array("stream".utf8)
        let closing = Array("endstream".utf8)
        var streams: [Stream] = []
        var from = 0
        while let found = find(keyword, in: bytes, from: from) {
            from = found + keyword.count
            // `endstream` and words that end in "stream" are no stream's start.
            guard found > 0, [0x20, 0x0A, 0x0D, 0x09, 0x3E].contains(bytes[found - 1]) else { continue }
            var start = from
            if start < size, bytes[start] == 0x0D { start += 1 }
            guard start < size, bytes[start] == 0x0A else { continue }
            start += 1
            let end = find(closing, in: bytes, from: start) ?? size
            if end - start >= 2, isZlibHeader(bytes[start], bytes[start + 1]) {
                streams.append(Stream(start: start, end: end, name: "its PDF stream at byte \(start)"))
            }
            from = max(from, end)
        }
        return streams
    }

    /// Whether two bytes begin zlib data (RFC 1950): deflate, a window of at most 32 KiB, and a
    /// check that the two read as a multiple of 31.
    static func isZlibHeader(_ first: UInt8, _ second: UInt8) -> Bool {
        first & 0x0F == 8 && first >> 4 <= 7 && (Int(first) << 8 | Int(second)) % 31 == 0
    }

    /// The offset of the first `needle` in `bytes` at or after `start`: its first byte by
    /// `memchr`, the rest compared (glibc's `memmem` is not in Swift's Glibc module).
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first else { return nil }
        var offset = start
        while offset + needle.count <= bytes.count {
            guard let found = memchr(base + offset, Int32(first), bytes.count - offset) else { return nil }
            let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            guard at + needle.count <= bytes.count else { return nil }
            if memcmp(base + at, needle, needle.count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    private static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        let bytes = FileDescriptorIO.bytes(fd, at: offset, count: count)
        return bytes.count == count ? bytes : nil
    }
}
