import CommonMark
import Foundation

/// `lecture check`: sample verification alone, for CI.
struct CheckCommand: Subcommand {
    static let name = "check"
    static let abstract = "Compile and run every Swift sample and compare its output."
    static let usage = "lecture check [--content <dir>] [-j <n>] [--timeout <seconds>] [--no-cache] [--cache-dir <dir>] [--bless] [--report junit:<path>] [--shard <k>/<n>] [<file.md> ...]"
    static let discussion = """
        With files, exactly those Markdown files are checked (inside or outside the summary);
        without, every page of the summary. Ends with 'N passed, N failed' (', N skipped' when
        some are 'ignore'); a group of blocks counts as one sample. Exit status: 0 all passed,
        1 a sample failed or a page breaks a convention, 2 usage or setup error. Links, diagrams
        and tables are checked by 'lecture build', not here.
        """
    static let options = [
        CommonOptions.content, CommonOptions.jobs, CommonOptions.timeout, CommonOptions.noCache, CommonOptions.cacheDir,
        OptionSpec(["--bless"], help: "Write each sample's actual output into its output block."),
        OptionSpec(["--report"], value: "junit:path", help: "Also write the results as JUnit XML to <path>."),
        OptionSpec(["--shard"], value: "k/n", help: "Verify only shard k of n (1-based), for CI job matrices."),
    ]

    var content = "content"
    var cacheDirectory = Cache.defaultDirectory
    var options: SampleVerifier.Options
    var bless: Bool
    var reportPath: String?
    var shard: (index: Int, count: Int)?
    var files: [String]

    init(_ arguments: ParsedArguments) throws {
        if let content = arguments.value("content") { self.content = content }
        if let cache = arguments.value("cache-dir") { cacheDirectory = cache }
        options = try CommonOptions.verifierOptions(arguments)
        bless = arguments.has("bless")
        files = arguments.positionals
        if let report = arguments.value("report") {
            guard report.hasPrefix("junit:"), report.count > "junit:".count else {
                throw LectureError("error: --report takes 'junit:PATH', not '\(report)'")
            }
            reportPath = String(report.dropFirst("junit:".count))
        }
        if let value = arguments.value("shard") {
            let parts = value.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw LectureError("error: --shard takes K/N with 1 ≤ K ≤ N, not '\(value)'")
            }
            shard = (k, n)
        }
    }

    func validate() throws {
        for file in files where !file.hasSuffix(".md") {
            throw LectureError("error: '\(file)' is not a Markdown file (.md)")
        }
    }

    func run(console: Console) throws -> Int32 {
        let trap = try Interruption.install()
        defer { trap.restore() }
        var diagnostics: [Diagnostic] = []
        var sources: [SourceFile] = []
        if files.isEmpty {
            // Without the folder or its summary there is nothing to check: a setup error (exit 2).
            guard FileSystem.isDirectory(content) else {
                throw LectureError("\(content): error: content folder does not exist\n    pass the folder that holds SUMMARY.md with --content DIR")
            }
            guard FileSystem.exists(FileSystem.join(content, "SUMMARY.md")) else {
                throw LectureError("\(FileSystem.join(content, "SUMMARY.md")): error: summary file does not exist")
            }
            let loaded = ContentLoader.load(contentDirectory: content)
            diagnostics += loaded.diagnostics
            sources = loaded.files
        } else {
            var seen = Set<String>()
            let unique = files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
            for file in unique where !FileSystem.exists(file) || FileSystem.isDirectory(file) {
                throw LectureError("\(file): error: file does not exist")
            }
            for file in unique {
                guard let bytes = try? FileSystem.read(file) else {
                    throw LectureError("\(file): error: cannot read file")
                }
                switch SourceFileReader.decode(bytes, displayPath: file, relativePath: file) {
                case .success(let source): sources.append(source)
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                }
            }
        }
        let extracted = SampleStage.extract(sources.map { ($0, MarkdownParser.parse($0.text)) })
        diagnostics += extracted.diagnostics
        var samples = extracted.samples
        if let shard {
            samples = samples.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        console.report(diagnostics)

        var results: [SampleResult] = []
        if !samples.isEmpty {
            let stage = try SampleStage.prepare(cacheDirectory: cacheDirectory, options: options)
            results = stage.verify(samples, console: console)
        }
        if bless { results = try blessed(results, sources: sources, console: console) }
        console.report(results.flatMap(\.diagnostics).sortedForReading())

        let passed = results.filter { $0.outcome == .passed }.count
        let failed = results.filter { $0.outcome == .failed }.count
        let skipped = results.filter { $0.outcome == .skipped }.count
        let contentErrors = diagnostics.filter { $0.severity == .error }
        if let reportPath {
            try FileSystem.writeAtomically(JUnitReport.xml(results, extraFailures: contentErrors), to: reportPath)
        }
        var closing = "\(passed) passed, \(failed + contentErrors.count) failed"
        if skipped > 0 { closing += ", \(skipped) skipped" }
        console.print(closing)
        return failed + contentErrors.count == 0 ? 0 : 1
    }

    /// Rewrites output blocks of samples whose only failure is their output, then counts them passed.
    private func blessed(_ results: [SampleResult], sources: [SourceFile], console: Console) throws -> [SampleResult] {
        var results = results
        var byPath: [String: [(Sample, String)]] = [:]
        for index in results.indices where results[index].outcome == .failed {
            let result = results[index]
            guard let output = result.actualOutput, result.sample.mode == .run else { continue }
            let errors = result.diagnostics.filter { $0.severity == .error }
            let onlyOutput = errors.allSatisfy { $0.summary == "output does not match the expected output" || $0.summary == "sample has no output block" }
            guard onlyOutput else { continue }
            byPath[result.sample.path, default: []].append((result.sample, output))
            results[index].outcome = .passed
            results[index].diagnostics.removeAll { $0.severity == .error }
        }
        for (path, outputs) in byPath.sorted(by: { $0.key < $1.key }) {
            var bytes = try FileSystem.read(path)
            var bom = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bom = true; bytes.removeFirst(3) }
            let original = String(decoding: bytes, as: UTF8.self)
            let updated = Bless.apply(original, outputs: outputs.map { (sample: $0.0, output: $0.1) })
            try FileSystem.writeAtomically((bom ? [0xEF, 0xBB, 0xBF] : []) + Array(updated.utf8), to: path)
            console.print("blessed \(outputs.count) output block\(outputs.count == 1 ? "" : "s") in \(path)")
        }
        return results
    }
}
