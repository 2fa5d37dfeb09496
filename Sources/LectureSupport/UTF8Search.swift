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
}
