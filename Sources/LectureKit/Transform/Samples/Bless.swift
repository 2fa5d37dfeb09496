/// `--bless`: writes each sample's actual output into its `output` block, as Documenter.jl's
/// `fix` does for doctests.
///
/// Only the lines between an output block's fences change (or, for a sample without one, a new
/// block is inserted under its closing fence); every other byte of the file stays as it was,
/// line endings and byte order mark included. The container prefix of the opening fence
/// (`> ` in a block quote, spaces in a list item) is repeated on each new line, and the fence is
/// made longer than any backtick run the output starts a line with.
public enum Bless {
    /// The new text of the file whose original bytes are `original`, with the given outputs.
    /// - Parameter outputs: for each sample of this file, the output it printed.
    public static func apply(_ original: String, outputs: [(sample: Sample, output: String)]) -> String {
        // Split on the byte, not the Character: in Swift "\r\n" is one Character.
        var lines = original.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let newline = original.contains("\r\n") ? "\r\n" : "\n"
        let carriage = newline == "\r\n" ? "\r" : ""
        // From the bottom up, so earlier line numbers stay valid.
        for (sample, output) in outputs.sorted(by: { $0.sample.location.line > $1.sample.location.line }) {
            let text = OutputComparison.normalize(output)
            let body = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let longestRun = body.map { $0.prefix(while: { $0 == "`" }).count }.max() ?? 0
            let fence = String(repeating: "`", count: max(3, longestRun + 1))
            if let range = sample.outputRange {
                let openIndex = range.start.line - 1
                let closeIndex = range.end.line - 1
                guard openIndex < lines.count, closeIndex < lines.count else { continue }
                let prefix = containerPrefix(lines[openIndex], column: range.start.column)
                let opening = prefix + fence + "output" + carriage
                let closing = prefix + fence + carriage
                // Without a closing fence (end of file) the block runs to its last line; replace it all.
                let replacement = [opening] + body.map { prefix + $0 + carriage } + [closing]
                lines.replaceSubrange(openIndex...closeIndex, with: replacement)
            } else {
                let last = sample.parts[sample.parts.count - 1]
                let fenceIndex = last.fence.line - 1
                let afterIndex = last.endLine
                guard fenceIndex < lines.count, afterIndex <= lines.count else { continue }
                let prefix = containerPrefix(lines[fenceIndex], column: last.column)
                let block = [prefix + fence + "output" + carriage] + body.map { prefix + $0 + carriage } + [prefix + fence + carriage]
                lines.insert(contentsOf: block, at: afterIndex)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The characters before the fence on its line (`> `, `  `), up to the fence's column.
    static func containerPrefix(_ line: String, column: Int) -> String {
        String(decoding: line.utf8.prefix(max(0, column - 1)), as: UTF8.self)
    }

}
