import CommonMark
import Foundation
import LectureSupport

/// Gives every heading a stable, unique `id`, GitHub's way, so links to `#anchors` keep working.
///
/// The slug: the heading's plain text, lowercased; letters (Hangul included), digits, `-` and `_`
/// kept, spaces turned into `-`, everything else dropped. A repeated slug gets `-1`, `-2`, …
/// (GitHub's rule, also used by mdBook). A heading with nothing left is `section`. The text is
/// first put in Unicode Normalization Form C, so a heading typed in NFD (as macOS file names
/// are) gets the same id as a link typed in NFC.
public enum HeadingAnchors {
    /// The slug of `text` (see the type's documentation), before a repeat gets its suffix.
    public static func slug(_ text: String) -> String {
        var slug = ""
        for character in NFC.normalized(text).lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            } else if character == " " {
                slug.append("-")
            }
        }
        return slug.isEmpty ? "section" : slug
    }

    /// Assigns ids to the headings in `blocks`, returning the rewritten blocks and the headings.
    /// - Parameter reserved: ids already taken on the page (the template's `content`, `search`…,
    ///   and figures' ids); a heading whose slug is one of them gets `-1`, `-2`, … instead.
    /// - Parameter smartPunctuation: whether the page was parsed with it; the ids, the headings'
    ///   text and the search text are then taken in the form the author typed (`SmartPunctuation`).
    public static func apply(to blocks: [Block], reserved: Set<String> = [], smartPunctuation: Bool = false) -> (
        blocks: [Block], headings: [Heading]
    ) {
        func typed(_ text: String) -> String { smartPunctuation ? SmartPunctuation.straight(text) : text }
        var used: [String: Int] = [:]
        for id in reserved { used[id] = 1 }
        var headings: [Heading] = []
        let rewritten = BlockWalk.rewrite(blocks) { block in
            guard case .heading(let level, let content, _) = block.kind else {
                if !headings.isEmpty { headings[headings.count - 1].sectionText += typed(SearchText.of(block)) }
                return [block]
            }
            let text = typed(content.plainText)
            let base = slug(text)
            var id = base
            if var next = used[base] {
                next = max(next, 1)
                while used["\(base)-\(next)"] != nil { next += 1 }
                id = "\(base)-\(next)"
                used[base] = next + 1
            } else {
                used[base] = 1
            }
            used[id] = used[id] ?? 1
            headings.append(Heading(level: level, text: text, id: id))
            var block = block
            block.kind = .heading(level: level, content: content, id: id)
            return [block]
        }
        return (rewritten, headings)
    }
}

/// The plain text of blocks, for the search index.
enum SearchText {
    static func of(_ block: Block) -> String {
        switch block.kind {
        case .paragraph(let inlines): return inlines.plainText + "\n"
        case .heading(_, let content, _): return content.plainText + "\n"
        case .codeBlock(let code): return code.code
        case .blockQuote(let children): return children.map(of).joined()
        case .list(let list): return list.items.flatMap(\.blocks).map(of).joined()
        case .html, .thematicBreak: return ""
        }
    }
}
