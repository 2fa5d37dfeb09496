import CommonMark
import Foundation

/// The libFuzzer target's body (`make fuzz`, `Sources/lecture-fuzz`): arbitrary bytes through
/// load → parse → transform → render, as a page, as `SUMMARY.md`, as the body of a ```` ```table ````
/// or of a ```` ```dot ```` block, and as the SVG Graphviz would return for it (see `Shape`).
///
/// Nothing is executed: samples are extracted and rendered but never compiled or run, and the
/// diagram renderer is given no Graphviz (`graphvizVersion` nil), so a `dot` block takes the path
/// of a missing Graphviz and the SVG post-processing gets the bytes directly. The content folder
/// is a private temporary folder, written once per input (the load stage reads the disk, as in a
/// build). Any trap, sanitizer report, leak or input taking over a second (libFuzzer's `-timeout`)
/// is a bug; the regressions it found are `FuzzRegressionTests`.
public final class FuzzTarget: @unchecked Sendable {
    /// The content folder (`SUMMARY.md`, `fuzz.md`, `other.md`), removed by `close()`.
    public let contentDirectory: String
    /// The folder holding the content and cache folders.
    private let root: String
    private let templates: Templates
    private let cacheDirectory: String
    /// The ids `page.html` gives its own elements.
    private let templateIDs: Set<String>

    /// The summary every page-shaped input is listed in.
    static let summary = "# Fuzz\n\n- [Other](other.md)\n    - [Fuzz](fuzz.md)\n"
    /// A second page, for links and anchors between pages.
    static let other = "# Other\n\n## Nested\n\n[back](fuzz.md#fuzz) and [table](fuzz.md#lecture-table-1)\n"
    /// The page a summary-shaped input lists (if it lists it).
    static let page =
        "# Fuzz\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n\n| a | b |\n|---|---|\n| ✔ | x |\n\n[o](other.md#nested)\n"

    /// Creates the content and cache folders under the temporary directory.
    /// - Throws: `LectureError` when they cannot be written.
    public init() throws {
        // Memory-backed where there is one: each input is written there twice.
        let base = FileSystem.isDirectory("/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        root = FileSystem.join(base, "lecture-fuzz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        contentDirectory = FileSystem.join(root, "content")
        cacheDirectory = FileSystem.join(root, "cache")
        try FileSystem.writeAtomically(Array(Self.other.utf8), to: FileSystem.join(contentDirectory, "other.md"))
        let theme = try DefaultTheme.directory(cacheDirectory: cacheDirectory)
        guard case .success(let loaded) = Templates.load(directory: theme) else {
            throw LectureError("error: the built-in theme does not load")
        }
        templates = loaded
        let page = (try? FileSystem.read(FileSystem.join(theme, "page.html"))) ?? []
        templateIDs = BuildPipeline.ids(in: String(decoding: page, as: UTF8.self))
    }

    /// Removes the temporary folders.
    public func close() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The shape an input's first byte selects; any other first byte makes the whole input a page.
    public enum Shape: UInt8, CaseIterable, Sendable {
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
    public func run(_ bytes: [UInt8]) -> Int {
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
            _ = TableRenderer.render(
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

    /// Load, parse, transform and render one book; returns the pages rendered (0 when the load
    /// stage reported an error).
    func build(summary: [UInt8], page: [UInt8]) -> Int {
        // Plain writes: Foundation's atomic write syncs the disk, which took most of a run.
        guard SiteWriter.writeFile(summary, to: FileSystem.join(contentDirectory, "SUMMARY.md")),
            SiteWriter.writeFile(page, to: FileSystem.join(contentDirectory, "fuzz.md"))
        else { return 0 }
        var configuration = BuildConfiguration()
        configuration.contentDirectory = contentDirectory
        configuration.cacheDirectory = cacheDirectory
        configuration.verifier.jobs = 1
        let pipeline = BuildPipeline(configuration: configuration, console: Console(recordingInto: { _ in }))
        // Load
        let loaded = ContentLoader.load(contentDirectory: contentDirectory)
        guard !loaded.book.flattened.isEmpty else { return 0 }
        // Parse
        var pages = pipeline.parse(loaded)
        // Transform, without running anything
        var diagnostics = loaded.diagnostics
        let extracted = SampleStage.extract(pages.map { ($0.source, $0.blocks) })
        diagnostics += extracted.diagnostics
        let diagrams = DiagramRenderer(cache: Cache(directory: cacheDirectory), graphvizVersion: nil)
        let original = pages.map(\.blocks)
        for index in pages.indices {
            var problems: [Diagnostic] = []
            pages[index] = transform(
                pages[index], samples: extracted.samples.filter { $0.path == pages[index].source.displayPath },
                diagrams: diagrams, problems: &problems)
            diagnostics += problems
        }
        diagnostics += LinkChecker.check(pages, originalBlocks: original, contentFiles: [])
        // A build stops before rendering on any error; rendering a page with a broken link or
        // table is still safe, so only what the load stage refused stops the render here.
        guard !loaded.diagnostics.hasErrors else { return 0 }
        // Render
        let site = pipeline.render(pages, book: loaded.book, templates: templates, swiftVersion: "Swift 6")
        _ = EmittedLinkChecker.check(
            site, siteURL: "/", optional: [], outputDirectory: "/nonexistent", jobs: 1)
        return pages.count
    }

    /// The transform stage's per-page work (`BuildPipeline.transform`) with unverified samples and
    /// no Graphviz.
    func transform(_ page: Page, samples: [Sample], diagrams: DiagramRenderer, problems: inout [Diagnostic])
        -> Page
    {
        var page = page
        page.blocks = SampleRendering.apply(to: page.blocks, samples: samples, swiftVersion: "Swift 6")
        let path = page.source.displayPath
        let lines = page.source.text.split(separator: "\n", omittingEmptySubsequences: false)
        var figures = 0
        var found: [Diagnostic] = []
        page.blocks = BlockWalk.rewrite(page.blocks) { block in
            if case .paragraph = block.kind, case .table(let rows) = PipeTableParagraph.read(block.range, lines: lines)
            {
                figures += 1
                if case .success(let html) = TableRenderer.render(
                    rows, caption: nil, id: "lecture-table-\(figures)", path: path, location: block.range.start)
                {
                    return [Block(.html(html), range: block.range)]
                }
                return [block]
            }
            guard case .codeBlock(let code) = block.kind, code.isFenced else { return [block] }
            let info = InfoString(code.info)
            figures += 1
            let result: Result<String, DiagnosticsError>
            if info.language == DiagramRenderer.language {
                result = diagrams.render(
                    code.code, info: info, id: "lecture-diagram-\(figures)", path: path, location: block.range.start,
                    warnings: &found
                )
                .mapError { DiagnosticsError([$0]) }
            } else if info.language == TableRenderer.language {
                result = TableRenderer.render(
                    code.code, caption: info.value("caption"), id: "lecture-table-\(figures)", path: path,
                    location: block.range.start)
            } else {
                return [block]
            }
            switch result {
            case .success(let html): return [Block(.html(html), range: block.range)]
            case .failure(let error):
                found += error.diagnostics.filter { $0.severity != .error }
                return [block]
            }
        }
        problems += found
        let anchored = HeadingAnchors.apply(to: page.blocks, reserved: templateIDs)
        page.blocks = LinkRewriter.apply(to: anchored.blocks)
        page.headings = anchored.headings
        problems += BuildPipeline.headingOrderWarnings(page.blocks, path: path)
        problems += LiteralLinks.warnings(page.blocks, source: page.source)
        return page
    }
}
