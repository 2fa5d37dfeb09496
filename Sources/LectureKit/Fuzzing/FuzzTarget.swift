import CommonMark
import Foundation
import LectureSupport

/// The libFuzzer target's body (`make fuzz`, `Sources/lecture-fuzz`): arbitrary bytes through
/// load → parse → transform → render, as a page, as `SUMMARY.md`, as the body of a ```` ```table ````
/// or of a ```` ```dot ```` block, and as the SVG Graphviz would return for it (see `Shape`).
///
/// It runs the build's own steps (`BuildStep`: Load, Parse, Figures, Anchors, Links, Render; a
/// failing step stops it as it stops a build) with nothing executed: samples are extracted and
/// rendered but never compiled or run (no `Samples` step), the probes answer "no compiler" and a
/// renderer whose Graphviz is never started, and a diagram's drawing comes from the cache, where
/// the target first puts the block's own bytes as the SVG (so the SVG post-processing sees them).
/// The content folder is a private temporary folder (in `/dev/shm` where there is one), written
/// once per input: the Load step reads the disk, as in a build. Nothing is written but that
/// folder and the cache (no `Write` step). Any trap, sanitizer report, leak or input taking over
/// a second (libFuzzer's `-timeout`) is a bug; the inputs that were are in `Tests/Fuzz/regressions`.
package final class FuzzTarget: Sendable {
    /// The content folder (`SUMMARY.md`, `fuzz.md`, `other.md`), removed by `close()`.
    package let contentDirectory: String
    /// The folder holding the content and cache folders.
    private let root: String
    /// The built-in theme, written out once.
    private let theme: String
    private let cacheDirectory: String

    /// The summary every page-shaped input is listed in.
    static let summary = "# Fuzz\n\n- [Other](other.md)\n    - [Fuzz](fuzz.md)\n"
    /// A second page, for links and anchors between pages.
    static let other = "# Other\n\n## Nested\n\n[back](fuzz.md)\n"
    /// The page a summary-shaped input lists (if it lists it).
    static let page =
        "# Fuzz\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n\n| a | b |\n|---|---|\n| ✔ | x |\n\n[o](other.md#nested)\n"

    /// Creates the content and cache folders under the temporary directory.
    /// - Throws: `LectureError` when they cannot be written.
    package init() throws {
        // Memory-backed where there is one: each input is written there twice.
        let base = FileSystem.isDirectory("/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        root = FileSystem.join(base, "lecture-fuzz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        contentDirectory = FileSystem.join(root, "content")
        cacheDirectory = FileSystem.join(root, "cache")
        try FileSystem.writeAtomically(Array(Self.other.utf8), to: FileSystem.join(contentDirectory, "other.md"))
        theme = try DefaultTheme.directory(cacheDirectory: cacheDirectory)
    }

    /// Removes the temporary folders.
    package func close() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The shape an input's first byte selects; any other first byte makes the whole input a page.
    enum Shape: UInt8, CaseIterable, Sendable {
        /// The rest is `SUMMARY.md`.
        case summary = 1
        /// The rest is the body of a ```` ```table ```` block on a page.
        case table = 2
        /// The rest is the body of a ```` ```dot ```` block on a page, and the SVG Graphviz returns.
        case diagram = 3
    }

    /// Runs one input: `bytes` as a page, or, when its first byte is a `Shape`, the rest in that
    /// shape (one shape per input keeps each run short; libFuzzer mutates the first byte too).
    /// Returns the number of pages rendered (for tests).
    @discardableResult
    package func run(_ bytes: [UInt8]) -> Int {
        guard let first = bytes.first, let shape = Shape(rawValue: first) else {
            // As a page (the bytes as they are: the load stage sees invalid UTF-8, BOMs and CRs).
            return build(summary: Array(Self.summary.utf8), page: bytes)
        }
        let rest = Array(bytes.dropFirst())
        let text = String(decoding: rest, as: UTF8.self)
        switch shape {
        case .summary:
            return build(summary: rest, page: Array(Self.page.utf8))
        case .table:
            _ = try? TableRenderer.render(
                text, caption: nil, id: "t", path: "fuzz.md", location: SourceLocation(line: 1, column: 1))
            return build(summary: Array(Self.summary.utf8), page: Array(Self.fenced(text, TableRenderer.language).utf8))
        case .diagram:
            // As Graphviz's SVG for a diagram: the layouts read its sizes, the ids get prefixed.
            let wide = DiagramLayout(svg: text)
            _ = wide.html(class: "diagram-wide")
            _ = DiagramLayout.breakpoint(fitting: wide, insteadOf: DiagramLayout(svg: text + text))
            _ = DiagramRenderer.inlineable(text, idPrefix: "d")
            return build(
                summary: Array(Self.summary.utf8), page: Array(Self.fenced(text, DiagramRenderer.language).utf8))
        }
    }

    /// A page holding `text` as the body of a block with info string `language`, fenced by more
    /// backticks than any run inside it.
    static func fenced(_ text: String, _ language: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
        return "# Fuzz\n\n\(fence)\(language) caption=\"c\" alt=\"a\"\n\(text)\n\(fence)\n"
    }

    /// The longest run of backticks in `text`.
    static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for byte in text.utf8 {
            run = byte == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// The steps run: a build's, less `Samples` (which compiles and runs) and `Write`.
    /// A broken link stops a build before `Render`; here it does not, so an input with one
    /// (most pages of the lecture, alone in this book, have some) is rendered too.
    static let steps: [BuildStep] =
        ([.load, .parse, .extractedSamples, .figures, .anchors, .links, .render] as [BuildStep]).map {
            var step = $0
            step.stopsOnErrors = false
            return step
        }

    /// Load, parse, transform and render one book; returns the pages rendered (0 when a step
    /// stopped the build, as it would stop `lecture build`).
    func build(summary: [UInt8], page: [UInt8]) -> Int {
        // Plain writes: Foundation's atomic write syncs the disk, which took most of a run.
        guard SiteWriter.writeFile(summary, to: FileSystem.join(contentDirectory, "SUMMARY.md")),
            SiteWriter.writeFile(page, to: FileSystem.join(contentDirectory, "fuzz.md"))
        else { return 0 }
        var configuration = BuildConfiguration()
        configuration.contentDirectory = contentDirectory
        configuration.templatesDirectory = theme
        configuration.outputDirectory = FileSystem.join(root, "site")
        configuration.cacheDirectory = cacheDirectory
        configuration.run.jobs = 1
        configuration.buildDate = "2026-01-01"
        // Probes given: no compiler, and a renderer that never starts Graphviz.
        var renderer = DiagramRenderer(
            cache: Cache(directory: cacheDirectory), graphvizVersion: "fuzz", run: configuration.run)
        renderer.commands = (dot: "/nonexistent/dot", gvpr: "/nonexistent/gvpr")
        drawnFromCache(page, renderer: renderer)
        var context = BuildContext(
            configuration: configuration, console: Console(recordingInto: { _ in }),
            probes: Probes(toolchain: nil, diagrams: renderer))
        do {
            // No memory: a page's stat signature may repeat within a second.
            try BuildPipeline.run(Self.steps, on: &context, memory: nil)
        } catch {
            return 0
        }
        return context.site.generated.isEmpty ? 0 : context.pages.count
    }

    /// Puts each `dot` block's own text in the cache as its drawing, so the block is "drawn"
    /// without Graphviz and its bytes go through the SVG post-processing.
    func drawnFromCache(_ page: [UInt8], renderer: DiagramRenderer) {
        let text = String(decoding: page, as: UTF8.self)
        guard text.contains(DiagramRenderer.language) else { return }
        var figure = 0
        _ = MarkdownParser.parse(text).rewritingLeafBlocks { block in
            guard case .codeBlock(let code) = block.kind, code.isFenced else { return nil }
            guard let kind = FigureKind(language: InfoString(code.info).language) else { return nil }
            figure += 1
            guard kind == .diagram else { return nil }
            let drawing = DiagramRenderer.Rendered(svg: code.code, narrowSVG: code.code + code.code, label: "")
            if let data = try? JSONEncoder().encode(drawing) {
                renderer.cache.write(
                    kind: .diagrams, key: renderer.key(code.code, id: FigureKind.diagram.id(figure)), Array(data))
            }
            return nil
        }
    }
}

extension BuildStep {
    /// `Samples` without compiling or running anything: every page's samples extracted, so
    /// `Figures` renders them (unverified), for `FuzzTarget`.
    static let extractedSamples: BuildStep = {
        var step = BuildStep.samples
        step.book = { (context: inout BuildContext, _) in context.samples = context.pages.flatMap(\.samples) }
        return step
    }()
}
