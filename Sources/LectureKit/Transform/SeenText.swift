import LectureSupport

/// The text of raw HTML between its tags that a reader sees, gathered as `UnseenHTML` follows
/// the tags: character references decoded, white space runs one space, comments and the text
/// of `<script>` and `<style>` left out. A tag that is not phrasing content (`<div>`, `<td>`,
/// `<br>`) separates words, as the browser's layout does; `<b>`, `<a>`… do not.
struct SeenText {
    let bytes: [UInt8]
    /// Comments and raw text elements' text: never text here, except `shown`.
    let skipped: [Range<Int>]
    /// Raw text a reader sees (`<textarea>`'s, `<xmp>`'s).
    let shown: [Range<Int>]
    /// The offset up to which the bytes were read.
    private var cursor = 0
    private var words = ""

    init(bytes: [UInt8], skipped: [Range<Int>], shown: [Range<Int>]) {
        self.bytes = bytes
        self.skipped = skipped
        self.shown = shown
    }

    /// The elements whose tags do not break a word (HTML's phrasing content that draws no box).
    static let phrasing: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd", "mark", "q",
        "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]

    /// The seen text, ending in a newline, or empty.
    var text: String {
        let trimmed = words.split(whereSeparator: { $0 == " " }).joined(separator: " ")
        return trimmed.isEmpty ? "" : trimmed + "\n"
    }

    /// Adds the text from the cursor to `offset` when `seen`, outside comments and raw text
    /// elements (except those shown); the cursor moves to `offset`.
    mutating func add(upTo offset: Int, if seen: Bool) {
        guard offset > cursor else { return }
        if seen {
            var run: [UInt8] = []
            for index in cursor..<offset {
                let inSkipped = skipped.contains { $0.contains(index) }
                guard !inSkipped || shown.contains(where: { $0.contains(index) }) else { continue }
                run.append(bytes[index])
            }
            let text = CharacterReferences.decoded(String(decoding: run, as: UTF8.self))
            words += text.map { $0.isWhitespace ? " " : String($0) }.joined()
        }
        cursor = offset
    }

    /// Passes over a tag `name` that ends at `end`, breaking the word unless it is phrasing.
    mutating func separate(by name: String, upTo end: Int) {
        if !Self.phrasing.contains(name) { words += " " }
        cursor = max(cursor, end)
    }
}
