/// The one reader of HTML start tags' attributes, as HTML's tokenizer reads them (WHATWG HTML,
/// "Tokenization"): a tag name starts with an ASCII letter; attribute names are read in any case
/// and compared lowercased; a value is double-quoted, single-quoted or bare, with spaces allowed
/// around its `=`; an attribute without `=` has no value; a comment (`<!-- … -->`) hides what it
/// holds; the text of `<script>`, `<style>`, `<textarea>`, `<title>`, `<xmp>`, `<noembed>` and
/// `<noframes>` is no markup (`rawText` receives it). Values are given as written (`Attribute`
/// holds byte ranges); `value(_:in:)` decodes character references as a browser does.
///
/// Every check that reads attributes of raw HTML or of emitted pages reads them here, so they
/// agree on what an attribute is.
package enum HTMLAttributes {
    /// One attribute of a start tag, by UTF-8 offsets into the scanned bytes.
    package struct Attribute: Equatable, Sendable {
        /// The name as written (compare it with `is(_:in:)`, which ignores ASCII case).
        package var name: Range<Int>
        /// The value without its quotes, as written; empty when the attribute has no `=`.
        package var value: Range<Int>
    }

    /// One start tag: its name, its attributes in order, and the offset after its `>` (or the end).
    package struct Tag: Sendable {
        package var name: Range<Int>
        package var attributes: [Attribute]
        package var end: Int
    }

    /// Elements whose text the tokenizer reads as text, not markup (HTML's raw text and escapable
    /// raw text elements, and those a browser with scripting reads so). `<iframe>` and
    /// `<noscript>` are read as markup: a browser without scripting (a PDF printer) reads it so.
    static let rawTextElements: [StaticString] = ["script", "style", "textarea", "title", "xmp", "noembed", "noframes"]

    /// Calls `visit` with each start tag of `bytes`, in order; `rawText` with the name (lowercased)
    /// and byte range of each raw text element's text; `comment` with each comment's range, from
    /// its `<!--` to after its `-->` (or the end, when it is not closed).
    /// Stops early when the build is cancelled (`Cancellation.current`, looked at every 256 `<`):
    /// what was found is thrown away then (a table of 80,000 inline tags, issue 34).
    package static func scan(
        _ bytes: [UInt8], rawText: (String, Range<Int>) -> Void = { _, _ in },
        comment: (Range<Int>) -> Void = { _ in }, visit: (Tag) -> Void
    ) {
        bytes.withUnsafeBufferPointer { bytes in
            let count = bytes.count
            func isSpace(_ byte: UInt8) -> Bool {
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
            }
            func startsWith(_ text: StaticString, at offset: Int, ignoringCase: Bool = false) -> Bool {
                let length = text.utf8CodeUnitCount
                guard offset + length <= count else { return false }
                for index in 0..<length {
                    let byte = bytes[offset + index]
                    let wanted = text.utf8Start[index]
                    if byte != wanted && !(ignoringCase && byte | 0x20 == wanted) { return false }
                }
                return true
            }
            var index = 0
            // One buffer for every tag's attributes (a page has many tags, most with few).
            var attributes: [Attribute] = []
            attributes.reserveCapacity(8)
            var opened = 0
            while let open = UTF8Search.offset(of: UInt8(ascii: "<"), in: bytes, from: index) {
                opened += 1
                if opened % 256 == 0, Cancellation.currentIsCancelled { break }
                index = open + 1
                guard index < count else { break }
                if startsWith("!--", at: index) {
                    var close = index + 3
                    while close < count, !startsWith("-->", at: close) { close += 1 }
                    index = close + 3
                    comment(open..<min(index, count))
                    continue
                }
                let letter = bytes[index] | 0x20
                guard letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z") else { continue }
                var cursor = index
                while cursor < count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "/"),
                    bytes[cursor] != UInt8(ascii: ">")
                {
                    cursor += 1
                }
                let name = index..<cursor
                attributes.removeAll(keepingCapacity: true)
                while cursor < count, bytes[cursor] != UInt8(ascii: ">") {
                    if isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") {
                        cursor += 1
                        continue
                    }
                    let nameStart = cursor
                    // A name's first character may be `=` (HTML reads `<a =x>` so); the rest may not.
                    cursor += 1
                    while cursor < count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "/"),
                        bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "=")
                    {
                        cursor += 1
                    }
                    let attributeName = nameStart..<cursor
                    var probe = cursor
                    while probe < count, isSpace(bytes[probe]) { probe += 1 }
                    guard probe < count, bytes[probe] == UInt8(ascii: "=") else {
                        attributes.append(Attribute(name: attributeName, value: cursor..<cursor))
                        continue
                    }
                    probe += 1
                    while probe < count, isSpace(bytes[probe]) { probe += 1 }
                    if probe < count, bytes[probe] == UInt8(ascii: "\"") || bytes[probe] == UInt8(ascii: "'") {
                        let quote = bytes[probe]
                        var end = probe + 1
                        while end < count, bytes[end] != quote { end += 1 }
                        attributes.append(Attribute(name: attributeName, value: probe + 1..<end))
                        cursor = min(end + 1, count)
                    } else {
                        var end = probe
                        while end < count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
                        attributes.append(Attribute(name: attributeName, value: probe..<end))
                        cursor = end
                    }
                }
                index = min(cursor + 1, count)
                visit(Tag(name: name, attributes: attributes, end: index))
                guard let element = rawTextElements.first(where: { equals($0, name, in: bytes) }) else { continue }
                // The text up to the element's end tag (`</script`, any case), or the end.
                var end = count
                var from = index
                while let next = UTF8Search.offset(of: UInt8(ascii: "<"), in: bytes, from: from) {
                    if next + 1 < count, bytes[next + 1] == UInt8(ascii: "/"), next + 2 + name.count <= count,
                        equals(element, next + 2..<next + 2 + name.count, in: bytes)
                    {
                        end = next
                        break
                    }
                    from = next + 1
                }
                rawText("\(element)", index..<end)
                index = end
            }
        }
    }

    /// Whether the bytes at `range` are `name` (lowercase ASCII), in any ASCII case.
    package static func `is`(_ name: StaticString, _ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { equals(name, range, in: $0) }
    }

    private static func equals(_ name: StaticString, _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool
    {
        guard range.count == name.utf8CodeUnitCount else { return false }
        for (offset, index) in range.enumerated() {
            let byte = bytes[index]
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if folded != name.utf8Start[offset] { return false }
        }
        return true
    }

    /// The bytes at `range` as text, ASCII letters lowercased (a tag's or an attribute's name).
    package static func lowercased(_ range: Range<Int>, in bytes: [UInt8]) -> String {
        String(decoding: bytes[range].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The values of every `id` and `name` attribute of `bytes` (an `<a name>` is an anchor too,
    /// HTML's "indicated part" rule), character references decoded.
    package static func ids(in bytes: [UInt8]) -> Set<String> {
        var ids = Set<String>()
        scan(bytes) { tag in
            for attribute in tag.attributes
            where `is`("id", attribute.name, in: bytes) || `is`("name", attribute.name, in: bytes) {
                ids.insert(value(attribute.value, in: bytes))
            }
        }
        return ids
    }

    /// An attribute's value as a browser reads it: character references decoded (`&amp;`, `&#x27;`).
    package static func value(_ range: Range<Int>, in bytes: [UInt8]) -> String {
        let written = String(decoding: bytes[range], as: UTF8.self)
        return bytes[range].contains(UInt8(ascii: "&")) ? CharacterReferences.decoded(written) : written
    }

    /// The URLs of a `srcset` value: each comma-separated candidate's URL, before its descriptor.
    package static func srcsetURLs(_ value: String) -> [String] {
        value.split(separator: ",").map {
            String($0.drop { $0.isWhitespace }.prefix { !$0.isWhitespace })
        }.filter { !$0.isEmpty }
    }
}
