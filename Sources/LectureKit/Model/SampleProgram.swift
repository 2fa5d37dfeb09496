/// The program swiftc compiles for a sample: every part, each behind a `#sourceLocation` that
/// points swiftc's diagnostics at the Markdown file and line the code came from, and in a
/// continued program that is run, a `Sample.partMarker` printed before each part but the first,
/// and the page's earlier fences (`Sample.context`) before the parts of a fence that sees them,
/// with the same marker after them when that fence is run (`Sample.marksContextEnd`);
/// with where each part's code stands, so that every reader of the program (hover cards, the
/// lines of a macro's code) finds a part where the program put it.
struct SampleProgram {
    /// The program's text.
    var text = ""
    /// Each part's code, in UTF-8 offsets into `text`.
    var offsets: [Range<Int>] = []
    /// Each part's code, in the program's lines (1-based).
    var lines: [Range<Int>] = []

    init(_ sample: Sample) {
        var line = 1
        for (index, part) in sample.context.enumerated() {
            append(
                "#sourceLocation(file: \"\(sample.programPath.swiftStringEscaped)\", line: \(part.firstLine))\n",
                line: &line)
            append(index == 0 ? Sample.withoutShebang(part.code) : part.code, line: &line)
        }
        if sample.marksContextEnd { append(Sample.partMarkerStatement, line: &line) }
        for (index, part) in sample.parts.enumerated() {
            if index > 0 && sample.marksParts {
                append(Sample.partMarkerStatement, line: &line)
            }
            append(
                "#sourceLocation(file: \"\(sample.programPath.swiftStringEscaped)\", line: \(part.firstLine))\n",
                line: &line)
            let start = (text.utf8.count, line)
            // A shebang opening the first part is read as swiftc reads it at a file's start, as a comment.
            append(
                index == 0 && sample.context.isEmpty ? Sample.withoutShebang(part.code) : part.code, line: &line)
            offsets.append(start.0..<text.utf8.count)
            lines.append(start.1..<line)
        }
        // Closed unless the author's own last directive closed it: a second
        // `#sourceLocation()` is swiftc's error ("without prior opening").
        let last = sample.parts.last?.code.split(separator: "\n").last { AuthorSourceLocations.directive($0) != nil }
        let closedByAuthor = last.map { AuthorSourceLocations.directive($0).map { $0 == nil } ?? false } ?? false
        if !closedByAuthor { append("#sourceLocation()\n", line: &line) }
    }

    private mutating func append(_ code: String, line: inout Int) {
        text += code
        line += code.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
