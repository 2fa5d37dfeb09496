import CommonMark
import LectureSupport

/// Every location a parsed tree holds (blocks' and list items' ranges, links' and images'
/// places) moved by `move`: from a container body's lines to the page's (`ContainerBodies`), or
/// from the text cmark read to the page's source (`Footnotes.Protection`), so a diagnostic at
/// a link or a block names the line and column a person edits.
struct LocationShift: LocationRewriter {
    let move: (SourceLocation) -> SourceLocation

    func moved(_ location: SourceLocation) -> SourceLocation {
        location.line > 0 ? move(location) : location
    }

    mutating func visit(_ block: Block) -> [Block] {
        var block = descend(into: block)
        block.range = SourceRange(start: moved(block.range.start), end: moved(block.range.end))
        if case .list(var list) = block.kind {
            for index in list.items.indices {
                let range = list.items[index].range
                list.items[index].range = SourceRange(start: moved(range.start), end: moved(range.end))
            }
            block.kind = .list(list)
        }
        return [block]
    }
}
