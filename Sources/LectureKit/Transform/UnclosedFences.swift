import CommonMark
import LectureSupport

/// Fenced code blocks that are never closed. CommonMark runs such a block to the end of its
/// container (the page, a list item, a block quote), so the rest of the page becomes code; under
/// a sample, its `output` block would take in the prose after it and fail as a program that
/// "ended early". Found from the page's text: a block is closed when the line after its code is
/// a closing fence (the opening fence's character, at least as many times).
enum UnclosedFences {
    /// The unclosed fenced code blocks of a page whose parsed blocks are `blocks` and text `text`.
    static func find(_ blocks: [Block], text: String) -> [(block: Block, code: CodeBlock)] {
        var lines: PageLines?
        var found: [(Block, CodeBlock)] = []
        for block in blocks.leafBlocks {
            guard case .codeBlock(let code) = block.kind, code.isFenced else { continue }
            if lines == nil { lines = PageLines(text) }
            if !isClosed(block, code, lines: &lines!) { found.append((block, code)) }
        }
        return found
    }

    /// The opening lines of the unclosed fences, for the samples that span them to be left out.
    static func openingLines(_ blocks: [Block], text: String) -> Set<Int> {
        Set(find(blocks, text: text).map(\.block.range.start.line))
    }

    /// A diagnostic at the opening fence of each unclosed block: an error when it holds a sample
    /// or an expected output (`samples`: the book verifies its samples), whose verdict is lost;
    /// otherwise a warning.
    static func diagnostics(_ blocks: [Block], text: String, path: String, samples: Bool) -> [Diagnostic] {
        var lines = PageLines(text)
        return find(blocks, text: text).map { block, code in
            let fence = fenceText(of: block, lines: &lines)
            let language = code.language
            let verified = samples && (language == "swift" || language == SampleExtractor.outputLanguage)
            let summary = "fenced code block is never closed: the rest of the page is code"
            let notes =
                ["close it with a line of \(quoted: fence) after its last line of code"]
                + (verified
                    ? [
                        language == "swift"
                            ? "its sample is not verified until the fence is closed"
                            : "the sample above it is not verified until the fence is closed"
                    ] : [])
            return verified
                ? Diagnostic.error(.unclosedFence, path, block.range.start, summary, notes: notes)
                : Diagnostic.warning(.unclosedFence, path, block.range.start, summary, notes: notes)
        }
    }

    /// The opening fence's characters (```` ``` ````, `~~~~`).
    private static func fenceText(of block: Block, lines: inout PageLines) -> String {
        guard let found = lines.line(block.range.start.line - 1) else { return "```" }
        let line = found.utf8.dropFirst(max(0, block.range.start.column - 1))
        guard let first = line.first, first == UInt8(ascii: "`") || first == UInt8(ascii: "~") else { return "```" }
        return String(repeating: first == UInt8(ascii: "`") ? "`" : "~", count: line.prefix { $0 == first }.count)
    }

    /// Whether the line after the block's code is its closing fence.
    private static func isClosed(_ block: Block, _ code: CodeBlock, lines: inout PageLines) -> Bool {
        let fence = fenceText(of: block, lines: &lines)
        let codeLines = code.code.countUTF8(UInt8(ascii: "\n"))
        let closing = block.range.start.line + codeLines  // 0-based index of the line after the code
        guard let line = lines.line(closing) else { return false }
        // The container's markers (block quotes' '>', list items' indentation) before the fence.
        let rest = line.drop { $0 == " " || $0 == "\t" || $0 == ">" }
        let run = rest.prefix { $0 == fence.first! }
        return run.count >= fence.count
            && rest.dropFirst(run.count).allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }
}

/// A page's lines as `lineSlices` cuts them, found only as far as asked (`memchr` from the last
/// line found): the fences' lines are all this check reads, and cutting every page whole, here
/// and again for the samples, was a per-page cost of a build of many small pages (issue 36).
private struct PageLines {
    private let text: String
    /// The UTF-8 offset of each line found so far.
    private var starts = [0]
    /// Whether the last line is found (no line feed after `starts.last`).
    private var finished = false

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    /// Line `index` (0-based), without its line feed; `nil` past the last.
    mutating func line(_ index: Int) -> Substring? {
        guard index >= 0 else { return nil }
        if !finished && starts.count <= index + 1 {
            let utf8 = text.utf8
            utf8.withContiguousStorageIfAvailable { bytes in
                while !finished && starts.count <= index + 1 {
                    if let end = UTF8Search.offset(of: UInt8(ascii: "\n"), in: bytes, from: starts[starts.count - 1]) {
                        starts.append(end + 1)
                    } else {
                        finished = true
                    }
                }
            }
        }
        guard index < starts.count else { return nil }
        let utf8 = text.utf8
        let end = index + 1 < starts.count ? starts[index + 1] - 1 : utf8.count
        return text[utf8.index(utf8.startIndex, offsetBy: starts[index])..<utf8.index(utf8.startIndex, offsetBy: end)]
    }
}
