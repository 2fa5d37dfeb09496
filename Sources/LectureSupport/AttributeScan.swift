/// Finds attribute values in HTML by scanning its UTF-8 bytes once. (Foundation's
/// `range(of:)` on a substring bridges the rest of the page at every match, which made pages
/// with many ids, such as samples with hover cards, take time quadratic in their size.)
///
/// A scan stops early when the build is cancelled (`Cancellation.current`), checked every
/// `checkEvery` bytes and every 1,024 values: its result is then thrown away.
package enum AttributeScan {
    /// How many bytes are scanned between two looks at the cancellation.
    static let checkEvery = 1 << 16

    /// The byte ranges of the values that follow each `opening` (`" id=\""`) up to the next
    /// `closing` byte, in order; an opening without a closing ends the scan.
    package static func values(in bytes: [UInt8], after opening: String, closing: UInt8 = UInt8(ascii: "\"")) -> [Range<
        Int
    >] {
        let marker = Array(opening.utf8)
        var found: [Range<Int>] = []
        var index = 0
        var check = checkEvery
        while index + marker.count <= bytes.count {
            if index >= check {
                if Cancellation.currentIsCancelled { break }
                check = index + checkEvery
            }
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

    /// The values after any of `openings` (each with its own closing byte), in order, in one pass
    /// over `bytes`: each with the index of the opening it follows. A value is not searched for
    /// openings; an opening without its closing ends the scan.
    package static func values(in bytes: [UInt8], after openings: [(opening: String, closing: UInt8)]) -> [(
        opening: Int, value: Range<Int>
    )] {
        let markers = openings.map { Array($0.opening.utf8) }
        var isFirstByte = [Bool](repeating: false, count: 256)
        for marker in markers { if let first = marker.first { isFirstByte[Int(first)] = true } }
        // The bytes that follow an opening's first: most of the print page's spaces (the first
        // byte of ` id="`, ` href="`…) are followed by text, and are passed over without comparing
        // every opening there (issue 36). A one-byte opening lets any byte follow.
        var isSecondByte = [Bool](repeating: markers.contains { $0.count < 2 }, count: 256)
        for marker in markers where marker.count >= 2 { isSecondByte[Int(marker[1])] = true }
        // Over the buffers themselves: the arrays' checked subscripts were most of this loop,
        // which reads every byte of the print page twice (issue 36).
        return bytes.withUnsafeBufferPointer { bytes in
            isFirstByte.withUnsafeBufferPointer { isFirstByte in
                isSecondByte.withUnsafeBufferPointer { isSecondByte in
                    var found: [(opening: Int, value: Range<Int>)] = []
                    var index = 0
                    var check = checkEvery
                    scan: while index < bytes.count {
                        if index >= check {
                            if Cancellation.currentIsCancelled { break }
                            check = index + checkEvery
                        }
                        // The bytes that start no opening, passed over up to the next look.
                        let limit = min(check, bytes.count)
                        while index < limit, !isFirstByte[Int(bytes[index])] { index += 1 }
                        guard index < limit else { continue }
                        guard index + 1 >= bytes.count || isSecondByte[Int(bytes[index + 1])] else {
                            index += 1
                            continue
                        }
                        // Where both bytes may start one, the few openings are compared in their
                        // order: a table of them by second byte, made on every call, was 82% of a
                        // page of 100,000 nested `<span>`s (this is called per piece of HTML).
                        for which in markers.indices
                        where index + markers[which].count <= bytes.count
                            && bytes[index..<index + markers[which].count].elementsEqual(markers[which])
                        {
                            let start = index + markers[which].count
                            guard let end = bytes[start...].firstIndex(of: openings[which].closing) else {
                                break scan
                            }
                            found.append((which, start..<end))
                            index = end
                            continue scan
                        }
                        index += 1
                    }
                    return found
                }
            }
        }
    }

    /// `html` with the value after each of `attributes`' openings (up to its closing byte)
    /// replaced by its `transform`, in one pass (`values(in:after:)`); `html` itself when none is found.
    package static func replacing(
        in html: String, _ attributes: [(opening: String, closing: UInt8, transform: (String) -> String)]
    ) -> String {
        let bytes = Array(html.utf8)
        let values = values(in: bytes, after: attributes.map { ($0.opening, $0.closing) })
        if values.isEmpty { return html }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + values.count * 16)
        var copied = 0
        for (number, (opening, value)) in values.enumerated() {
            // Cancelled (`Cancellation.current`): what is made is thrown away; stop soon.
            if number % 1024 == 1023, Cancellation.currentIsCancelled { break }
            out += bytes[copied..<value.lowerBound]
            out += Array(attributes[opening].transform(String(decoding: bytes[value], as: UTF8.self)).utf8)
            copied = value.upperBound
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }
}
