/// Finds attribute values in HTML by scanning its UTF-8 bytes once. (Foundation's
/// `range(of:)` on a substring bridges the rest of the page at every match, which made pages
/// with many ids, such as samples with hover cards, take time quadratic in their size.)
package enum AttributeScan {
    /// The byte ranges of the values that follow each `opening` (`" id=\""`) up to the next
    /// `closing` byte, in order; an opening without a closing ends the scan.
    package static func values(in bytes: [UInt8], after opening: String, closing: UInt8 = UInt8(ascii: "\"")) -> [Range<
        Int
    >] {
        let marker = Array(opening.utf8)
        var found: [Range<Int>] = []
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], bytes[index..<index + marker.count].elementsEqual(marker) else {
                index += 1
                continue
            }
            let start = index + marker.count
            guard let end = bytes[start...].firstIndex(of: closing) else { break }
            found.append(start..<end)
            index = end
        }
        return found
    }
}
