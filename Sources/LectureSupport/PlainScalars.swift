/// A quick answer to "does an ASCII byte found in UTF-8 stand as a character of its own, as
/// `Character` comparison and Foundation's `range(of:)` see it?", for searches made over bytes
/// in place of `range(of:)` or a walk by `Character` (each several thousand instructions on a
/// Korean id, issue 36): it does when the scalars on both sides of it are plain, that is ASCII
/// or a precomposed Hangul syllable (U+AC00–U+D7A3). No grapheme rule joins such a scalar to an
/// ASCII byte next to it, and none of them is a mark that `range(of:)` refuses a match before. Any
/// other neighbour (a combining mark, a joiner, a prepended sign) is "not known": the caller asks
/// the slow way.
package enum PlainScalars {
    /// Whether the scalar that starts at `index` in `bytes` is plain, or `index` is the end.
    package static func startsPlain<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes, at index: Bytes.Index)
        -> Bool
    {
        guard index != bytes.endIndex else { return true }
        let lead = bytes[index]
        if lead < 0x80 { return true }
        // A Hangul syllable is three bytes: 1110xxxx 10xxxxxx 10xxxxxx.
        guard lead & 0xF0 == 0xE0 else { return false }
        let second = bytes.index(after: index)
        guard second != bytes.endIndex else { return false }
        let third = bytes.index(after: second)
        guard third != bytes.endIndex else { return false }
        return isHangulSyllable(lead, bytes[second], bytes[third])
    }

    /// Whether the scalar that ends just before `index` in `bytes` is plain, or `index` is the start.
    package static func endsPlain<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes, before index: Bytes.Index)
        -> Bool
    {
        guard index != bytes.startIndex else { return true }
        let last = bytes.index(before: index)
        if bytes[last] < 0x80 { return true }
        guard last != bytes.startIndex else { return false }
        let second = bytes.index(before: last)
        guard second != bytes.startIndex else { return false }
        let lead = bytes.index(before: second)
        return isHangulSyllable(bytes[lead], bytes[second], bytes[last])
    }

    private static func isHangulSyllable(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        guard lead & 0xF0 == 0xE0, second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
        let value = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
        return (0xAC00...0xD7A3).contains(value)
    }
}
