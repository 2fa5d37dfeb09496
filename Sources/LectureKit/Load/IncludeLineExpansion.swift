import CommonMark
import LectureSupport

/// The steps of `IncludeExpander.expand` for one line that holds directives: the line is cut at
/// each directive (`expandDirectives`), each directive becomes the text it stands for or a
/// diagnostic, and the pieces are joined into the expanded line with each line's origin (`join`).
extension IncludeExpander {
    /// The file being expanded and what its includes share.
    struct ExpandedFile {
        /// The file, as shown in diagnostics.
        var displayPath: String
        /// The folder its includes are read from.
        var directory: String
        var scope: IncludeScope
        /// Its include depth (0 for a page).
        var depth: Int
        var budget: IncludeBudget
        /// The files being expanded, the page first and this file last.
        var chain: [ChainLink]
    }

    /// The fenced code block a directive's line is in.
    struct OpenBlock {
        var language: Substring
        /// Its opening fence's line: in the expanded text for a page (where the page's diagnostics
        /// are placed), in the file for an included one.
        var fenceLine: Int
    }

    /// A line of the file that holds at least one directive.
    struct DirectiveLine {
        var text: Substring
        var origin: LineOrigin
        var block: OpenBlock?
    }

    /// Text of an expanded line, with the origin of each of its lines (each with its `runs`).
    struct Piece {
        var text: String
        var origins: [LineOrigin]

        /// The length in bytes of the text's last line.
        var lastLineLength: Int {
            text.utf8.count
                - (text.utf8.lastIndex(of: UInt8(ascii: "\n")).map {
                    text.utf8.distance(from: text.utf8.startIndex, to: $0) + 1
                } ?? 0)
        }

        /// `other` joined to this piece: its first line continues this piece's last, whose origin
        /// becomes `origin` (`nil`: kept), with the runs of both.
        mutating func join(_ other: Piece, at origin: LineOrigin?) {
            guard let last = origins.indices.last, let first = other.origins.first else {
                text += other.text
                origins += other.origins
                return
            }
            let runs = origins[last].columnRuns + Self.shifted(first.columnRuns, by: lastLineLength)
            if let origin { origins[last] = origin }
            origins[last].runs = runs
            origins += other.origins.dropFirst()
            text += other.text
        }

        /// `runs` starting `offset` bytes further right.
        static func shifted(_ runs: [ColumnRun], by offset: Int) -> [ColumnRun] {
            runs.map { run in
                var run = run
                run.start += offset
                return run
            }
        }
    }

    /// The text of one line gathered from pieces of a file's line, with where each came from.
    struct LineText {
        var text = ""
        var runs: [ColumnRun] = []

        var isEmpty: Bool { text.isEmpty }

        /// Appends `part`, the text of `origin`'s line from byte column `column` on.
        mutating func append(_ part: some StringProtocol, of origin: LineOrigin, column: Int) {
            guard !part.isEmpty else { return }
            let start = text.utf8.count + 1
            if let last = runs.last, last.path == origin.path, last.line == origin.line,
                last.includedFrom == origin.includedFrom, last.column + (start - last.start) == column
            {
                // The text goes on where the last run's does.
            } else {
                runs.append(
                    ColumnRun(
                        start: start, path: origin.path, line: origin.line, column: column,
                        includedFrom: origin.includedFrom))
            }
            text += part
        }
    }

    /// Cuts `line` at each of its directives: text before, the directive's replacement, text
    /// after. What the includes read, their titles and problems go into `expansion`.
    /// - Parameter crossedDepth: whether the file already reported its chain as too deep (once).
    /// - Returns: the pieces, at least one; the text after the last directive is in the last.
    static func expandDirectives(
        in line: DirectiveLine, of file: ExpandedFile, into expansion: inout Expansion, crossedDepth: inout Bool
    ) -> [Piece] {
        var pieces: [Piece] = []
        var rest = line.text[...]
        // The text since the last include, with the columns of the line it comes from.
        var pending = LineText()
        func columnOf(_ index: Substring.Index) -> Int {
            line.text.utf8.distance(from: line.text.startIndex, to: index) + 1
        }
        func keep(_ part: Substring) { pending.append(part, of: line.origin, column: columnOf(part.startIndex)) }
        while let directive = Directive.next(in: rest) {
            let open = directive.range
            if directive.isEscaped {
                // mdBook shows an escaped directive as written, less the backslash.
                keep(rest[..<rest.index(before: open.lowerBound)])
                keep(rest[open])
                rest = rest[open.upperBound...]
                continue
            }
            expansion.expandsDirectives = true
            keep(rest[..<open.lowerBound])
            rest = rest[open.upperBound...]
            let column = columnOf(open.lowerBound)
            let location = SourceLocation(line: line.origin.line, column: column)
            let kind = Kind(rawValue: directive.name == "playpen" ? "playground" : String(directive.name))
            guard let kind, !directive.arguments.isEmpty else {
                expansion.diagnostics.append(unsupported(directive, known: kind != nil, in: file, at: location))
                keep(line.text[open])
                continue
            }
            if kind == .title {
                expansion.title = directive.arguments
                // The title leaves the text the pages' scan reads (`PublishedSecrets.inPages`), so
                // it is scanned here, at the directive: a token in it was found only in the
                // written site, at the output file, and not at all in a run with other errors
                // (attack 17, F6).
                expansion.diagnostics += SecretScan.all(in: directive.arguments).map {
                    PublishedSecrets.error(kind: $0.kind, path: file.displayPath, location: location)
                }
                // The title names the page in the browser's tab and history (attack 17, F4).
                if let warning = InvisibleNames.warning(
                    line.text[open], place: "page title", path: file.displayPath, line: line.origin.line, column: column
                ) {
                    expansion.diagnostics.append(warning)
                }
                continue
            }
            if kind == .rustdocInclude, let warning = hiddenLinesWarning(directive, in: line, of: file) {
                expansion.diagnostics.append(warning)
            }
            do throws(Problem) {
                let inner = try include(
                    directive.arguments, kind: kind, directory: file.directory, scope: file.scope, depth: file.depth,
                    budget: file.budget, chain: file.chain)
                merge(inner, at: location, of: file, into: &expansion)
                pieces.append(
                    includedPiece(inner, kind: kind, before: pending, first: pieces.isEmpty, at: line.origin))
                pending = LineText()
            } catch {
                if error.quiet { continue }
                // One chain too deep is one error, at the file's first directive that crosses.
                if error.overDepth {
                    if crossedDepth { continue }
                    crossedDepth = true
                }
                let diagnostic = Diagnostic.error(
                    .includeFailed, file.displayPath, location, error.summary, notes: error.notes)
                if !expansion.diagnostics.contains(diagnostic) { expansion.diagnostics.append(diagnostic) }
            }
        }
        keep(rest)
        var after = line.origin
        after.runs = pending.runs
        guard let last = pieces.indices.last else { return [Piece(text: pending.text, origins: [after])] }
        if !pending.isEmpty {
            pieces[last].join(Piece(text: pending.text, origins: [after]), at: line.origin)
        }
        return pieces
    }

    /// The warning for a directive lecture leaves as written: an unknown one, or one that names
    /// no file or text.
    static func unsupported(
        _ directive: Directive, known: Bool, in file: ExpandedFile, at location: SourceLocation
    ) -> Diagnostic {
        .warning(
            .includeUnsupported, file.displayPath, location,
            known
                ? "'{{#\(directive.name)}}' names no file or text and is left as written"
                : "'{{#\(directive.name)}}' is not supported and is left as written",
            notes: [
                "lecture implements mdBook's {{#include}}, {{#rustdoc_include}}, {{#playground}} and {{#title}}; write \\{{#…}} to show the directive"
            ])
    }

    /// mdBook's rustdoc_include turns the lines outside its selection into Rust's hidden lines
    /// (`# `), which only a Rust block hides: a Swift sample compiles them. The warning, at the
    /// block's fence, for a selecting `{{#rustdoc_include}}` in a block of another language.
    static func hiddenLinesWarning(_ directive: Directive, in line: DirectiveLine, of file: ExpandedFile) -> Diagnostic?
    {
        guard let block = line.block, !["", "rust"].contains(block.language),
            directive.arguments.split(separator: " ").first?.contains(":") == true
        else { return nil }
        // At the block's fence: the directive's own line is replaced by the included lines, and a
        // page's diagnostics are moved from the expanded text to the line each expanded line came
        // from (`IncludedLocations`).
        return .warning(
            .includeUnsupported, file.displayPath, SourceLocation(line: block.fenceLine, column: 1),
            "'{{#rustdoc_include}}' on line \(line.origin.line), in this \(quoted: block.language) block, adds the file's other lines as Rust's hidden '# ' lines, which this block shows and a sample compiles",
            notes: [
                "write '{{#include \(directive.arguments)}}' for the selected lines alone; mdBook hides '# ' lines in Rust blocks only"
            ])
    }

    /// Takes what an include read into `expansion`: its title, the files it read, the lines it
    /// asked for and did not get (warnings at the directive, `location`) and its problems.
    static func merge(
        _ inner: Expansion, at location: SourceLocation, of file: ExpandedFile, into expansion: inout Expansion
    ) {
        if let title = inner.title { expansion.title = title }
        expansion.included += inner.included
        for problem in inner.directiveWarnings {
            // A problem of the included file's own line (a second region of an anchor's name) is
            // reported there, naming the directive that asked for it.
            if let path = problem.filePath, let line = problem.fileLine {
                expansion.diagnostics.append(
                    .warning(
                        .includeFailed, path, SourceLocation(line: line, column: problem.fileColumn),
                        problem.summary + " (\(file.displayPath):\(location.line))", notes: problem.notes))
                continue
            }
            expansion.diagnostics.append(
                .warning(.includeFailed, file.displayPath, location, problem.summary, notes: problem.notes))
        }
        // A file included along many paths (each of a chain's files including the next twice)
        // reports its problem once, not once per path.
        var seen = Set(expansion.diagnostics)
        for diagnostic in inner.diagnostics where seen.insert(diagnostic).inserted {
            expansion.diagnostics.append(diagnostic)
        }
    }

    /// The piece an include makes of its text: without its final newline (but a playground's),
    /// each line continuing the block quote or list item that `before` (the line's text before
    /// the directive) opens, when the directive is the line's `first`, and the first line joined
    /// to `before`.
    static func includedPiece(
        _ inner: Expansion, kind: Kind, before: LineText, first: Bool, at origin: LineOrigin
    ) -> Piece {
        var lines = inner.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var origins = inner.origins.map { $0.included(from: origin) }
        if kind != Kind.playground, lines.last == "", lines.count > 1, origins.count == lines.count {
            lines.removeLast()
            origins.removeLast()
        }
        if origins.count != lines.count { origins = Array(repeating: origin, count: lines.count) }
        // Inside a block quote or a list item (`> {{#include f}}`, `- {{#include f}}`, an indented
        // line of either), every included line gets the container's markers, so it stays inside;
        // mdBook gives them to the first line only and breaks the container (mdBook#1127). The
        // markers stand for the directive's line's first columns.
        if first, let continuation = containerContinuation(of: before.text) {
            var markers = origin
            markers.runs = []
            for index in lines.indices.dropFirst() {
                lines[index] = continuation + lines[index]
                origins[index].runs =
                    markers.columnRuns
                    + Piece.shifted(origins[index].columnRuns, by: continuation.utf8.count)
            }
        }
        // The first included line joins the text before the directive; the last, the text after.
        lines[0] = before.text + lines[0]
        let runs = before.runs + Piece.shifted(origins[0].columnRuns, by: before.text.utf8.count)
        if !before.isEmpty { origins[0] = origin }
        origins[0].runs = runs
        return Piece(text: lines.joined(separator: "\n"), origins: origins)
    }

    /// The pieces of one line joined end to start: a piece's first line continues the one before
    /// it, which keeps the directive's line (`origin`) as its origin.
    static func join(_ pieces: [Piece], at origin: LineOrigin) -> Piece {
        var joined = Piece(text: "", origins: [])
        for piece in pieces {
            joined.join(piece, at: joined.origins.isEmpty ? nil : origin)
        }
        return joined
    }
}
