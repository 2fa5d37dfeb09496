/// Cutting text at an ASCII byte (`/`, `#`) over its UTF-8 bytes, where that cuts where
/// `Character`s would: hot paths (link paths, several for every link of every page) that
/// `String`'s character-by-character `split` and `firstIndex(of:)` made slow.
///
/// A `Character` is a grapheme cluster (Unicode UAX #29), so an ASCII byte is not always one:
/// a combining mark after it (`/` U+0301) or a prepended letter before it (U+0600 `/`) joins it
/// into a larger one (rules GB9–GB9b), and `split(separator: "/")` does not cut there. Every
/// character that joins so is outside ASCII; a separator with ASCII bytes (or the text's ends)
/// on both sides is therefore a character of its own.
package enum ASCIISeparator {
    /// The offsets of `separator` in `bytes`, or `nil` when one of them has a non-ASCII byte
    /// beside it (the caller then cuts by `Character`, as before).
    package static func offsets(of separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var offsets: [Int] = []
        for index in bytes.indices where bytes[index] == separator {
            if index > 0 && bytes[index - 1] >= 0x80 { return nil }
            if index + 1 < bytes.count && bytes[index + 1] >= 0x80 { return nil }
            offsets.append(index)
        }
        return offsets
    }

    /// The offset of the first `separator` in `bytes` (`.some(nil)` when there is none), or
    /// `nil` when a `separator` has a non-ASCII byte beside it, as `offsets(of:in:)` says.
    package static func first(of separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int?? {
        offsets(of: separator, in: bytes).map(\.first)
    }
}
