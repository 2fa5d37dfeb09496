import CommonMark
import Foundation
import LectureSupport

/// Rewrites links between pages (`mvc.md`, `mvc.md#roles`) to the built pages (`mvc.html#roles`).
///
/// External links (with a scheme such as `https:`, or starting with `//`) are left as written;
/// internal ones (in-page anchors, other files) are put in Unicode Normalization Form C, as
/// heading ids are, so the browser finds the id a link names whichever form the author typed.
enum LinkRewriter {
    /// `destination` with a `.md` path made the built page's (`OutputPath`) and a folder's path
    /// its `index.html`, in NFC.
    /// - Parameter isIndexFolder: whether a path (as written, relative to the page) names a
    ///   folder of the book with an index page: `for_developers` is then `for_developers/index.html`,
    ///   which a server gives mdBook's readers and which works from `file://` too.
    /// A URL the one scheme rule refuses (`ScriptURL`) is left out (`""`), as cmark's safe mode does.
    static func rewrite(_ destination: String, isIndexFolder: (String) -> Bool = { _ in false }) -> String {
        if ScriptURL.scheme(of: destination) != nil { return "" }
        if destination.hasPrefix("//") || hasScheme(destination) { return destination }
        let destination = NFC.normalized(destination)
        if destination.hasPrefix("#") { return destination }
        let (path, fragment) = split(destination)
        // A link to a folder (`../cli/`) names its index page: from `file://` a browser would
        // show the folder itself. The link checker accepts such a link only when that page exists.
        if path.hasSuffix("/") || path == ".." || path.hasSuffix("/..") {
            return path + (path.hasSuffix("/") ? "" : "/") + "index.html" + fragment
        }
        guard path.hasSuffix(".md") else {
            if !path.isEmpty, !path.hasPrefix("/"), path.split(separator: "/").last?.contains(".") == false,
                isIndexFolder(path)
            {
                return path + "/index.html" + fragment
            }
            return destination
        }
        // A page named with `?`, `#` or `%` (`what?.md`) is reached only with them escaped.
        return OutputPath.href(OutputPath.html(forMarkdown: path)) + fragment
    }

    /// `destination` cut before its first `#` (a character of its own): path and fragment, `#` included.
    static func split(_ destination: String) -> (path: String, fragment: String) {
        var destination = destination
        // Over the bytes where a `#` is surely a character (`ASCIISeparator`): every link of every page comes here.
        if let first = destination.withUTF8({ ASCIISeparator.first(of: UInt8(ascii: "#"), in: $0) }) {
            guard let first else { return (destination, "") }
            let hash = destination.utf8.index(destination.startIndex, offsetBy: first)
            return (String(destination[..<hash]), String(destination[hash...]))
        }
        guard let hash = destination.firstIndex(of: "#") else { return (destination, "") }
        return (String(destination[..<hash]), String(destination[hash...]))
    }

    /// Whether `destination` starts with a URI scheme (RFC 3986, section 3.1: an ASCII letter,
    /// then letters, digits, `+`, `-`, `.`, then `:`), read as bytes.
    static func hasScheme(_ destination: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        // Read up to the first byte that cannot be in a scheme: most links stop at their first.
        for (offset, byte) in destination.utf8.enumerated() {
            if offset == 0 {
                guard isLetter(byte) else { return false }
            } else if byte == UInt8(ascii: ":") {
                return true
            } else if !(isLetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E)
            {
                return false
            }
        }
        return false
    }

    /// Applies `rewrite` to every link in `blocks`.
    static func apply(to blocks: [Block]) -> [Block] {
        Page().apply(to: blocks)
    }

    /// Applies `rewrite` to every link in `blocks` of the page in `directory` (relative to the
    /// content folder), where `indexFolders` are the book's folders that have an index page.
    static func apply(to blocks: [Block], directory: String, indexFolders: Set<String>) -> [Block] {
        Page(directory: directory, indexFolders: indexFolders).apply(to: blocks)
    }

    /// Applies `rewrite` to every link in `inlines` (a caption, a table cell).
    static func apply(to inlines: [Inline]) -> [Inline] {
        Page().apply(to: inlines)
    }

    /// The links of one page, rewritten the same way wherever they stand: in its blocks, and in
    /// the inline content a figure keeps until it renders (a table's cells and caption).
    struct Page: Sendable {
        /// The page's folder, relative to the content folder (`""` at the top).
        var directory = ""
        /// The book's folders that have an index page (`cli` for `cli/README.md`).
        var indexFolders: Set<String> = []

        /// `destination` as written into the page.
        func rewrite(_ destination: String) -> String {
            guard !indexFolders.isEmpty else { return LinkRewriter.rewrite(destination) }
            return LinkRewriter.rewrite(destination) { path in
                let joined = directory.isEmpty ? path : directory + "/" + path
                return indexFolders.contains(SummaryParser.normalize(joined))
            }
        }

        func apply(to blocks: [Block]) -> [Block] {
            blocks.rewritingInlines { LinkRewriter.rewritten($0, destination: rewrite) }
        }

        func apply(to inlines: [Inline]) -> [Inline] {
            inlines.rewritingInlines { LinkRewriter.rewritten($0, destination: rewrite) }
        }
    }

    /// A link with its destination rewritten (`destination`), an image with its own only put in
    /// NFC, the form the site's files are named in (a name typed in NFD would not be found), and
    /// a URL the one scheme rule refuses left out; `nil` for any other inline and where the
    /// destination keeps its bytes, so only the arrays on the way to a changed link are made
    /// again (`rewritingInlines`).
    private static func rewritten(_ inline: Inline, destination: (String) -> String) -> Inline? {
        switch inline {
        case .image(var image):
            let new: String
            if ScriptURL.scheme(of: image.destination) != nil {
                new = ""
            } else if !image.destination.hasPrefix("//"), !hasScheme(image.destination) {
                new = NFC.normalized(image.destination)
            } else {
                return nil
            }
            guard !new.utf8.elementsEqual(image.destination.utf8) else { return nil }
            image.destination = new
            return .image(image)
        case .link(var link):
            let new = destination(link.destination)
            guard !new.utf8.elementsEqual(link.destination.utf8) else { return nil }
            link.destination = new
            return .link(link)
        default: return nil
        }
    }
}
