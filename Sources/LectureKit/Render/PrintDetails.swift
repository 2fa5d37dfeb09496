import LectureSupport

/// `<details>` open on paper: a closed disclosure widget prints as its `<summary>` alone (an
/// exercise's solution would print as a bare "Solution"), and paper has no way to open it. So
/// `print.html` (and the PDF printed from it) writes every `<details>` start tag with `open`;
/// each chapter's own page keeps them as the author wrote them.
enum PrintDetails {
    /// `html` with ` open` added to every `<details` start tag (any case) that has no `open`
    /// attribute yet; the rest byte for byte.
    static func opened(_ html: String) -> String {
        let bytes = Array(html.utf8)
        let name = Array("details".utf8)
        var inserts: [Int] = []
        var index = 0
        var tags = 0
        while let start = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            // Cancelled (`Cancellation.current`): the print page is thrown away.
            tags += 1
            if tags % 256 == 0, Cancellation.currentIsCancelled { break }
            let afterName = start + 1 + name.count
            index = start + 1
            guard afterName < bytes.count,
                zip(bytes[(start + 1)..<afterName], name).allSatisfy({ lowercased($0) == $1 }),
                isNameEnd(bytes[afterName])
            else { continue }
            let (names, end) = attributeNames(bytes, from: afterName)
            if !names.contains("open") { inserts.append(afterName) }
            index = end
        }
        if inserts.isEmpty { return html }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + inserts.count * 5)
        var copied = 0
        for insert in inserts {
            out += bytes[copied..<insert]
            out += Array(" open".utf8)
            copied = insert
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The attribute names (lowercased) of the start tag whose attributes begin at `from`, and the
    /// index after its `>` (or the end): quoted values are skipped, so a `>` inside one does not end it.
    private static func attributeNames(_ bytes: [UInt8], from: Int) -> (names: Set<String>, end: Int) {
        var names: Set<String> = []
        var index = from
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return (names, index + 1) }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = (bytes[(index + 1)...].firstIndex(of: byte) ?? bytes.count - 1) + 1
                continue
            }
            if isNameEnd(byte) || byte == UInt8(ascii: "=") {
                index += 1
                continue
            }
            let nameStart = index
            while index < bytes.count, !isNameEnd(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            names.insert(String(decoding: bytes[nameStart..<index].map(lowercased), as: UTF8.self))
            // An unquoted value is not a name.
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                if index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
                    while index < bytes.count, !isNameEnd(bytes[index]) { index += 1 }
                }
            }
        }
        return (names, bytes.count)
    }

    /// Space, `>` or `/`: what ends a tag or attribute name.
    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == 0x0C || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
