import CommonMark
import Foundation
import LectureSupport

/// Gives every heading a stable, unique `id`, GitHub's way, so links to `#anchors` keep working.
///
/// The slug: the heading's text as mdBook reads it for an id (`HeadingIDText`: no image's
/// description, no hard break), lowercased; letters (Hangul included), digits, `-` and `_`
/// kept, white space turned into `-`, everything else dropped, scalar by scalar as mdBook
/// (`HeadingSlug`). A repeated slug gets `-1`, `-2`, …
/// (GitHub's rule, also used by mdBook). A heading with nothing left has the empty id, and the
/// next ones `-1`, `-2`, … (`## *`, `#` alone), as mdBook gives them: a link an mdBook book
/// writes to such a heading (`#-1`) reaches it here too. The id is
/// put in Unicode Normalization Form C, so a Hangul heading typed in NFD (as macOS file names
/// are) gets the same id as a link typed in NFC.
///
/// A heading may end in attributes, as in mdBook 0.5 (pulldown-cmark's heading attributes):
/// `## Title {#custom-id .class key=value}` gets the id `custom-id` as written, the classes and
/// attributes, and the text `Title`. As in mdBook, a written id is not counted among the slugs:
/// `## A {#b}` then `## B` gives both the id `b` (`Anchors` warns at the second).
enum HeadingAnchors {
    /// The slug of `text` (see the type's documentation and `HeadingSlug`), before a repeat gets
    /// its suffix.
    static func slug(_ text: String) -> String { HeadingSlug.of(text) }

    /// Assigns ids to the headings in `blocks`, returning the rewritten blocks and the headings.
    /// - Parameter reserved: ids already taken on the page (the template's `content`, `search`…,
    ///   and figures' ids); a heading whose slug is one of them gets `-1`, `-2`, … instead.
    /// - Parameter smartPunctuation: whether the page was parsed with it; the headings'
    ///   text and the search text are then taken in the form the author typed (`SmartPunctuation`),
    ///   the ids from the text as shown, as mdBook takes them.
    /// The page's search text before its first heading (all of it on a page without one) is
    /// `leadText`, which the index holds for the page itself, as mdBook does.
    static func apply(to blocks: [Block], reserved: Set<String> = [], smartPunctuation: Bool = false) -> (
        blocks: [Block], headings: [Heading], leadText: String
    ) {
        var anchors = Anchoring(smartPunctuation: smartPunctuation, reserved: reserved)
        let rewritten = anchors.anchoring(blocks) ?? blocks
        return (rewritten, anchors.headings, anchors.leadText)
    }

    /// Anchors headings in document order and gives each the search text of the leaf blocks under it.
    private struct Anchoring {
        let smartPunctuation: Bool
        /// The ids taken so far: the reserved ones, then the headings' and terms'.
        var ids: UniqueID
        var headings: [Heading] = []
        /// The search text before the first heading.
        var leadText = ""
        /// The page's raw HTML no reader sees, followed block by block (`SearchText`).
        var unseen = UnseenHTML()

        init(smartPunctuation: Bool, reserved: Set<String>) {
            self.smartPunctuation = smartPunctuation
            ids = UniqueID(firstSuffix: 1, taken: reserved)
        }

        func typed(_ text: String) -> String { smartPunctuation ? SmartPunctuation.straight(text) : text }

        /// Adds search text to the current heading's section, or before the first heading to the lead.
        mutating func add(_ text: String) {
            if headings.isEmpty { leadText += text } else { headings[headings.count - 1].sectionText += text }
        }

        /// `blocks` with their headings and terms anchored, or `nil` when they hold none: only
        /// the arrays on the way to an anchored block are made again, not the whole tree.
        mutating func anchoring(_ blocks: [Block]) -> [Block]? {
            var result: [Block]?
            for index in blocks.indices {
                if let anchored = anchoring(blocks[index]) {
                    if result == nil {
                        result = Array(blocks[..<index])
                        result?.reserveCapacity(blocks.count)
                    }
                    result?.append(anchored)
                } else {
                    result?.append(blocks[index])
                }
            }
            return result
        }

        /// `block` anchored (a heading, a term, or a container holding one), or `nil` when it
        /// stays as it is; its search text added either way.
        mutating func anchoring(_ block: Block) -> Block? {
            switch block.kind {
            case .blockQuote(let children):
                guard let children = anchoring(children) else { return nil }
                var block = block
                block.kind = .blockQuote(children)
                return block
            case .list(var list):
                var changed = false
                for item in list.items.indices {
                    guard let children = anchoring(list.items[item].blocks) else { continue }
                    list.items[item].blocks = children
                    changed = true
                }
                guard changed else { return nil }
                var block = block
                block.kind = .list(list)
                return block
            case .element(var element) where element.isAnchored && element.attribute("id") == nil:
                // A definition list's term: an anchor as a heading's (mdBook), in the same namespace.
                guard case .inlines(let content) = element.content else { return anchoringChildren(of: block) }
                let text = typed(content.plainText)
                let idText = typed(HeadingIDText.of(content))
                element.attributes.insert(Element.Attribute("id", ids.unique(HeadingAnchors.slug(idText))), at: 0)
                if unseen.isSeen { add(text + "\n") }
                var block = block
                block.kind = .element(element)
                return block
            case .element(let element):
                if case .blocks = element.content {
                    // An admonition's title before its content; a footnote's back links (chrome) after it.
                    add(typed(unseen.read(element.leading)))
                    let content = anchoringChildren(of: block)
                    unseen.read(element.trailing)
                    return content
                }
                add(typed(SearchText.of(block, unseen: &unseen)))
                return nil
            case .heading(let level, let content, let written):
                // `written`: the `{#id}` the parser read from the heading's source (`HeadingAttributes`).
                let text = typed(content.plainText)
                // The id from the text as shown, so that with smart punctuation it is mdBook's
                // (`"A" -- b` → `a--b`, the curly quotes and the dash dropped).
                let shown = HeadingIDText.of(content)
                let id: String
                if let custom = written {
                    // As written, as in mdBook, which keeps no account of it: a later heading
                    // whose slug it is gets it too (`Anchors` warns), and the ids of the headings
                    // after that stay the ones links typed for mdBook name.
                    id = NFC.normalized(custom)
                } else {
                    id = ids.unique(HeadingAnchors.slug(shown))
                }
                headings.append(Heading(level: level, text: text, id: id))
                var block = block
                block.kind = .heading(level: level, content: content, id: id)
                return block
            default:
                add(typed(SearchText.of(block, unseen: &unseen)))
                return nil
            }
        }

        /// An element of blocks with its children anchored, or `nil` when none changed.
        mutating func anchoringChildren(of block: Block) -> Block? {
            guard case .element(var element) = block.kind, case .blocks(let children) = element.content,
                let anchored = anchoring(children)
            else { return nil }
            element.content = .blocks(anchored)
            var block = block
            block.kind = .element(element)
            return block
        }
    }
}
