import CommonMark

/// `--bless`: writes each sample's actual output into its `output` block, as Documenter.jl's
/// `fix` does for doctests.
///
/// Only the lines between an output block's fences change (or, for a sample without one, a new
/// block is inserted under its closing fence, or the plain or `text` block right under the fence,
/// which a person wrote as its output, becomes the output block: the page never shows the output
/// twice; one under a paragraph such as "Output:" is refused, the prose being the author's); every other byte of the file stays as it was,
/// line endings (LF, CRLF or CR, whichever the file uses) and byte order mark included; a new
/// block follows a blank line. The
/// container prefix of the opening fence is repeated on each new line, with list markers turned
/// into spaces (`- > ` becomes `  > `) and tabs into the spaces they stand for, and the fence is made longer than any backtick run that
/// starts an output line (after up to three spaces, where CommonMark would see a fence). A
/// directive the program printed (`{{#include f}}`, `{{#title t}}`…) is written escaped,
/// `\{{#include f}}` (`DirectiveEscapes`), so the block reads back as printed.
///
/// Every rewrite is read back before it is kept (`readsBack`): the page parsed again must hold
/// the same samples with the same code, and the blessed one's output block must hold exactly
/// the lines written. Where the containers around a fence (a tab that a list item takes part of,
/// a block quote's lazy lines) make the written block read otherwise, the sample is refused,
/// with its reason, and the page keeps its bytes: a page is never left corrupted.
enum Bless {
    /// A line of the file and the line ending that followed it (empty for the last line).
    struct Line: Equatable {
        var text: String
        var ending: String
    }

    /// The new text of the file whose original bytes are `original`, with the given outputs,
    /// and the samples that could not be blessed, with why.
    /// - Parameter outputs: for each sample of this file, the output it printed.
    static func apply(_ original: String, outputs: [(sample: Sample, output: String)]) -> String {
        rewrite(original, outputs: outputs).text
    }

    /// Whether blessing `sample` with `output` removes its output block: a `should_fail` sample
    /// (not a continued program's) that printed nothing on standard output.
    static func removesBlock(of sample: Sample, output: String) -> Bool {
        OutputComparison.printedNothing(output) && sample.shouldFail && !sample.continued && sample.outputRange != nil
    }

    static func rewrite(_ original: String, outputs: [(sample: Sample, output: String)]) -> (
        text: String, refused: [(Sample, String)]
    ) {
        var lines = split(original)
        let before = parsedSamples(original)
        let ending = lines.first(where: { !$0.ending.isEmpty })?.ending ?? "\n"
        var refused: [(Sample, String)] = []
        // From the bottom up, so earlier line numbers stay valid.
        for (sample, output) in outputs.sorted(by: { $0.sample.location.line > $1.sample.location.line }) {
            // A sample that prints nothing at all gets no new block: the page would show an empty
            // "verified" box (the error's note says what such a fence wants instead). One that
            // prints only blank lines printed something, and its block says so.
            if OutputComparison.printedNothing(output), sample.outputRange == nil,
                sample.parts.last?.plainOutputBlock == nil
            {
                refused.append(
                    (
                        sample,
                        "it printed nothing, and an empty output block would show an empty verified box; mark it 'run', or continue the page so that it needs no block"
                    ))
                continue
            }
            // A `should_fail` sample that printed nothing (its trap message went to standard
            // error): its block is removed, not emptied, so the page shows no empty box under
            // "ends in failure" (newuser-7, #5).
            if removesBlock(of: sample, output: output), let range = sample.outputRange {
                let openIndex = range.start.line - 1
                let closeIndex = range.end.line - 1
                guard openIndex > 0, closeIndex < lines.count, closeIndex > openIndex, isFence(lines[closeIndex].text)
                else {
                    refused.append((sample, "its output block has no closing fence"))
                    continue
                }
                // The blank line that set the block apart goes with it.
                let blankBefore = lines[openIndex - 1].text.allSatisfy { $0 == " " || $0 == "\t" }
                lines.removeSubrange((blankBefore ? openIndex - 1 : openIndex)...closeIndex)
                continue
            }
            let printed = OutputComparison.blockLines(output)
            // What the program printed must read back as printed: a directive it printed would be
            // expanded by the next check (and by mdBook), so each is escaped as a person would.
            let escaped = printed.map(DirectiveEscapes.escaped)
            guard escaped.allSatisfy({ $0 != nil }) else {
                refused.append(
                    (
                        sample,
                        "its output holds '{{ #', a directive mdBook expands and no backslash escapes; copy the output into its block by hand and break the braces"
                    ))
                continue
            }
            let body = escaped.map { $0! }
            let longestRun =
                body.map { line -> Int in
                    let indent = line.prefix(while: { $0 == " " })
                    return indent.count <= 3 ? line.dropFirst(indent.count).prefix(while: { $0 == "`" }).count : 0
                }.max() ?? 0
            let fence = String(repeating: "`", count: max(3, longestRun + 1))
            func block(_ prefix: String) -> [Line] {
                [Line(text: prefix + fence + "output", ending: ending)]
                    + body.map { Line(text: prefix + $0, ending: ending) }
                    + [Line(text: prefix + fence, ending: ending)]
            }
            let kept = lines
            defer {
                if lines != kept, !readsBack(lines, before: before, blessed: sample, body: body) {
                    lines = kept
                    refused.append(
                        (
                            sample,
                            "its output block, written back at the fence's indentation, would not read back as printed (a tab or a container around the fence); copy the output into its block by hand"
                        ))
                }
            }
            let plain = sample.outputRange == nil ? sample.parts.last?.plainOutputBlock : nil
            if let label = plain?.label, let plain {
                // The block is the output as the author wrote it, under prose: a new block above
                // the prose would show the output twice, and rewriting the prose is the author's.
                refused.append(
                    (
                        sample,
                        "the code block at line \(plain.range.start.line), under \(quoted: label), shows its output already, and a new output block would show it twice; remove the \(quoted: label) line and give that block the info string 'output' (```output), then bless again"
                    ))
                continue
            }
            if let range = sample.outputRange ?? plain?.range {
                // An output block, or a plain or `text` block right under the fence, which
                // becomes the output block.
                let openIndex = range.start.line - 1
                let closeIndex = range.end.line - 1
                guard openIndex < lines.count, closeIndex < lines.count, closeIndex > openIndex,
                    isFence(lines[closeIndex].text)
                else {
                    refused.append((sample, "its output block has no closing fence"))
                    continue
                }
                var replacement = block(containerPrefix(lines[openIndex].text, column: range.start.column))
                replacement[replacement.count - 1].ending = lines[closeIndex].ending
                lines.replaceSubrange(openIndex...closeIndex, with: replacement)
            } else {
                let last = sample.parts[sample.parts.count - 1]
                let fenceIndex = last.fence.line - 1
                let closeIndex = last.endLine - 1
                guard fenceIndex < lines.count, closeIndex < lines.count, closeIndex > fenceIndex,
                    isFence(lines[closeIndex].text)
                else {
                    refused.append((sample, "the sample's code block has no closing fence"))
                    continue
                }
                let prefix = containerPrefix(lines[fenceIndex].text, column: last.column)
                // A blank line (inside the same container) between the sample and its new block,
                // as a person writes it.
                let blank = String(prefix.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
                var inserted = [Line(text: blank, ending: ending)] + block(prefix)
                if lines[closeIndex].ending.isEmpty {
                    // The sample closes the file: the new block goes after a line ending.
                    lines[closeIndex].ending = ending
                    inserted[inserted.count - 1].ending = ""
                }
                lines.insert(contentsOf: inserted, at: closeIndex + 1)
            }
        }
        return (lines.map { $0.text + $0.ending }.joined(), refused)
    }

    /// The samples of `text` as a check reads them: each one's code blocks, by first fence line.
    private static func parsedSamples(_ text: String) -> [Sample] {
        SampleExtractor.extract(from: MarkdownParser.parse(text), path: "").samples
    }

    /// Whether `lines` parse to the samples of `before`, same code in the same order, with the
    /// blessed sample's output block holding exactly `body`.
    private static func readsBack(_ lines: [Line], before: [Sample], blessed: Sample, body: [String]) -> Bool {
        let after = parsedSamples(lines.map { $0.text + $0.ending }.joined())
        guard after.count == before.count,
            zip(after, before).allSatisfy({ $0.parts.map(\.code) == $1.parts.map(\.code) }),
            let mine = after.first(where: { $0.location.line == blessed.location.line }),
            let written = mine.expectedOutput
        else { return false }
        // The block holds each line with its line ending: output ending in blank lines keeps them.
        return OutputComparison.normalize(written) == OutputComparison.normalize(body.map { $0 + "\n" }.joined())
    }

    /// Lines with their endings: `\r\n`, `\n` or a lone `\r`, as CommonMark counts lines.
    static func split(_ text: String) -> [Line] {
        var lines: [Line] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                var ending = byte == UInt8(ascii: "\n") ? "\n" : "\r"
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                    ending = "\r\n"
                    index += 1
                }
                lines.append(Line(text: String(decoding: current, as: UTF8.self), ending: ending))
                current = []
            } else {
                current.append(byte)
            }
            index += 1
        }
        lines.append(Line(text: String(decoding: current, as: UTF8.self), ending: ""))
        return lines
    }

    /// The characters before the fence on its line, up to the fence's column, with everything
    /// but `>` (list markers) made spaces, so new lines continue the container, and each tab
    /// made the spaces it stands for (to the next multiple of 4 columns, as CommonMark counts):
    /// cmark 0.30 reads a tab that a list item or a block quote takes part of as one space too
    /// many in a code block's lines (`- a` then `\t```output` / `\t1` gives ` 1`), spaces it
    /// reads exactly.
    static func containerPrefix(_ line: String, column: Int) -> String {
        let prefix = String(decoding: line.utf8.prefix(max(0, column - 1)), as: UTF8.self)
        var out = ""
        var width = 0
        for character in prefix {
            switch character {
            case "\t":
                let stop = (width / 4 + 1) * 4
                out += String(repeating: " ", count: stop - width)
                width = stop
            case ">":
                out.append(">")
                width += 1
            default:
                out.append(" ")
                width += 1
            }
        }
        return out
    }

    /// Whether a line is a code fence, after any container prefix (`>`, spaces).
    static func isFence(_ line: String) -> Bool {
        let trimmed = line.drop(while: { $0 == " " || $0 == ">" || $0 == "\t" })
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }
}
