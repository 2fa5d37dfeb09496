import CommonMark
import Foundation
import LectureSupport

/// Diagrams: a fenced block with info string `dot` holds a Graphviz graph, rendered at build
/// time by `dot -Tsvg` and inlined in the page, so it needs no extra request and works from
/// `file://`.
///
/// The text alternative for screen readers is the `alt="…"` attribute, else the graph's own
/// `label` (read, and removed from the drawing, by Graphviz's `gvpr`), else the caption; one of
/// them is required. Results are cached by a SHA-256 of the source, the attributes,
/// Graphviz's version (`dot -V`) and the font fontconfig finds (`DiagramFonts`). Graphviz's
/// warnings (an unknown shape or attribute) are kept with the result and reported at the block's
/// line on every build, warm or cold.
package struct DiagramRenderer: Sendable {
    /// The info string language that marks a diagram.
    package static let language = "dot"

    /// Where rendered diagrams are cached (kind `diagrams`).
    var cache: Cache
    /// `dot -V`'s output, or `nil` when Graphviz is not installed.
    var graphvizVersion: String?
    /// The Graphviz programs to run (looked up on `PATH`).
    var commands = (dot: "dot", gvpr: "gvpr")
    /// The font the labels are drawn with and the fonts installed, part of every cache key
    /// (`family` is the book's, set by the `Figures` step).
    var fonts = DiagramFonts(family: nil, installed: InstalledFonts(fcList: nil))
    /// Seconds each Graphviz program may take on one diagram (`[preprocessor.lecture] diagram-timeout`);
    /// not part of the cache key (a drawing is the same whatever the limit).
    var timeLimit = Self.defaultTimeLimit
    /// The time limit unless book.toml sets one.
    package static let defaultTimeLimit = 60.0
    /// The run: every Graphviz program takes a place of its job pool, and once its cancellation
    /// (`lecture serve`'s stop, else the signals') is cancelled, the running program's process
    /// group is killed and the drawing fails.
    var run: RunContext

    /// Creates a renderer; `find` asks Graphviz for its version.
    init(cache: Cache, graphvizVersion: String?, run: RunContext) {
        self.cache = cache
        self.graphvizVersion = graphvizVersion
        self.run = run
    }

    /// Finds Graphviz once per run (`dot -V`, in a place of `run`'s pool), whose drawings `run`
    /// bounds and stops; its fonts are asked of a probe of its own.
    package static func find(cache: Cache, run: RunContext) -> DiagramRenderer {
        find(cache: cache, run: run, fonts: nil)
    }

    /// As `find(cache:run:)`, its fonts asked of `fonts` (the build's `Probes.fonts`) when given.
    static func find(cache: Cache, run: RunContext, fonts: FontProbe?) -> DiagramRenderer {
        let version = (try? run.process("dot", ["-V"], timeout: 30)).flatMap { result in
            result.succeeded ? (result.stderrText + result.stdoutText).trimmingCharacters(in: "\n ").description : nil
        }
        var renderer = DiagramRenderer(cache: cache, graphvizVersion: version, run: run)
        renderer.fonts = fonts.map { DiagramFonts(family: nil, probe: $0) } ?? DiagramFonts(family: nil, run: run)
        return renderer
    }

    /// Both layouts of a graph, cached together: the author's and the same graph turned a
    /// quarter (left to right ↔ top to bottom), which narrow screens get where it is narrower.
    struct Rendered: Codable {
        var svg: String
        var narrowSVG: String?
        var label: String
        /// Graphviz's warning lines (`Warning: …`), as it printed them.
        var warnings: [String] = []
    }

    /// Renders as below, adding to `warnings` Graphviz's warnings and the missing font's, at the
    /// Markdown line they concern.
    package func render(
        _ code: String, info: InfoString, id: String, path: String, location: SourceLocation,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> String {
        FigureHTML.diagram(try draw(code, info: info, id: id, path: path, location: location, warnings: &warnings))
    }

    /// Draws as `draw(_:info:id:path:location:)`, adding to `warnings` Graphviz's warnings and the
    /// missing font's, at the Markdown line they concern.
    func draw(
        _ code: String, info: InfoString, id: String, path: String, location: SourceLocation,
        warnings: inout [Diagnostic]
    ) throws(Diagnostic) -> Diagram {
        // After drawing, which caches Graphviz's warnings with the drawing, whether it failed or not.
        defer {
            if let cached = rendered(code, id: id) {
                warnings += cached.warnings.map { Self.located($0, severity: .warning, path: path, location: location) }
                let links = DiagramLinks.withoutScriptLinks(cached.svg).removed
                if let warning = DiagramLinks.warning(links, path: path, location: location) {
                    warnings.append(warning)
                }
            }
            if let font = fonts.warning(for: code, path: path, location: location) { warnings.append(font) }
        }
        return try draw(code, info: info, id: id, path: path, location: location)
    }

    /// The cache key of a diagram: its source, its place on the page, Graphviz and the font.
    func key(_ code: String, id: String) -> String {
        var hash = SHA256()
        // The format, and the digest of the sources that draw (`SourceDigests.diagrams`).
        hash.update("lecture-diagram-v8 " + SourceDigests.diagrams)
        hash.update(graphvizVersion ?? "")
        hash.update(fonts.keyText)
        hash.update(id)
        hash.update(code)
        return hash.hexDigest()
    }

    /// The cached rendering of a diagram, if any.
    private func rendered(_ code: String, id: String) -> Rendered? {
        cache.read(kind: .diagrams, key: key(code, id: id)).flatMap {
            try? JSONDecoder().decode(Rendered.self, from: Data($0))
        }
    }

    /// Renders the graph in `code`, whose fence is at `location` of `path`, as a `<figure>`
    /// (`draw`, then `Diagram.html`).
    ///
    /// - Parameter id: unique within the page; prefixes every id in the SVG.
    /// - Returns: the figure.
    /// - Throws: a diagnostic at the Markdown line Graphviz complained about.
    package func render(_ code: String, info: InfoString, id: String, path: String, location: SourceLocation)
        throws(Diagnostic) -> String
    {
        FigureHTML.diagram(try draw(code, info: info, id: id, path: path, location: location))
    }

    /// Draws the graph in `code`, whose fence is at `location` of `path`, in both layouts (from
    /// the cache when it was drawn before), with its text alternative and caption.
    ///
    /// - Parameter id: unique within the page; prefixes every id in the SVG.
    /// - Returns: the drawing.
    /// - Throws: a diagnostic at the Markdown line Graphviz complained about.
    func draw(_ code: String, info: InfoString, id: String, path: String, location: SourceLocation)
        throws(Diagnostic) -> Diagram
    {
        if let problem = DiagramFileReferences.problem(in: code, path: path, location: location) { throw problem }
        guard graphvizVersion != nil else {
            throw .error(
                .diagramNoGraphviz,
                path, location, "cannot render the diagram: Graphviz's 'dot' is not installed",
                notes: ["install the Debian package 'graphviz' (make site does it)"])
        }
        let caption = info.value("caption")
        let key = key(code, id: id)
        var rendered: Rendered
        if let cached = self.rendered(code, id: id) {
            rendered = cached
        } else {
            rendered = try draw(code, id: id, path: path, location: location)
            if let data = try? JSONEncoder().encode(rendered) { cache.write(kind: .diagrams, key: key, Array(data)) }
        }
        guard
            let alternative = [info.value("alt"), rendered.label, caption].compactMap({ $0 }).first(where: {
                !$0.isEmpty
            })
        else {
            throw .error(
                .diagram,
                path, location, "diagram has no text alternative",
                notes: ["give the graph a label=\"…\" describing it, or add alt=\"…\" to the info string"])
        }
        // The one scheme rule (`DiagramLinks`), after the cache: the warning is given on every build.
        // A link to a page's Markdown file reaches the page, as a Markdown link's does.
        let wide = DiagramLayout(svg: DiagramLinks.withPageLinks(DiagramLinks.withoutScriptLinks(rendered.svg).svg))
        var narrow = rendered.narrowSVG.map {
            DiagramLayout(svg: DiagramLinks.withPageLinks(DiagramLinks.withoutScriptLinks($0).svg))
        }
        let breakpoint = narrow.flatMap { DiagramLayout.breakpoint(fitting: wide, insteadOf: $0) }
        if breakpoint == nil { narrow = nil }
        // The caption is parsed on its own: a cut for depth is the diagram's to report.
        let parsedCaption = caption.map { MarkdownParser.parseInlinesMeasuringDepth($0) }
        if parsedCaption?.tooDeep == true {
            throw .error(
                .nestingTooDeep, path, location,
                "diagram caption nests deeper than \(MarkdownParser.maximumDepth) levels; the rest is left out",
                notes: ["emphasis, links or images inside one another; flatten them"])
        }
        return Diagram(
            wide: wide, narrow: narrow, breakpoint: breakpoint, alternative: alternative,
            caption: parsedCaption?.inlines)
    }

    /// Runs `gvpr` (read and drop the graph label; write the graph once as written and once turned
    /// a quarter, `LR` ↔ `TB`, `RL` ↔ `BT`, a line with a nonce between them) then `dot -Tsvg`
    /// once for each. One `dot` over both drew the second differently from run to run (Graphviz
    /// 2.43 carries state from one graph's layout into the next: clusters in another order,
    /// labels a pixel aside), so the site was not reproducible; each alone is drawn the same
    /// every time (`DiagramReproducibilityTests`).
    private func draw(_ code: String, id: String, path: String, location: SourceLocation) throws(Diagnostic)
        -> Rendered
    {
        let separator = "// lecture-next-graph \(UUID().uuidString)"
        let program = """
            BEG_G {
              printf(2, "LECTURE-GRAPH\\n");
              if (hasAttr($G, "label")) { printf(2, "LECTURE-LABEL:%s\\n", $G.label); $G.label = ""; }
              write($G);
              printf("\\n\(separator)\\n");
              if ($G.rankdir == "LR") $G.rankdir = "TB";
              else if ($G.rankdir == "RL") $G.rankdir = "BT";
              else if ($G.rankdir == "BT") $G.rankdir = "RL";
              else $G.rankdir = "LR";
            }
            """
        let stripped = try run(commands.gvpr, ["-c", program], input: Array(code.utf8), path: path, location: location)
        if let failure = graphvizError(stripped, path: path, location: location) { throw failure }
        let markers = stripped.stderrText.split(separator: "\n")
        if markers.filter({ $0 == "LECTURE-GRAPH" }).count > 1 {
            throw .error(
                .diagram,
                path, location, "diagram block holds more than one graph",
                notes: ["put each graph in a ```dot block of its own"])
        }
        var label = ""
        for line in markers where line.hasPrefix("LECTURE-LABEL:") {
            label = String(line.dropFirst("LECTURE-LABEL:".count))
        }
        let arguments =
            [
                "-Tsvg", "-Gbgcolor=transparent",
            ] + fonts.arguments
        var svgs: [String] = []
        var stderr = stripped.stderrText
        for graph in stripped.stdoutText.components(separatedBy: "\n\(separator)\n") {
            let drawn = try run(commands.dot, arguments, input: Array(graph.utf8), path: path, location: location)
            if let failure = graphvizError(drawn, path: path, location: location) { throw failure }
            stderr += "\n" + drawn.stderrText
            svgs += drawn.stdoutText.components(separatedBy: "</svg>").dropLast().map { $0 + "</svg>\n" }
        }
        // Graphviz's escapes in a label (\n, \l, \r line breaks) read as spaces.
        for escape in ["\\n", "\\l", "\\r"] { label = label.replacingOccurrences(of: escape, with: " ") }
        // Both drawings print the same warnings: each is kept once.
        var warnings: [String] = []
        for line in stderr.split(separator: "\n") where line.hasPrefix("Warning:") {
            if !warnings.contains(String(line)) { warnings.append(String(line)) }
        }
        guard let first = svgs.first else {
            throw .error(.diagram, path, location, "diagram: Graphviz drew nothing")
        }
        return Rendered(
            svg: Self.inlineable(first, idPrefix: id),
            narrowSVG: svgs.count > 1 ? Self.inlineable(svgs[1], idPrefix: id + "-narrow") : nil,
            label: label, warnings: warnings)
    }

    /// The variables Graphviz runs with, added to lecture's: its web-server mode, in which it
    /// loads an image, a shape file or an HTML label's `<IMG>` only from the folders
    /// `GV_FILE_PATH` lists, and none when that is empty (Graphviz's `safefile`: "file loading is
    /// disabled because the environment contains SERVER_NAME"). The second line of defence behind
    /// `DiagramFileReferences`: a way of naming a file that its reading misses reads nothing.
    static let graphvizEnvironment = ["SERVER_NAME": "lecture", "GV_FILE_PATH": ""]

    /// Runs one Graphviz tool on `input`; a tool that cannot run is a diagnostic at the fence.
    private func run(_ tool: String, _ arguments: [String], input: [UInt8], path: String, location: SourceLocation)
        throws(Diagnostic) -> Subprocess.Result
    {
        let result: Subprocess.Result
        do {
            result = try run.process(
                tool, arguments, environment: Self.graphvizEnvironment, timeout: timeLimit, input: input)
        } catch {
            throw .error(
                .diagramNoGraphviz,
                path, location, "cannot run Graphviz: \(SystemErrorText.reason(of: error))",
                notes: ["install the Debian package 'graphviz' (make site does it)"])
        }
        guard result.termination != .timedOut else {
            let name = tool.split(separator: "/").last.map(String.init) ?? tool
            let limitText = timeLimit == timeLimit.rounded() ? "\(Int(timeLimit)) s" : "\(timeLimit) s"
            throw .error(
                .diagramTimeout, path, location,
                "diagram: Graphviz's \(quoted: name) did not finish within \(limitText) and was stopped",
                notes: [
                    "draw a smaller graph (fewer nodes and edges, or split it), or raise the limit (now \(limitText)): --diagram-timeout SECONDS or LECTURE_DIAGRAM_TIMEOUT=SECONDS; book.toml's '[preprocessor.lecture] diagram-timeout' may only lower it"
                ])
        }
        return result
    }

    /// Graphviz's complaint, located at the Markdown line: its "line N" counts from the fence's
    /// next line.
    private func graphvizError(_ result: Subprocess.Result, path: String, location: SourceLocation) -> Diagnostic? {
        let messages = result.stderrText.split(separator: "\n").filter { !$0.hasPrefix("LECTURE-") }
        let errors = messages.filter { $0.contains("Error") || $0.contains("error") }
        guard !result.succeeded || !errors.isEmpty || result.stdout.isEmpty else { return nil }
        let message = (errors.first ?? messages.first).map(String.init) ?? "Graphviz failed"
        return Self.located(message, severity: .error, path: path, location: location)
    }

    /// One of Graphviz's messages as a diagnostic at the Markdown line: its "line N" counts from
    /// the fence's next line; without one, at the fence.
    static func located(_ message: String, severity: Diagnostic.Severity, path: String, location: SourceLocation)
        -> Diagnostic
    {
        var line = location.line
        if let range = message.range(of: "line "),
            let number = Int(message[range.upperBound...].prefix(while: \.isNumber))
        {
            line += number
        }
        var summary = message
        for prefix in ["Error: <stdin>: ", "Error: ", "Warning: <stdin>: ", "Warning: "] where summary.hasPrefix(prefix)
        {
            summary.removeFirst(prefix.count)
        }
        return Diagnostic(
            .diagram, severity, path, SourceLocation(line: line, column: location.column), "diagram: \(summary)")
    }

    /// Drops the XML prolog, doctype and comments dot writes before `<svg`, and prefixes every
    /// id Graphviz wrote (`graph0`, `node1`, `clust1`, …) and every `url(#…)` reference with
    /// `idPrefix`, so two diagrams on one page never share an id. The `pageN,M_` Graphviz puts
    /// before the ids of a run's second graph is dropped.
    static func inlineable(_ svg: String, idPrefix: String) -> String {
        guard let start = svg.range(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...])
            .replacing(#/ id="page[0-9]+,[0-9]+_/#, with: " id=\"")
            .replacingOccurrences(of: " id=\"", with: " id=\"\(idPrefix)-")
            .replacingOccurrences(of: "url(#", with: "url(#\(idPrefix)-")
    }
}

extension DiagramRenderer: Hashable {
    // By hand only because `commands` is a tuple: every stored property, as synthesis would.
    package static func == (a: DiagramRenderer, b: DiagramRenderer) -> Bool {
        a.cache == b.cache && a.graphvizVersion == b.graphvizVersion && a.commands == b.commands
            && a.fonts == b.fonts && a.timeLimit == b.timeLimit && a.run == b.run
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(cache)
        hasher.combine(graphvizVersion)
        hasher.combine(commands.dot)
        hasher.combine(commands.gvpr)
        hasher.combine(fonts)
        hasher.combine(timeLimit)
        hasher.combine(run)
    }
}
