import Foundation
import LectureSupport

/// A failed build's errors as the browser gets them (the overlay in every served page and the
/// `error` event of `/__lecture/events`): with no path of the machine. A server bound to a
/// network address (`--host 0.0.0.0`) sends them to every client, and no published or served
/// text may say where the machine keeps its home folder or its books. Every client gets the
/// same text; the terminal keeps the full one.
/// - A path inside the book's folder is shown relative to it, as the pages' diagnostics name
///   their files (`src/one.md:3:1`), whether the book was named absolutely or relatively.
/// - Any other absolute path (an include's target outside the book, a system file) is shown by
///   its last component behind `…/`.
enum BrowserErrorText {
    /// `errors` as the browser gets them; `book` is the book's folder as given.
    static func of(_ errors: String, book: String) -> String {
        // The folder as given (`tmp//a` kept), made absolute, and with its links resolved: a
        // diagnostic may use any.
        let absolute = URL(fileURLWithPath: book).standardizedFileURL.path
        let given = ShownPath.normalized(book)
        var text = withoutAbsolutePaths(
            errors, books: (given.hasPrefix("/") ? [given] : []) + [absolute, CanonicalPath.of(book)])
        // The book's folder as given (relative), wherever a path begins: at the start of a line
        // (the diagnostics' paths) and in their notes ("sample at BOOK/src/…"), so one page has one
        // name in the browser (newuser-7, #12).
        if given != ".", !given.hasPrefix("/") { text = withoutFolder(given + "/", in: text) }
        return text
    }

    /// `text` with `folder` (ending in `/`) taken off each path that begins with it: at the start
    /// of the text or after a character of `before`.
    static func withoutFolder(_ folder: String, in text: String) -> String {
        var result = ""
        var rest = text[...]
        while let found = rest.range(of: folder) {
            result += rest[..<found.lowerBound]
            if let last = result.last, !before.contains(last) { result += folder }
            rest = rest[found.upperBound...]
        }
        return result + rest
    }

    /// Characters after which a `/` begins a path (not a URL's `//` or a fraction).
    private static let before: Set<Character> = [" ", "\t", "\n", "'", "\"", "(", "[", "<", "`", "=", ","]
    /// Characters that end a path.
    private static let after: Set<Character> = [" ", "\t", "\n", "'", "\"", ")", "]", ">", "`", ",", ":"]

    /// Every absolute path in `text` as the browser may see it.
    static func withoutAbsolutePaths(_ text: String, books: [String]) -> String {
        let books = books.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var result = ""
        var index = text.startIndex
        var previous: Character?
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            guard character == "/", previous.map(before.contains) ?? true, next < text.endIndex,
                !after.contains(text[next]), text[next] != "/"
            else {
                result.append(character)
                previous = character
                index = next
                continue
            }
            let end = text[index...].firstIndex(where: after.contains) ?? text.endIndex
            let path = ShownPath.normalized(String(text[index..<end]))
            if let book = books.first(where: path.hasPrefix) {
                result += path.dropFirst(book.count)
            } else {
                result += "…/" + (path.split(separator: "/").last.map(String.init) ?? "")
            }
            previous = text[text.index(before: end)]
            index = end
        }
        return result
    }
}
