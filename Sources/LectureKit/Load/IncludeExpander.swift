import CommonMark
import Foundation
import LectureSupport

/// mdBook's `{{#include}}` (the `links` preprocessor,
/// https://rust-lang.github.io/mdBook/format/mdbook.html#including-files): the directive is
/// replaced by the file it names, relative to the including file's folder, before the page is
/// parsed, so a sample can live in a `.swift` file and still be verified. White space may stand
/// between the braces and `#` (`{{ #include file }}`), as mdBook allows.
///
/// Its siblings as mdBook has them: `{{#rustdoc_include file:…}}` takes the whole file, the lines
/// outside the selection as hidden lines (`# `, anchor lines left out with an anchor);
/// `{{#playground file attr…}}` puts the whole file in a ```` ```rust,attr ```` fence;
/// `{{#title text}}` is removed and gives the page its `<title>`.
///
/// Forms: `{{#include file}}` (all of it), `file:N` (line N), `file:N:` (from N), `file::M` (to M),
/// `file:N:M` (N to M, 1-based, inclusive), and `file:NAME` (the lines between `ANCHOR: NAME` and
/// `ANCHOR_END: NAME`, without any anchor line). `\{{#include …}}` stays as written, less the
/// backslash. A directive inside a block quote or a list item (`> {{#include f}}`) gives every
/// included line the container's markers (`containerContinuation`), which mdBook does not.
/// Included files may include others, 10 levels deep at most. Each problem (a missing
/// file, a range past its end, an unknown anchor) is an error at the directive's line. What one
/// page's includes add up to is bounded, and a cancellation stops them (`IncludeBudget`).
enum IncludeExpander {
    /// Where a line of the expanded text came from.
    struct LineOrigin: Hashable, Sendable {
        /// The file, as shown in diagnostics.
        package var path: String
        /// Its 1-based line.
        var line: Int
        /// For a line of an included file, the directives' lines that brought it in, the nearest
        /// first, the page's last (C compilers' "in file included from"); empty for the page's own.
        var includedFrom: [LineOrigin] = []
        /// Where the expanded line is not this line's own text column for column (a directive
        /// in its middle was replaced, an included line was put after text or a container's
        /// markers): each run of its text and the place it comes from, in order; empty when it is.
        var runs: [ColumnRun] = []

        /// This line as brought in by the directive at `site`.
        func included(from site: LineOrigin) -> LineOrigin {
            var origin = self
            let directive = LineOrigin(path: site.path, line: site.line)
            origin.includedFrom.append(directive)
            for index in origin.runs.indices { origin.runs[index].includedFrom.append(directive) }
            return origin
        }

        /// The runs of the expanded line: `runs`, or the line's own text from its first column.
        var columnRuns: [ColumnRun] {
            runs.isEmpty ? [ColumnRun(start: 1, path: path, line: line, column: 1, includedFrom: includedFrom)] : runs
        }

        /// Where byte column `column` (1-based) of the expanded line is edited: the line and
        /// column of the file its text comes from.
        func place(ofColumn column: Int) -> (origin: LineOrigin, column: Int) {
            guard let run = runs.last(where: { $0.start <= column }) else { return (self, column) }
            return (
                LineOrigin(path: run.path, line: run.line, includedFrom: run.includedFrom),
                run.column + column - run.start
            )
        }

        /// The line without `runs` when they say no more than its own text from its first column.
        var simplified: LineOrigin {
            guard runs.count == 1, let run = runs.first, run.start == 1, run.column == 1, run.path == path,
                run.line == line, run.includedFrom == includedFrom
            else { return self }
            var plain = self
            plain.runs = []
            return plain
        }
    }

    /// A run of an expanded line's text that comes from one place: from byte column `start` of the
    /// expanded line on, the text of line `line` of `path` from its byte column `column` on.
    struct ColumnRun: Hashable, Sendable {
        var start: Int
        var path: String
        var line: Int
        var column: Int
        var includedFrom: [LineOrigin] = []
    }

    /// A page with its includes replaced.
    struct Expansion: Sendable {
        /// The text the parser sees.
        package var text: String
        /// One entry per line of `text`.
        var origins: [LineOrigin]
        /// Every file read, by path on disk, in order.
        var included: [String]
        /// Problems, at the directive's line.
        var diagnostics: [Diagnostic]
        /// The page's own `<title>`, from its last `{{#title …}}`.
        var title: String? = nil
        /// Whether a directive other than an escaped one (`\{{#…}}`) was met: then `text` is
        /// not the file less its escapes.
        var expandsDirectives = false
        /// Lines the directive that made this expansion asked for and did not get (a range past
        /// the file's end): warnings at that directive, set by `include`.
        var directiveWarnings: [Problem] = []
    }

    /// A file in a chain of includes: its real path, to find a cycle, and the path shown.
    struct ChainLink: Sendable {
        var real: String
        var shown: String

        init(_ shown: String) {
            self.shown = shown
            real = CanonicalPath.of(shown)
        }
    }

    /// `a.md → b.md → c.md`: the chain as a note shows it.
    static func describe(_ chain: [ChainLink]) -> String {
        chain.map(\.shown).joined(separator: " → ")
    }

    /// mdBook's include depth limit.
    static let maximumDepth = 10

    /// The fenced code block open after `line`, given the one open before it (`nil`: none): a
    /// line of three or more backticks or tildes (indented up to three spaces) opens one, with
    /// its info string's first word (before a space or comma) as its language, and a line of the
    /// same character, at least as long, with nothing after it closes it (CommonMark's rule, at
    /// the top level only: a hint needs no more).
    static func nextFence(after line: Substring, in open: (marker: Substring, language: Substring)?) -> (
        marker: Substring, language: Substring
    )? {
        let indent = line.prefix { $0 == " " }
        guard indent.count <= 3 else { return open }
        let rest = line.dropFirst(indent.count)
        guard let first = rest.first, first == "`" || first == "~" else { return open }
        let marker = rest.prefix { $0 == first }
        guard marker.count >= 3 else { return open }
        let info = rest.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
        if let open {
            let closes = open.marker.first == first && marker.count >= open.marker.count && info.isEmpty
            return closes ? nil : open
        }
        if first == "`" && info.contains("`") { return nil }
        let language = Substring(info).prefix { $0 != " " && $0 != "," && $0 != "\t" }
        return (marker, language)
    }

    /// Expands the directives of `text`, a file shown as `displayPath` lying in `directory`:
    /// each line is followed through the fenced blocks (`nextFence`), and a line holding a
    /// directive is cut at each (`expandDirectives`) and joined again (`join`).
    /// - Parameter chain: the files being expanded, the page first and `displayPath` last (the
    ///   page alone when empty): a file already in it is a cycle, and the depth limit names it.
    static func expand(
        _ text: String, displayPath: String, directory: String, scope: IncludeScope, depth: Int = 0,
        budget: IncludeBudget = IncludeBudget(), chain: [ChainLink] = []
    ) -> Expansion {
        let file = ExpandedFile(
            displayPath: displayPath, directory: directory, scope: scope, depth: depth, budget: budget,
            chain: chain.isEmpty ? [ChainLink(displayPath)] : chain)
        var expansion = Expansion(text: "", origins: [], included: [], diagnostics: [])
        var output: [String] = []
        // The fenced code block a line is in (its fence and language), for the hint below.
        var fence: (marker: Substring, language: Substring)?
        // Where that block's opening fence is: its line in this file and in the expanded text.
        var fenceLine = (own: 0, expanded: 0)
        var crossedDepth = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let here = LineOrigin(path: displayPath, line: index + 1)
            let opened = fence
            fence = nextFence(after: line, in: fence)
            if opened == nil, fence != nil { fenceLine = (index + 1, expansion.origins.count + 1) }
            guard mentionsDirective(String(line)) else {
                output.append(String(line))
                expansion.origins.append(here)
                continue
            }
            let block = opened.map {
                OpenBlock(language: $0.language, fenceLine: depth == 0 ? fenceLine.expanded : fenceLine.own)
            }
            let pieces = expandDirectives(
                in: DirectiveLine(text: line, origin: here, block: block), of: file, into: &expansion,
                crossedDepth: &crossedDepth)
            let joined = join(pieces, at: here)
            output.append(joined.text)
            expansion.origins += joined.origins.map(\.simplified)
        }
        expansion.text = output.joined(separator: "\n")
        return expansion
    }

    /// What continues the containers that `prefix` (the text before a directive) opens or
    /// continues, when it is only containers' markers: each `>` kept, each list item's marker
    /// (`-`, `*`, `+`, `1.`, `1)` and the space after it) as spaces, white space as written
    /// (`"> "` → `"> "`, `"- "` → `"  "`, `"> 1. "` → `">    "`, `"  "` → `"  "`); `nil` for
    /// no prefix or one with text.
    static func containerContinuation(of prefix: String) -> String? {
        guard !prefix.isEmpty else { return nil }
        var continuation = ""
        var rest = Substring(prefix)
        while let first = rest.first {
            if first == " " || first == "\t" || first == ">" {
                continuation.append(first)
                rest = rest.dropFirst()
                continue
            }
            // A list item's marker, followed by white space.
            let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
            let marker: Substring
            if "-*+".contains(first) {
                marker = rest.prefix(1)
            } else if (1...9).contains(digits.count), let after = rest.dropFirst(digits.count).first,
                after == "." || after == ")"
            {
                marker = rest.prefix(digits.count + 1)
            } else {
                return nil
            }
            guard let space = rest.dropFirst(marker.count).first, space == " " || space == "\t" else { return nil }
            continuation += String(repeating: " ", count: marker.count)
            rest = rest.dropFirst(marker.count)
        }
        return continuation
    }

    struct Problem: Error {
        var summary: String
        var notes: [String] = []
        /// Left out without an error of its own (cancelled, or past the budget; see `IncludeBudget`).
        var quiet = false
        /// The include depth limit: reported at the first directive of a file that crosses it.
        var overDepth = false
        /// The line of the included file to edit, when that is where the problem is (a second
        /// region of an anchor's name): reported there, since the directive's own line is
        /// replaced by the included lines and no expanded line leads back to it.
        var fileLine: Int? = nil
        /// The column of `fileLine` to edit (1-based).
        var fileColumn: Int = 1
        /// The included file, as shown, set with `fileLine` by `include`.
        var filePath: String? = nil
    }

    /// The text a directive's arguments (`file`, `file:2:10`, `file:anchor`; for `playground`,
    /// `file attribute…`) stand for, read within `scope`.
    static func include(
        _ arguments: String, kind: Kind = .include, directory: String, scope: IncludeScope, depth: Int,
        budget: IncludeBudget = IncludeBudget(), chain: [ChainLink] = []
    ) throws(Problem)
        -> Expansion
    {
        guard budget.mayGoOn else { throw Problem(summary: "", quiet: true) }
        // mdBook: the first word is the file (with its selector), the others the playground's attributes.
        let words = arguments.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let argument = String(words.first ?? "")
        let attributes = words.dropFirst().joined(separator: ",")
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let relative = String(parts[0])
        let selector = parts.count > 1 ? String(parts[1]) : nil
        // An absolute path names that file (mdBook reads it), so the scope refuses it for what it is.
        let path = relative.hasPrefix("/") ? relative : FileSystem.join(directory, relative)
        guard !relative.isEmpty else {
            throw Problem(summary: "{{#\(kind.rawValue)}} names no file", notes: ["write {{#\(kind.rawValue) FILE}}"])
        }
        if argument.contains("://") {
            throw Problem(
                summary: "{{#\(kind.rawValue)}} names \(quoted: argument), a URL; includes read files of the book",
                notes: ["name the file by its path, relative to the including file's folder"])
        }
        let link = ChainLink(path)
        if let first = chain.firstIndex(where: { $0.real == link.real }) {
            throw Problem(
                summary:
                    "{{#\(kind.rawValue) \(argument)}} makes a cycle: \(quoted: relative) is already being included",
                notes: [
                    "the cycle: " + describe(Array(chain[first...]) + [link]),
                    "remove this directive, or the one that includes this file from \(quoted: relative)",
                ])
        }
        guard depth < maximumDepth else {
            throw Problem(
                summary: "{{#\(kind.rawValue) \(argument)}} is an include depth over \(maximumDepth)",
                notes: [
                    "the chain of includes: " + describe(chain + [link]),
                    "mdBook stops at \(maximumDepth) nested includes too: include the deeper files from a file nearer the page",
                ], overDepth: true)
        }
        if let problem = IncludePathSpelling.problem(
            arguments: arguments, relative: relative, directory: directory, directive: kind.rawValue)
        {
            throw problem
        }
        let bytes = try scope.read(
            path, spelled: relative, directive: kind.rawValue, limit: budget.maximumBytes, selector: selector)
        let file: SourceFile
        do throws(Diagnostic) {
            file = try SourceFileReader.decode(bytes, displayPath: path, relativePath: relative)
        } catch {
            throw Problem(
                summary: "{{#\(kind.rawValue)}} names \(quoted: relative), which is not UTF-8 text",
                notes: [error.summary])
        }
        var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" && lines.count > 1 { lines.removeLast() }
        var chosen = Array(lines.indices)
        var directiveWarnings: [Problem] = []
        // mdBook 0.5.4 reads the first word alone and drops the others without a word (only
        // `{{#playground}}` gives them a meaning): a misspelt selector or a file name with a
        // space includes something else than the author meant.
        if kind != .playground, words.count > 1 {
            let extra = words.dropFirst().joined(separator: " ")
            directiveWarnings.append(
                Problem(
                    summary:
                        "{{#\(kind.rawValue) \(arguments)}}: \(quoted: extra) after the file is ignored; only \(quoted: argument) is included",
                    notes: [
                        "write {{#\(kind.rawValue) \(argument)}}; a line range or an anchor follows the file after a colon (FILE:NAME, FILE:2:5), and a file name cannot hold a space"
                    ]))
        }
        if let selector, kind != .playground {
            do throws(Problem) {
                let selection = try select(selector, lines: lines, path: path)
                chosen = selection.lines
                directiveWarnings += selection.lost.map {
                    Problem(
                        summary: "{{#\(kind.rawValue) \(argument)}}: \($0.summary)", notes: $0.notes,
                        fileLine: $0.fileLine, fileColumn: $0.fileColumn, filePath: $0.fileLine.map { _ in path })
                }
            } catch {
                throw Problem(summary: "{{#\(kind.rawValue) \(argument)}}: \(error.summary)", notes: error.notes)
            }
        }
        var shown = chosen.map { (index: $0, text: lines[$0]) }
        switch kind {
        case .rustdocInclude:
            // mdBook: every line of the file, those outside the selection as hidden lines
            // (`# `); with an anchor, the anchor lines left out.
            let selected = Set(chosen)
            let anchored = selector.map { !isRange($0) } ?? false
            shown = lines.indices.compactMap { index in
                if selected.contains(index) { return (index, lines[index]) }
                if anchored && anchorMarker(lines[index]) != nil { return nil }
                return (index, "# " + lines[index])
            }
        case .playground:
            // mdBook: the whole file in a fenced Rust block, attributes after a comma.
            let info = attributes.isEmpty ? "rust" : "rust," + attributes
            let fence = (-1, "```" + info)
            shown = [fence] + shown + [(-1, "```"), (-1, "")]
        case .include, .title:
            break
        }
        let text = shown.map(\.text).joined(separator: "\n")
        do throws(IncludeBudget.Refusal) {
            try budget.spend(text.utf8.count, on: argument)
        } catch {
            switch error {
            case .quietly: throw Problem(summary: "", quiet: true)
            case .crossing(let summary, let notes): throw Problem(summary: summary, notes: notes)
            }
        }
        // Shown normalised (`src/../Pkg/C.swift` → `Pkg/C.swift`), as every diagnostic's path is.
        let shownPath = ShownPath.normalized(path)
        var origins = shown.map { LineOrigin(path: shownPath, line: max($0.index, chosen.first ?? 0) + 1) }
        if kind == .rustdocInclude {
            // A hidden line's text stands two columns further right, after the `# ` it was given.
            let selected = Set(chosen)
            for (position, line) in shown.enumerated() where line.index >= 0 && !selected.contains(line.index) {
                let origin = origins[position]
                origins[position].runs = [
                    ColumnRun(start: 1, path: shownPath, line: origin.line, column: 1),
                    ColumnRun(start: 3, path: shownPath, line: origin.line, column: 1),
                ]
            }
        }
        let folder = folder(of: path)
        guard mentionsDirective(text) else {
            return Expansion(
                text: text, origins: origins.isEmpty ? [LineOrigin(path: shownPath, line: 1)] : origins,
                included: [path], diagnostics: [], directiveWarnings: directiveWarnings)
        }
        var inner = expand(
            text, displayPath: path, directory: folder, scope: scope, depth: depth + 1, budget: budget,
            chain: chain + [link])
        inner.directiveWarnings = directiveWarnings
        // Lines of the nested expansion count from the selection's start.
        func counted(_ origin: LineOrigin) -> LineOrigin {
            origin.path == path && origin.line - 1 < origins.count ? origins[origin.line - 1] : origin
        }
        inner.origins = inner.origins.map { origin in
            var moved = counted(origin)
            moved.includedFrom = origin.includedFrom.map(counted)
            moved.runs = origin.runs.map { run in
                var run = run
                if run.path == path, run.line - 1 < origins.count { run.line = origins[run.line - 1].line }
                run.includedFrom = run.includedFrom.map(counted)
                return run
            }
            return moved
        }
        inner.diagnostics = inner.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.path == path, let location = diagnostic.location, location.line - 1 < origins.count {
                diagnostic.location?.line = origins[location.line - 1].line
            }
            return diagnostic
        }
        inner.included.insert(path, at: 0)
        return inner
    }

    /// The folder part of `path` as written (`a/b.md` → `a`, `b.md` → ``), so paths in
    /// diagnostics keep the form the user gave.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `file` with its directives expanded (`lineOrigins` set when it had any), and the problems.
    static func apply(
        to file: SourceFile, directory: String, scope: IncludeScope, budget: IncludeBudget = IncludeBudget()
    ) -> (
        file: SourceFile, diagnostics: [Diagnostic]
    ) {
        guard mentionsDirective(file.text) else { return (file, []) }
        let expansion = expand(
            file.text, displayPath: file.displayPath, directory: directory, scope: scope, budget: budget)
        guard expansion.text != file.text || !expansion.diagnostics.isEmpty else { return (file, []) }
        var expanded = file
        expanded.text = expansion.text
        expanded.lineOrigins = expansion.origins
        expanded.includedPaths = expansion.included
        expanded.expandsDirectives = expansion.expandsDirectives
        expanded.title = expansion.title
        // The directives' problems count the page's own lines; later stages (and `remap`) count
        // the expanded text's, so they are moved there.
        var expandedLine: [Int: Int] = [:]
        for (index, origin) in expansion.origins.enumerated()
        where origin.path == file.displayPath && expandedLine[origin.line] == nil {
            expandedLine[origin.line] = index + 1
        }
        // One on a line the expanded text replaced (a directive alone on its line, whose include
        // succeeded with a warning) stays on the file's own line, and `remap` leaves it there.
        let diagnostics = expansion.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            guard diagnostic.path == file.displayPath, let line = diagnostic.location?.line else { return diagnostic }
            if let moved = expandedLine[line] {
                diagnostic.location?.line = moved
                expanded.ownColumns.insert(diagnostic)
            } else {
                expanded.placedOnOwnLines.insert(diagnostic)
            }
            return diagnostic
        }
        expanded.failedIncludeLines = Set(
            diagnostics.filter {
                $0.identifier == .includeFailed && $0.path == file.displayPath
                    && !expanded.placedOnOwnLines.contains($0)
            }.compactMap {
                $0.location?.line
            })
        return (expanded, diagnostics)
    }
}
