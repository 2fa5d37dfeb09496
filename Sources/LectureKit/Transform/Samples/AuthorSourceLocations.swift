/// The lines of a sample's program as swiftc names them when the author's code holds
/// `#sourceLocation` directives of its own: after `#sourceLocation(file: "F", line: L)` swiftc
/// names the next line `F:L`, and after `#sourceLocation()` the generated `main.swift`'s own line.
/// Each stretch of the author's lines is a `Region`; a diagnostic is placed back on the Markdown
/// line it names, whatever file the author's directive gave.
struct AuthorSourceLocations {
    /// A run of the author's lines that swiftc names `file`, from `firstNamed` on, standing in
    /// the Markdown from `firstLine` to `lastLine` (in part `part`).
    struct Region {
        var file: String
        var firstNamed: Int
        var firstLine: Int
        var lastLine: Int
        var part: Int
    }

    /// The regions whose names the author's directives changed; empty when there is none.
    var regions: [Region] = []

    /// No region: the sample names no file of its own.
    init() {}

    /// The regions of `sample`'s program (`Sample.program`), `generatedFile` naming the program.
    init(_ sample: Sample, generatedFile: String) {
        guard sample.parts.contains(where: { $0.code.contains("#sourceLocation") }) else { return }
        var physical = 0  // lines of the program before the part's first line of code
        for (index, part) in sample.parts.enumerated() {
            if index > 0 && sample.marksParts { physical += 1 }
            physical += 1  // the tool's own `#sourceLocation` before the part
            let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            var current = Region(
                file: sample.programPath, firstNamed: part.firstLine, firstLine: part.firstLine,
                lastLine: part.firstLine,
                part: index)
            for (offset, line) in lines.enumerated() {
                let markdownLine = part.firstLine + offset
                guard let directive = Self.directive(line) else { continue }
                current.lastLine = markdownLine - 1
                if current.lastLine >= current.firstLine { regions.append(current) }
                // The next line is named by the directive; `#sourceLocation()` gives back the
                // program's own numbering (1-based: the line after the directive's).
                let named = directive ?? (file: generatedFile, line: physical + offset + 2)
                current = Region(
                    file: named.file, firstNamed: named.line, firstLine: markdownLine + 1, lastLine: markdownLine + 1,
                    part: index)
            }
            current.lastLine = part.firstLine + lines.count - 1
            if current.lastLine >= current.firstLine { regions.append(current) }
            physical += lines.count
        }
    }

    /// The Markdown line and part of the line swiftc named `file:line`, when a region holds it.
    func place(file: String, line: Int) -> (line: Int, part: Int)? {
        for region in regions where region.file == file {
            let markdown = region.firstLine + (line - region.firstNamed)
            if line >= region.firstNamed, markdown <= region.lastLine { return (markdown, region.part) }
        }
        return nil
    }

    /// A `#sourceLocation` directive: `.some(nil)` for `#sourceLocation()`, the file and line of
    /// `#sourceLocation(file: "F", line: L)`; `nil` for any other line.
    static func directive(_ line: Substring) -> (file: String, line: Int)?? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("#sourceLocation") else { return nil }
        let inside = text.dropFirst("#sourceLocation".count).drop { $0 == " " }
        guard inside.hasPrefix("(") else { return nil }
        let arguments = inside.dropFirst().prefix { $0 != ")" }
        if arguments.allSatisfy({ $0 == " " }) { return .some(nil) }
        guard let fileStart = arguments.range(of: "file:"),
            let open = arguments[fileStart.upperBound...].firstIndex(of: "\""),
            let close = arguments[arguments.index(after: open)...].firstIndex(of: "\""),
            let lineStart = arguments.range(of: "line:"),
            let number = Int(arguments[lineStart.upperBound...].trimmingCharacters(in: " "))
        else { return nil }
        return .some((String(arguments[arguments.index(after: open)..<close]), number))
    }
}
