import LectureSupport

/// A folder that an `mdbook build` wrote: the usual state of an mdBook book's `book/` when its
/// author builds it with lecture for the first time. lecture refuses any folder it did not write
/// (`OutputFolder`), but says that this one is mdBook's, so the way on is plain.
enum MdBookOutput {
    /// Whether `names`, the entries of `folder`, are mdBook's site: its `.nojekyll` names mdBook
    /// (0.4.14 and later write "…doesn't process mdBook's output."), or its `index.html` sits
    /// beside one of its theme's scripts (`book.js`, `toc.js`, `searchindex.js`, content-hashed
    /// as `toc-36689be3.js` since 0.5).
    static func wrote(_ folder: DirectoryHandle, names: [String]) -> Bool {
        if let text = folder.contents(".nojekyll", atMost: 4096),
            String(decoding: text, as: UTF8.self).contains("mdBook")
        {
            return true
        }
        return names.contains("index.html") && names.contains(where: isThemeScript)
    }

    /// `book.js`, `toc.js`, `searchindex.js`, each also with mdBook's `-` and eight hex digits.
    static func isThemeScript(_ name: String) -> Bool {
        for stem in ["book", "toc", "searchindex"] where name.hasPrefix(stem) && name.hasSuffix(".js") {
            let middle = name.dropFirst(stem.count).dropLast(3)
            if middle.isEmpty { return true }
            if middle.count == 9, middle.first == "-", middle.dropFirst().allSatisfy(\.isHexDigit) { return true }
        }
        return false
    }
}
