#if canImport(Glibc)
    import Glibc
#endif

// Looking for one byte in a string's UTF-8 with `memchr` over the string's own buffer:
// `utf8.contains(_:)` steps through the view generically, several instructions a byte, and it
// ran over every page's text (about 7% of a 1,000-page build's instructions, callgrind).

extension String {
    /// Whether the string's UTF-8 holds `byte`.
    package func containsUTF8(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { UTF8Search.contains(byte, in: $0) } ?? utf8.contains(byte)
    }
}

extension String {
    /// How many times `byte` occurs in the string's UTF-8, counted over its own buffer:
    /// `utf8.count(where:)` steps through the view generically, and counting a code block's line
    /// feeds that way was 6% of a build of code-heavy pages (callgrind, issue 36).
    package func countUTF8(_ byte: UInt8) -> Int {
        func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var found = 0
            for each in bytes where each == byte { found += 1 }
            return found
        }
        return utf8.withContiguousStorageIfAvailable(count) ?? Array(utf8).withUnsafeBufferPointer(count)
    }
}

extension String {
    /// Whether the string's UTF-8 holds `needle`'s, byte for byte: a superset of
    /// Foundation's `contains(_:)`, which compares characters (a needle followed by a combining
    /// mark is found here, not there), at a fraction of its cost, for a quick test before a closer look.
    package func containsUTF8(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { pattern in
            utf8.withContiguousStorageIfAvailable { UTF8Search.contains(pattern, in: $0) }
                ?? Array(utf8).withUnsafeBufferPointer { UTF8Search.contains(pattern, in: $0) }
        }
    }
}

extension String {
    /// The string cut at each line feed, the line feeds left out, as
    /// `split(separator: "\n", omittingEmptySubsequences: false)` cuts it for text whose line
    /// breaks are line feeds (a page's, once read), found with `memchr` rather than by
    /// characters: splitting by `Character` breaks graphemes over the whole text, and pages were
    /// cut into lines several times each (a fifth of a cold build of long pages, `perf`).
    package var lineSlices: [Substring] {
        let found: [Substring]? = utf8.withContiguousStorageIfAvailable { bytes in
            var lines: [Substring] = []
            var start = 0
            var lineStart = startIndex
            while let end = UTF8Search.offset(of: UInt8(ascii: "\n"), in: bytes, from: start) {
                let lineEnd = utf8.index(lineStart, offsetBy: end - start)
                lines.append(self[lineStart..<lineEnd])
                lineStart = utf8.index(after: lineEnd)
                start = end + 1
            }
            lines.append(self[lineStart...])
            return lines
        }
        return found ?? split(separator: "\n", omittingEmptySubsequences: false)
    }
}

extension Substring {
    /// The number of spaces (U+0020) the substring starts with, counted in its UTF-8.
    package var leadingSpaces: Int {
        var count = 0
        for byte in utf8 {
            guard byte == UInt8(ascii: " ") else { break }
            count += 1
        }
        return count
    }
}

extension Substring {
    /// Whether the substring's UTF-8 holds `byte`.
    package func containsUTF8(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { UTF8Search.contains(byte, in: $0) } ?? utf8.contains(byte)
    }
}

/// `memchr` over a buffer.
package enum UTF8Search {
    /// The offset of the first `byte` in `bytes` at or after `offset`.
    package static func offset(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from offset: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, offset < bytes.count,
            let found = memchr(base + offset, Int32(byte), bytes.count - offset)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    static func contains(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset(of: byte, in: bytes) != nil
    }

    /// Whether `pattern`'s bytes occur in `bytes`; an empty pattern always does.
    static func contains(_ pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        pattern.isEmpty || offset(of: pattern, in: bytes) != nil
    }

    /// The offset of the first occurrence of `pattern`'s bytes in `bytes` at or after `offset`
    /// (`memchr` for its first byte, then `memcmp`); `nil` for an empty pattern.
    package static func offset(
        of pattern: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, from offset: Int = 0
    ) -> Int? {
        guard let needle = pattern.baseAddress, !pattern.isEmpty, let base = bytes.baseAddress else { return nil }
        var start = offset
        while bytes.count - start >= pattern.count, let found = self.offset(of: needle[0], in: bytes, from: start) {
            guard bytes.count - found >= pattern.count else { return nil }
            if memcmp(base + found, needle, pattern.count) == 0 { return found }
            start = found + 1
        }
        return nil
    }
}
