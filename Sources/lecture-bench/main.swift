import Dispatch
import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

// `lecture-bench`: the benchmark behind `make bench` (`lecture-bench [run]`), and its input
// generators (`generate-book`, `generate-samples`); `usage` (BenchOptions.swift) lists the options.
//
// Progress goes to stderr; stdout gets the machine and one table.

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("lecture-bench: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
let command = arguments.first.map { $0.hasPrefix("-") ? "run" : $0 } ?? "run"
let rest = arguments.first == command ? Array(arguments.dropFirst()) : arguments

/// The options `rest` gives, or the end of the run with the parser's message.
func parsed<Values: ParsableOptions>(
    _ rest: [String], _ options: [Option<Values>], _ positionals: [Positional<Values>] = [], command: String
) -> Values {
    do {
        return try CommandLineParser.parse(
            rest, options: options, positionals: positionals, into: Values(), command: command)
    } catch let error as LectureError {
        fail("\(error.message)\n\(usage)")
    } catch {
        fail("\(error)")
    }
}

switch command {
case "generate-shape":
    // `generate-shape SHAPE N DIR`: part 7's book of that shape and N pages, for profiling by hand.
    let options = parsed(
        rest, GeneratorOptions.options, GeneratorOptions.positionals, command: "lecture-bench \(command)")
    guard options.arguments.count == 3 else { fail(usage) }
    let count: Int
    do { count = try positive("N")(options.arguments[1]) } catch { fail("\(error)") }
    let shapes: [String: (Int) -> Shape] = [
        "small-book": { Shape.smallBook($0) }, "many-pages": { Shape.manyPages($0) },
        "long-pages": { Shape.longPages($0, bytes: 4_000_000) },
        "deep-nesting": { Shape.deepNesting($0) }, "code-heavy": { Shape.codeHeavy($0) },
    ]
    guard let make = shapes[options.arguments[0]] else {
        fail("unknown shape '\(options.arguments[0])': \(shapes.keys.sorted().joined(separator: ", "))")
    }
    let shape = make(count)
    do { try shape.write(into: options.arguments[2]) } catch { fail("\(error)") }
    print(
        "Wrote \(shape.summary), \(Format.bytes(shape.markdownBytes)), to \(options.arguments[2])/ (book.toml, content/)"
    )
    exit(0)
case "generate-book", "generate-samples":
    let options = parsed(
        rest, GeneratorOptions.options, GeneratorOptions.positionals, command: "lecture-bench \(command)")
    guard options.arguments.count == 2 else { fail(usage) }
    let count: Int
    do { count = try positive("N")(options.arguments[0]) } catch { fail("\(error)") }
    let seed = options.seed
    let directory = options.arguments[1]
    do {
        if command == "generate-book" {
            try Generator.write(Generator.book(pages: count, seed: seed ?? 2024).files, into: directory)
            print("Wrote a book of \(count) pages to \(directory)/ (SUMMARY.md and part-*/page-*.md)")
        } else {
            try Generator.write(Generator.samples(count: count, seed: seed ?? 7), into: directory)
            print("Wrote \(count) samples to \(directory)/ (SUMMARY.md and samples-*.md)")
        }
    } catch {
        fail("\(error)")
    }
    exit(0)
case "run":
    break
default:
    fail("unknown command '\(command)'\n\(usage)")
}

// MARK: run

let ownDirectory =
    FileSystem.parent(
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
let options = parsed(rest, BenchOptions.options, command: "lecture-bench")
let lecture = URL(fileURLWithPath: options.lecture ?? ownDirectory + "/lecture").standardizedFileURL.path
let repo = options.repo ?? FileManager.default.currentDirectoryPath
let keep = options.keep
guard FileManager.default.isExecutableFile(atPath: lecture) else {
    fail("no lecture executable at \(lecture) (build it, or pass --lecture PATH)")
}
guard FileManager.default.fileExists(atPath: repo + "/site-templates/page.html"),
    FileManager.default.fileExists(atPath: repo + "/content/SUMMARY.md")
else {
    fail("run from the repository root (site-templates/ and content/), or pass --repo DIR")
}

let temp: String = {
    guard let made = try? FileSystem.makeTemporaryDirectory(prefix: "lecture-bench") else {
        fail("cannot create a temporary directory")
    }
    return made
}()
Run.scratch = temp
let cleanUp: @Sendable () -> Void = { [temp, keep] in
    if keep { note("kept \(temp)") } else { try? FileManager.default.removeItem(atPath: temp) }
}
// Ctrl-C or a kill: stop the measured child, remove the temporary data.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let signalSources = [SIGINT, SIGTERM].map { sig in
    let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
    source.setEventHandler {
        Run.killCurrent()
        cleanUp()
        exit(130)
    }
    source.resume()
    return source
}

var bench = Bench(lecture: lecture, repo: repo, temp: temp)
if let parts = options.parts { bench.parts = parts }
if let pages = options.pages { bench.pageCounts = pages }
if let count = options.samples { bench.sampleCount = count }
if let runs = options.runs { bench.buildRuns = runs }
if let runs = options.sampleRuns { bench.sampleRuns = runs }
if let runs = options.hugoRuns { bench.hugoRuns = runs }
if options.quick {
    bench.quick = true
    if options.pages == nil { bench.pageCounts = [100, 250] }
    if options.runs == nil { bench.buildRuns = 2 }
    if options.hugoRuns == nil { bench.hugoRuns = 1 }
    if options.samples == nil { bench.sampleCount = 30 }
    if options.sampleRuns == nil { bench.sampleRuns = 2 }
    bench.shapeRounds = 3
    bench.shapePages = 250
    bench.memoryPages = [1_000]
}
if let rounds = options.shapeRounds { bench.shapeRounds = rounds }
if let pages = options.shapePages { bench.shapePages = pages }
if let pages = options.memoryPages { bench.memoryPages = pages }
if let shapes = options.shapes { bench.shapes = shapes }
bench.mdbook =
    options.mdbook ?? [repo + "/.build/venv/bin/mdbook"].first { FileManager.default.isExecutableFile(atPath: $0) }
    ?? Run.which("mdbook")

// The machine, first.
let cpu =
    Files.read("/proc/cpuinfo").split(separator: "\n").first { $0.hasPrefix("model name") }
    .map { $0.split(separator: ":", maxSplits: 1).last!.trimmingCharacters(in: .whitespaces) } ?? "unknown"
let memory =
    Files.read("/proc/meminfo").split(separator: "\n").first { $0.hasPrefix("MemTotal") }
    .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }.map {
        String(format: "%.1f GiB", Double($0) / 1_048_576)
    } ?? "unknown"
let swiftLine = Run.firstLine("swift", ["--version"]) ?? "swift: not found"
print("lecture-bench — \(ISO8601DateFormatter().string(from: Date()))")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores (nproc), \(cpu), \(memory) RAM")
print("swift:   \(swiftLine)")
print(
    "tools:   \(Run.firstLine("cmark", ["--version"]) ?? "cmark: not found") · \(Run.firstLine("hugo", ["version"]).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } ?? "hugo: not found")"
)
print("lecture: \(lecture)")
if let mdbook = bench.mdbook {
    bench.mdbookVersion = Run.firstLine(mdbook, ["--version"])?.split(separator: " ").last.map(String.init) ?? ""
    print("mdbook:  \(mdbook) (\(bench.mdbookVersion))")
}
func loadAverage() -> String { Files.read("/proc/loadavg").split(separator: " ").prefix(3).joined(separator: " ") }
print("load:    \(loadAverage()) (1, 5, 15 min) at the start; other work on the machine skews the figures")
FileHandle.standardOutput.synchronizeFile()

let started = now()
do {
    try bench.run()
} catch {
    note("error: \(error)")
    if !bench.rows.isEmpty {
        print("")
        print(Table.render(bench.rows))
    }
    cleanUp()
    exit(1)
}
print("")
print(Table.render(bench.rows), terminator: "")
print(
    String(format: "(bench took %.0f s; ", now() - started)
        + "load average \(loadAverage()) at the end; times are wall clock; ratios against the baseline measured in this run)"
)
cleanUp()
// A missed goal is a measurement, not an error; a sample run that failed is.
exit(bench.rows.contains { $0.result.hasPrefix("FAILED") } ? 1 : 0)
