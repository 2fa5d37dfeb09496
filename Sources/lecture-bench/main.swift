import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// `lecture-bench`: the benchmark behind `make bench`, and its input generators.
//
//   lecture-bench [run] [--lecture PATH] [--repo DIR] [--parts 1,2,3,4,5,6] [--pages 250,500,1000]
//                 [--samples N] [--runs N] [--hugo-runs N] [--sample-runs N] [--keep]
//   lecture-bench generate-book N DIR [--seed S]
//   lecture-bench generate-samples N DIR [--seed S]
//
// Progress goes to stderr; stdout gets the machine and one table.

let usage = """
    usage: lecture-bench [run] [--lecture PATH] [--repo DIR] [--parts 1,2,3,4,5,6] [--pages 250,500,1000]
                         [--samples N] [--runs N] [--hugo-runs N] [--sample-runs N] [--keep]
           lecture-bench generate-book N DIR [--seed S]
           lecture-bench generate-samples N DIR [--seed S]
    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("lecture-bench: \(message)\n".utf8))
    exit(status)
}

/// The command line, consumed option by option.
struct CommandLineArguments {
    var rest = Array(CommandLine.arguments.dropFirst())

    mutating func option(_ name: String) -> String? {
        guard let index = rest.firstIndex(of: name) else { return nil }
        guard index + 1 < rest.count else { fail("\(name) needs a value\n\(usage)") }
        let value = rest[index + 1]
        rest.removeSubrange(index...(index + 1))
        return value
    }

    mutating func flag(_ name: String) -> Bool {
        guard let index = rest.firstIndex(of: name) else { return false }
        rest.remove(at: index)
        return true
    }
}

func number(_ text: String, _ name: String) -> Int {
    guard let value = Int(text), value > 0 else { fail("\(name) takes a positive number, not '\(text)'") }
    return value
}

var args = CommandLineArguments()
if args.flag("--help") || args.flag("-h") {
    print(usage)
    exit(0)
}
let command = args.rest.first.map { $0.hasPrefix("-") ? "run" : $0 } ?? "run"
if args.rest.first == command { args.rest.removeFirst() }

switch command {
case "generate-book", "generate-samples":
    let seed = args.option("--seed").map { UInt64(number($0, "--seed")) }
    guard args.rest.count == 2 else { fail(usage) }
    let count = number(args.rest[0], "N")
    let directory = args.rest[1]
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
    (((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
    as NSString).deletingLastPathComponent
let lecture = URL(fileURLWithPath: args.option("--lecture") ?? ownDirectory + "/lecture").standardizedFileURL.path
let repo = args.option("--repo") ?? FileManager.default.currentDirectoryPath
let keep = args.flag("--keep")
guard FileManager.default.isExecutableFile(atPath: lecture) else {
    fail("no lecture executable at \(lecture) (build it, or pass --lecture PATH)")
}
guard FileManager.default.fileExists(atPath: repo + "/site-templates/page.html"),
    FileManager.default.fileExists(atPath: repo + "/content/SUMMARY.md")
else {
    fail("run from the repository root (site-templates/ and content/), or pass --repo DIR")
}

let temp: String = {
    var template = Array((NSTemporaryDirectory() + "/lecture-bench.XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fail("cannot create a temporary directory") }
    return String(cString: made)
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
if let parts = args.option("--parts") { bench.parts = Set(parts.split(separator: ",").compactMap { Int($0) }) }
if let pages = args.option("--pages") {
    bench.pageCounts = pages.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
}
if bench.pageCounts.isEmpty { fail("--pages takes counts such as 250,500,1000") }
if let count = args.option("--samples") { bench.sampleCount = number(count, "--samples") }
if let runs = args.option("--runs") { bench.buildRuns = number(runs, "--runs") }
if let runs = args.option("--sample-runs") { bench.sampleRuns = number(runs, "--sample-runs") }
if let runs = args.option("--hugo-runs") { bench.hugoRuns = number(runs, "--hugo-runs") }
if !args.rest.isEmpty { fail("unexpected argument '\(args.rest[0])'\n\(usage)") }

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
