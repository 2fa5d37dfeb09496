/// A heading's trailing attribute block, as mdBook 0.5 reads it (pulldown-cmark's heading
/// attributes): `{#id .class key=value word}` at the very end of the heading's last source line,
/// read from the source as typed, before any inline parsing — `## Star*s* {#s*t*}` has the id
/// `s*t*`, `{#a&amp;b}` the id `a&amp;b`.
///
/// The block is the text between the last `{` of the line and a `}` that only white space
/// follows, holding none of `{ } < > \`; anything else (a closing `##` after it, a backslash
/// escape inside it, text after it) means the line has none. Inside, words are separated by
/// ASCII white space; a word of one byte is dropped (`{#}`, `{.}`, `{a}`); the last `#id` wins;
/// a word without `#` or `.` is an attribute, its value after the first `=` as typed (quotes
/// kept), empty without one.
package struct HeadingAttributes: Equatable, Sendable {
    package var id: String?
    package var classes: [String] = []
    package var others: [HTMLAttribute] = []

    package init(id: String? = nil, classes: [String] = [], others: [HTMLAttribute] = []) {
        self.id = id
        self.classes = classes
        self.others = others
    }

    /// The classes and other attributes, as the heading's HTML attributes after its id.
    package var html: [HTMLAttribute] {
        (classes.isEmpty ? [] : [HTMLAttribute(name: "class", value: classes.joined(separator: " "))]) + others
    }

    /// Reads the text between the braces (`#id .a key=v`).
    package init(inside: String) {
        let words = inside.utf8.split(whereSeparator: { Self.isASCIIWhiteSpace($0) }).map {
            String(decoding: $0, as: UTF8.self)
        }
        for word in words where word.utf8.count > 1 {
            if word.hasPrefix("#") {
                id = String(word.dropFirst())
            } else if word.hasPrefix(".") {
                classes.append(String(word.dropFirst()))
            } else if let equals = word.firstIndex(of: "=") {
                others.append(
                    HTMLAttribute(name: String(word[..<equals]), value: String(word[word.index(after: equals)...])))
            } else {
                others.append(HTMLAttribute(name: word, value: ""))
            }
        }
    }

    /// Where the attribute block of `line` (one source line, without its line end) is: the
    /// offsets of its `{` and its `}`, or `nil` when the line ends in none.
    package static func block(in line: some BidirectionalCollection<UInt8>) -> (open: Int, close: Int)? {
        var end = line.endIndex
        while end > line.startIndex, isLineWhiteSpace(line[line.index(before: end)]) { end = line.index(before: end) }
        guard end > line.startIndex else { return nil }
        let close = line.index(before: end)
        guard line[close] == UInt8(ascii: "}") else { return nil }
        var open = close
        while open > line.startIndex {
            open = line.index(before: open)
            switch line[open] {
            case UInt8(ascii: "{"):
                return (line.distance(from: line.startIndex, to: open), line.distance(from: line.startIndex, to: close))
            case UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), 10, 13:
                return nil
            default: continue
            }
        }
        return nil
    }

    static func isLineWhiteSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }

    /// Rust's `split_ascii_whitespace`: space, tab, line feed, form feed, carriage return.
    static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 32 || byte == 9 || byte == 10 || byte == 12 || byte == 13
    }
}
