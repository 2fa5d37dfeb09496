/// The pages that hold one gram, as the text of a JSON string, whichever form is shorter:
/// - gaps: the first page number, then the difference to the previous one, in base 36, joined by
///   `,` (`"0,3,1a"` is pages 0, 3 and 49): for grams in few pages;
/// - a bitmap: `~` and then one character per six pages (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`, the
///   base64url alphabet, as the value 0–63 whose bit `k` is page `6i + k`): for grams in many.
enum SearchPostings {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `pages` (sorted, distinct, each below `pageCount`) encoded.
    static func encode(_ pages: [Int32], pageCount: Int) -> [UInt8] {
        let bitmapLength = 1 + (pageCount + 5) / 6
        var gaps: [UInt8] = []
        var previous: Int32 = 0
        for (offset, page) in pages.enumerated() {
            if offset > 0 { gaps.append(UInt8(ascii: ",")) }
            gaps.append(contentsOf: Array(String(page - previous, radix: 36).utf8))
            previous = page
            if gaps.count > bitmapLength { break }
        }
        if gaps.count <= bitmapLength { return gaps }
        var bits = [UInt8](repeating: 0, count: (pageCount + 5) / 6)
        for page in pages { bits[Int(page) / 6] |= UInt8(1) << UInt8(page % 6) }
        return [UInt8(ascii: "~")] + bits.map { alphabet[Int($0)] }
    }
}
